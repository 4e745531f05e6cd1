import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';
import { createTimelineSlice, type TimelineSlice } from './timeline-slice';

describe('timeline slice', () => {
  it('keeps a failed load as the typed error and words it in the interface language when shown', async () => {
    // A damaged index is being rebuilt: the engine's typed error, as the client rejects with it.
    const store = createStore<TimelineSlice>()(
      createTimelineSlice({
        timeline: async () => {
          throw new ApiError(new MemoryLensError('INDEX_CORRUPT', { messageId: 'errors:index.damaged' }).toValue());
        },
      }),
    );
    await store.getState().loadTimeline();
    const error = store.getState().timeline.error!;
    expect(shownText(translator('zh-CN'), error)).toBe('索引已损坏，正在根据文件重建，请稍后再试。');
    expect(shownText(translator('en'), error)).toBe(
      'The index is damaged and is being rebuilt from the files; try again shortly.',
    );
  });
});
