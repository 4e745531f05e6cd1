import { describe, expect, it } from 'vitest';
import type { CallOutcome } from './agent-call-types.js';
import { translator } from './i18n.js';
import {
  causeText,
  diagnoseMemoryCall,
  diagnosisFix,
  diagnosisText,
  mainCause,
  type DiagnosisInput,
  type ReplayEvidence,
} from './memory-call-diagnosis.js';
import { englishLeft } from './test-support/english-left.js';

const outcome = (kind: CallOutcome['kind'], reason: string | null = null): CallOutcome => ({
  kind,
  count: 0,
  reason,
  mode: null,
  provider: 'none',
  action: null,
  hits: [],
});
const hit = (path: string, score: number, extra: Partial<ReplayEvidence> = {}): ReplayEvidence => ({
  path,
  startLine: 1,
  endLine: 5,
  score,
  listedAt: 1,
  coverage: 1,
  pathDate: null,
  ...extra,
});
const base = (over: Partial<DiagnosisInput>): DiagnosisInput => ({
  tool: 'memory_search',
  outcome: outcome('empty'),
  callAt: Date.parse('2026-11-12T02:00:00Z'),
  minScore: 0.35,
  keywordOnly: true,
  replay: [],
  allWordsChunks: 0,
  ...over,
});

describe('diagnoseMemoryCall', () => {
  it('disabled: names the provider that had no API key, and what to set', () => {
    const d = diagnoseMemoryCall(
      base({
        outcome: outcome(
          'disabled',
          'No API key found for provider "openai". Auth store: /home/sunny/.openclaw/agents/main/agent/openclaw-agent.sqlite. | missing-provider-auth',
        ),
      }),
    );
    expect(d).toMatchObject({ code: 'disabled', text: 'memory search was disabled: no API key for provider openai' });
    expect(d!.fix).toContain('memory.search.provider');
  });

  it('keyword-only and no chunk holds every word: says OpenClaw requires all of them, and where Memory Lens finds it', () => {
    const d = diagnoseMemoryCall(base({ replay: [hit('memory/daily-report.md', 0.61)], cjkRuns: true }));
    expect(d).toMatchObject({ code: 'keyword-all-words', path: 'memory/daily-report.md' });
    expect(d!.text).toBe(
      'keyword-only: no chunk holds every word (OpenClaw requires all of them; its tokenizer keeps a run of Chinese characters as one word); Memory Lens finds it in memory/daily-report.md (lines 1–5)',
    );
  });

  it('the answer sits outside memory/, or in a file dated after the call, or below minScore', () => {
    expect(diagnoseMemoryCall(base({ replay: [hit('facts/car.md', 0.7)] }))).toMatchObject({
      code: 'outside-memory',
      path: 'facts/car.md',
    });
    const later = diagnoseMemoryCall(
      base({ replay: [hit('memory/2026-11-20-home-network.md', 0.7, { pathDate: '2026-11-20' })] }),
    );
    expect(later!.text).toBe(
      'the answer is in memory/2026-11-20-home-network.md (lines 1–5), which was not indexed yet: it is dated 2026-11-20, after this call',
    );
    const low = diagnoseMemoryCall(
      base({ keywordOnly: false, allWordsChunks: null, replay: [hit('MEMORY.md', 0.338)] }),
    );
    expect(low!.text).toBe('the answer is in MEMORY.md (lines 1–5), which was below minScore 0.35 (it scores 0.338)');
  });

  it('names the answer the replay beside it lists; one it does not list says why it is missing there', () => {
    const replay = [
      hit('memory/P0/6_Bots.md', 0.7, { listedAt: null }),
      hit('memory/bots.md', 0.5, { startLine: 8, endLine: 20 }),
    ];
    // The listed one is named, though a better-scoring chunk exists beyond the list.
    const named = diagnoseMemoryCall(base({ keywordOnly: false, replay, maxResults: 1 }))!;
    expect(named).toMatchObject({ code: 'found-now', path: 'memory/bots.md' });
    expect(named.text).toContain('memory/bots.md (lines 8–20)');
    expect(named.text).not.toContain('not in the replay');
    // Nothing listed answers: the text says the chunk it names is not in the replay, and why.
    const unlisted = diagnoseMemoryCall(
      base({ keywordOnly: false, replay: [hit('memory/P0/6_Bots.md', 0.7, { listedAt: null })], maxResults: 6 }),
    )!;
    expect(unlisted.path).toBe('memory/P0/6_Bots.md');
    expect(unlisted.text).toContain("not in the replay below with the call's limits (it ranks below the first 6)");
  });

  it('nothing answers when Memory Lens finds nothing, or only chunks holding under half the words', () => {
    expect(diagnoseMemoryCall(base({ replay: [] }))).toMatchObject({
      code: 'nothing-answers',
      text: 'nothing in memory answers this',
    });
    expect(diagnoseMemoryCall(base({ replay: [hit('USER.md', 0.5, { coverage: 0.34 })] }))!.code).toBe(
      'nothing-answers',
    );
  });

  it('calls that got results need no diagnosis; a missing memory_get file is named', () => {
    expect(diagnoseMemoryCall(base({ outcome: { ...outcome('results'), count: 2 } }))).toBeNull();
    expect(
      diagnoseMemoryCall(base({ tool: 'memory_get', path: 'memory/meeting-notes.md', outcome: outcome('not-found') }))!
        .text,
    ).toBe('memory/meeting-notes.md, which memory_get asked for, does not exist');
  });

  it('mainCause picks the most frequent diagnosis', () => {
    const disabled = diagnoseMemoryCall(
      base({ outcome: outcome('disabled', 'No API key found for provider "openai".') }),
    );
    const none = diagnoseMemoryCall(base({}));
    expect(mainCause([disabled, none, disabled, null])).toMatchObject({
      code: 'disabled',
      text: disabled!.text,
      count: 2,
    });
  });
});

