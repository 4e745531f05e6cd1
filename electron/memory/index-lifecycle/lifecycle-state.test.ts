import { describe, expect, it } from 'vitest';
import type { IndexLifecycle, IndexLifecycleState } from '../../../shared/domain.js';
import { nextLifecycle, openedLifecycle, searchNoticeFor } from './lifecycle-state.js';
import type { LifecycleEvent } from './lifecycle-state.js';
import { localText, translator } from '../../../shared/i18n.js';
import { lifecycleReasonOf, lifecycleReasons, lifecycleWith } from '../../../shared/index-reasons.js';

/** A reason as SQLite or the system words it (no message id). */
const r = (message: string) => ({ message });

const STATES: IndexLifecycleState[] = ['serving', 'stale', 'rebuilding', 'damaged', 'recovering', 'closed'];
const at = (state: IndexLifecycleState): IndexLifecycle => ({ state, reason: state === 'serving' ? null : 'because' });

const EVENTS: Record<string, LifecycleEvent> = {
  'opened fine': { type: 'opened', staleReason: null, quarantinedReason: null },
  'opened stale': { type: 'opened', staleReason: r('model changed'), quarantinedReason: null },
  'opened quarantined': { type: 'opened', staleReason: null, quarantinedReason: r('bad header') },
  'rebuild-started': { type: 'rebuild-started', reason: r('model changed') },
  'rebuild-waiting': { type: 'rebuild-waiting', reason: r('pid 7 is rebuilding it') },
  'rebuild-finished': { type: 'rebuild-finished' },
  'rebuild-failed': { type: 'rebuild-failed', reason: r('disk full') },
  'damage-found': { type: 'damage-found', reason: r('the index file was deleted') },
  quarantined: { type: 'quarantined', reason: r('the index file was deleted') },
  'recovery-finished': { type: 'recovery-finished' },
  closed: { type: 'closed' },
};

// Every (state, event) pair: the state it leads to, or '-' when the event is ignored there.
const TABLE: Record<string, Record<IndexLifecycleState, IndexLifecycleState | '-'>> = {
  'opened fine': {
    serving: 'serving',
    stale: 'serving',
    rebuilding: 'serving',
    damaged: 'serving',
    recovering: 'serving',
    closed: '-',
  },
  'opened stale': {
    serving: 'stale',
    stale: 'stale',
    rebuilding: 'stale',
    damaged: 'stale',
    recovering: 'stale',
    closed: '-',
  },
  'opened quarantined': {
    serving: 'recovering',
    stale: 'recovering',
    rebuilding: 'recovering',
    damaged: 'recovering',
    recovering: 'recovering',
    closed: '-',
  },
  'rebuild-started': {
    serving: '-',
    stale: 'rebuilding',
    rebuilding: 'rebuilding',
    damaged: '-',
    recovering: '-',
    closed: '-',
  },
  'rebuild-waiting': {
    serving: '-',
    stale: 'rebuilding',
    rebuilding: 'rebuilding',
    damaged: '-',
    recovering: '-',
    closed: '-',
  },
  'rebuild-finished': { serving: '-', stale: '-', rebuilding: 'serving', damaged: '-', recovering: '-', closed: '-' },
  'rebuild-failed': { serving: '-', stale: '-', rebuilding: 'stale', damaged: '-', recovering: '-', closed: '-' },
  'damage-found': {
    serving: 'damaged',
    stale: 'damaged',
    rebuilding: '-',
    damaged: '-',
    recovering: 'damaged',
    closed: '-',
  },
  quarantined: { serving: '-', stale: '-', rebuilding: '-', damaged: 'recovering', recovering: '-', closed: '-' },
  'recovery-finished': { serving: '-', stale: '-', rebuilding: '-', damaged: '-', recovering: 'serving', closed: '-' },
  closed: {
    serving: 'closed',
    stale: 'closed',
    rebuilding: 'closed',
    damaged: 'closed',
    recovering: 'closed',
    closed: '-',
  },
};

