import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { MemoryLensError } from '../../../../../shared/errors';
import { translator } from '../../../../../shared/i18n';
import { ApiError } from '../../../api/api-error';
import { shownText } from '../../../lib/error-message';
import { createFilesSlice, type FilesPort, type FilesSlice } from './files-slice';

const unused = async (): Promise<never> => {
  throw new Error('not used');
};

describe('files slice', () => {
  it('keeps a failed file list as the typed error and words it in the interface language when shown', async () => {
    // The index is being rebuilt: the engine's typed error, as the client rejects with it.
    const port: FilesPort = {
      listFiles: async () => {
        throw new ApiError(
          new MemoryLensError('UNAVAILABLE', {
            messageId: 'errors:index.rebuilding',
            params: { reason: 'model-change' },
          }).toValue(),
        );
      },
      createFile: unused,
      renameFile: unused,
      deleteFile: unused,
      readFile: unused,
    };
    const store = createStore<FilesSlice>()(createFilesSlice(port));
    await store.getState().loadFiles();
    const error = store.getState().files.error!;
    expect(shownText(translator('zh-CN'), error)).toBe('索引正在重建（model-change），请稍后再试。');
    expect(shownText(translator('en'), error)).toBe('The index is being rebuilt (model-change); try again shortly.');
  });
});
