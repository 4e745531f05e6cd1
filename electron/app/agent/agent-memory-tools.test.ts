// The agent tools in-process, on a real engine over the sample workspace: OpenClaw 2026.9.6's
// memory_get excerpts (its own harness's cases), memory_get counting the chunks it read, searches
// marked stale while the first index runs, and engine failures reported as OpenClaw's
// "unavailable" shape instead of thrown.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import type { MemoryEngineApi } from '../../memory/engine-types.js';
import { openTempWorkspace, type TempWorkspace } from '../test-support/temp-workspace.js';
import type { AgentMemoryToolsDeps } from './agent-memory-tools.js';
import { truncateUtf16Safe } from '../../../shared/utf16-safe-slice.js';
import { boundedExcerpt } from './bounded-excerpt.js';

let fx: TempWorkspace;

beforeAll(async () => {
  fx = await openTempWorkspace();
  const lines = Array.from({ length: 300 }, (_, i) => `line ${i + 1}`);
  fs.writeFileSync(path.join(fx.workspace, 'memory', 'three-hundred.md'), `${lines.join('\n')}\n`);
  await fx.session.current().sync();
});

afterAll(async () => {
  await fx.cleanup();
});

const tools = (overrides: Partial<AgentMemoryToolsDeps> = {}) => fx.agentTools(overrides);

describe('memory_get excerpts (OpenClaw 2026.9.6 harness cases)', () => {
  it('a 300-line file: 120 lines by default, then from=121; near the end, the rest without a notice', async () => {
    const first = await tools().memoryGet({ path: 'memory/three-hundred.md' });
    expect(first.payload).toMatchObject({ status: 'ok', from: 1, lines: 120, truncated: true, nextFrom: 121 });
    expect(String(first.payload.text).endsWith('line 120\n\n[More content available. Use from=121 to continue.]')).toBe(
      true,
    );
    const tail = await tools().memoryGet({ path: 'memory/three-hundred.md', from: 290, lines: 50 });
    expect(tail.payload).toEqual({
      status: 'ok',
      text: Array.from({ length: 11 }, (_, i) => `line ${290 + i}`).join('\n'),
      path: 'memory/three-hundred.md',
      from: 290,
      lines: 11,
    });
    const past = await tools().memoryGet({ path: 'memory/three-hundred.md', from: 400 });
    expect(past.payload).toEqual({ status: 'ok', text: '', path: 'memory/three-hundred.md', from: 400, lines: 0 });
  });

  it('whole lines while they fit in 12,000 characters; one longer line is cut, never inside a surrogate pair', () => {
    const wide = boundedExcerpt({
      path: 'm.md',
      from: 1,
      selected: Array.from({ length: 50 }, () => 'a'.repeat(499)),
      moreLinesAfter: false,
    });
    expect(wide).toMatchObject({ lines: 24, nextFrom: 25, truncated: true });
    const emoji = `${'b'.repeat(11_999)}😀${'c'.repeat(100)}`;
    const cut = boundedExcerpt({ path: 'm.md', from: 7, selected: [emoji], moreLinesAfter: true });
    expect(cut).toMatchObject({ lines: 1, truncated: true });
    expect(cut.nextFrom).toBeUndefined();
    expect(cut.text.startsWith(`${'b'.repeat(11_999)}\n\n[More content available. Requested excerpt exceeded`)).toBe(
      true,
    );
    expect(truncateUtf16Safe('ab😀', 3)).toBe('ab');
  });
});

describe('accesses and failures', () => {
  it('memory_get counts one access of each indexed chunk it read', async () => {
    const engine = fx.session.current();
    const chunks = await engine.chunksOf('memory/three-hundred.md');
    expect(chunks.length).toBeGreaterThan(1);
    const before = fx.activity().accessStats(chunks.map((c) => ({ path: 'memory/three-hundred.md', hash: c.hash })));
    await tools().memoryGet({ path: 'memory/three-hundred.md', from: 1, lines: 5 });
    const after = fx.activity().accessStats(chunks.map((c) => ({ path: 'memory/three-hundred.md', hash: c.hash })));
    const read = chunks.map((_, i) => after[i]!.count - before[i]!.count);
    expect(read).toEqual(chunks.map((c) => (c.startLine <= 5 ? 1 : 0)));
  });

  it('marks results stale while the first index is still being built', async () => {
    const outcome = await tools({ ready: async () => false }).memorySearch(
      { query: '合同金额' },
      { kind: 'mcp', client: null },
    );
    expect(outcome.isError).toBe(false);
    expect(outcome.payload).toMatchObject({ stale: true, warning: expect.stringContaining('still being built') });
  });

  it("answers an engine failure with OpenClaw's unavailable shape, and logs no search that did not run", async () => {
    const broken = {
      search: async () => {
        throw new MemoryLensError('INDEX_CORRUPT', 'The index is damaged and is being rebuilt.');
      },
    } as unknown as MemoryEngineApi;
    const before = fx.activity().listSearches().total;
    const outcome = await tools({ engine: () => broken }).memorySearch({ query: 'x' }, { kind: 'mcp', client: null });
    expect(outcome).toEqual({
      isError: true,
      payload: expect.objectContaining({
        results: [],
        disabled: true,
        unavailable: true,
        code: 'INDEX_CORRUPT',
        error: 'The index is damaged and is being rebuilt.',
        action: expect.stringContaining('retry'),
      }),
    });
    expect(fx.activity().listSearches().total).toBe(before);
  });
});