describe('nextLifecycle', () => {
  for (const [name, row] of Object.entries(TABLE)) {
    it(`${name}: leads where the documented table says, from every state`, () => {
      const got = Object.fromEntries(
        STATES.map((state) => [state, nextLifecycle(at(state), EVENTS[name]!)?.state ?? '-']),
      );
      expect(got).toEqual(row);
    });
  }

  it('a second damage report while one is pending changes nothing (one recovery, not two)', () => {
    const damaged = nextLifecycle(at('serving'), { type: 'damage-found', reason: r('SQLITE_CORRUPT') })!;
    expect(damaged).toEqual({ state: 'damaged', reason: 'SQLITE_CORRUPT' });
    expect(nextLifecycle(damaged, { type: 'damage-found', reason: r('again') })).toBeNull();
  });

  it('carries the reason a user reads: the rebuild cause, the damage, the wait', () => {
    expect(
      nextLifecycle(at('stale'), {
        type: 'rebuild-waiting',
        reason: r('another Memory Lens process (pid 7) is rebuilding it'),
      }),
    ).toEqual({
      state: 'rebuilding',
      reason: 'another Memory Lens process (pid 7) is rebuilding it',
    });
    expect(nextLifecycle(at('damaged'), { type: 'quarantined', reason: r('the index file was deleted') })?.reason).toBe(
      'the index file was deleted',
    );
    expect(nextLifecycle(at('rebuilding'), { type: 'rebuild-finished' })).toEqual({ state: 'serving', reason: null });
  });

  it('a quarantine at open starts in recovering, before any stale reason', () => {
    expect(openedLifecycle(r('model changed'), r('bad header'))).toEqual({ state: 'recovering', reason: 'bad header' });
  });
});

describe('searchNoticeFor', () => {
  it('says "index-building" in every state where results are missing or come from an old index, and nothing when serving', () => {
    expect(searchNoticeFor({ state: 'serving', reason: null })).toBeNull();
    expect(searchNoticeFor({ state: 'rebuilding', reason: 'model changed' })).toMatchObject({
      code: 'index-building',
      message: 'The index is being rebuilt (model changed); results come from the previous index until it is done.',
    });
    expect(searchNoticeFor({ state: 'damaged', reason: 'the index file was deleted' })?.message).toMatch(
      /damaged \(the index file was deleted\)/,
    );
    expect(searchNoticeFor({ state: 'recovering', reason: 'the index file was deleted' })?.message).toMatch(
      /incomplete until it is done/,
    );
  });

  it("words the notice and the reason inside it in a Chinese interface's language, the English unchanged", () => {
    const zh = translator('zh-CN');
    const waiting = nextLifecycle(at('stale'), {
      type: 'rebuild-waiting',
      reason: lifecycleReasons.rebuildingElsewhere(
        { pid: 7, hostname: 'here', here: true },
        lifecycleReasons.modelChanged('a', 'b'),
      ),
    })!;
    expect(waiting.reason).toBe(
      'another Memory Lens process (pid 7) is rebuilding it: embedding model changed from a to b',
    );
    expect(localText(zh, lifecycleReasonOf(waiting)!)).toBe(
      '另一个 Memory Lens 进程（pid 7）正在重建它：向量模型从 a 换成了 b',
    );
    const notice = searchNoticeFor(waiting)!;
    expect(notice.message).toBe(
      'The index is being rebuilt (another Memory Lens process (pid 7) is rebuilding it: embedding model changed from a to b); results come from the previous index until it is done.',
    );
    expect(localText(zh, notice)).toBe(
      '索引正在重建（另一个 Memory Lens 进程（pid 7）正在重建它：向量模型从 a 换成了 b）；重建完成前，结果来自之前的索引。',
    );
    // A reason SQLite gave stays as it is, inside the Chinese sentence.
    expect(localText(zh, searchNoticeFor(lifecycleWith('damaged', r('database disk image is malformed')))!)).toBe(
      '索引已损坏（database disk image is malformed），正在根据文件重建。',
    );
  });
});