describe('diagnoses in Chinese', () => {
  const zh = translator('zh-CN');
  // Every kind of diagnosis the app shows, from real inputs.
  const inputs: Record<string, DiagnosisInput> = {
    noKey: base({ outcome: outcome('disabled', 'No API key found for provider "openai". Auth store: /x.sqlite') }),
    quota: base({ outcome: outcome('disabled', 'Embedding quota exhausted (429).') }),
    failed: base({ outcome: outcome('error', null) }),
    noResult: base({ outcome: outcome('no-result') }),
    notFound: base({ tool: 'memory_get', path: 'memory/meeting-notes.md', outcome: outcome('not-found') }),
    emptyGet: base({ tool: 'memory_get', outcome: outcome('empty') }),
    nothing: base({ replay: [] }),
    cjk: base({ replay: [hit('memory/daily-report.md', 0.61)], cjkRuns: true }),
    outside: base({ keywordOnly: false, replay: [hit('facts/car.md', 0.2, { listedAt: null })], maxResults: 6 }),
    later: base({ replay: [hit('memory/2026-11-20-net.md', 0.7, { pathDate: '2026-11-20', listedAt: null })] }),
    low: base({ keywordOnly: false, allWordsChunks: null, replay: [hit('MEMORY.md', 0.338)] }),
    foundNow: base({
      keywordOnly: false,
      replay: [hit('memory/P0/6_Bots.md', 0.7, { listedAt: null })],
      maxResults: 6,
    }),
  };

  it('each diagnosis and its fix read in Chinese, with no English sentence left', () => {
    for (const [name, input] of Object.entries(inputs)) {
      const d = diagnoseMemoryCall(input)!;
      const text = diagnosisText(zh, d);
      expect(text, name).toMatch(/[\u4e00-\u9fff]/);
      expect(englishLeft(text), `${name}: ${text}`).toEqual([]);
      const fix = diagnosisFix(zh, d);
      if (d.fix) {
        expect(fix, name).toMatch(/[\u4e00-\u9fff]/);
        expect(englishLeft(fix!), `${name}: ${fix}`).toEqual([]);
      } else expect(fix).toBeNull();
    }
    expect(diagnosisText(zh, diagnoseMemoryCall(inputs.foundNow!)!)).toBe(
      'Memory Lens 现在在 memory/P0/6_Bots.md（第 1–5 行）找到了它（得分 0.700）；智能体的搜索没有找到——按这次调用的限制重放时，它不在下方列表中（排在前 6 条之后）',
    );
    expect(diagnosisText(zh, diagnoseMemoryCall(inputs.noKey!)!)).toBe('记忆搜索已停用：提供方 openai 没有 API 密钥');
  });

  it('the main cause across calls reads in Chinese, the English text kept beside it', () => {
    const cjk = diagnoseMemoryCall(inputs.cjk!);
    const cause = mainCause([cjk, cjk, diagnoseMemoryCall(inputs.nothing!)])!;
    expect(cause.text).toBe(
      'keyword-only search: no chunk holds every word of the query (OpenClaw requires all of them)',
    );
    expect(causeText(zh, cause)).toBe('仅关键词搜索：没有哪个分块包含查询的全部词语（OpenClaw 要求全部命中）');
    // A cause without a summary of its own (disabled) is its commonest call's sentence, in Chinese too.
    const noKey = diagnoseMemoryCall(inputs.noKey!);
    expect(causeText(zh, mainCause([noKey, noKey])!)).toBe('记忆搜索已停用：提供方 openai 没有 API 密钥');
  });
});
