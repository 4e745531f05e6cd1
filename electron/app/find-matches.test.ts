import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { highlightWords } from '../../shared/highlight-words.js';
import { findMatches } from './find-matches.js';
import { openTempWorkspace, type TempWorkspace } from './test-support/temp-workspace.js';

let fx: TempWorkspace;
beforeAll(async () => {
  fx = await openTempWorkspace();
});
afterAll(async () => fx.cleanup());

describe('findMatches', () => {
  it('marks each matched word in the cited lines of a Markdown file, by line and column', async () => {
    fs.writeFileSync(
      path.join(fx.workspace, 'memory', 'matches.md'),
      '# Budget\r\nThe budget grew.\r\nNo match here.\r\nbudget, BUDGET\r\n',
    );
    const matches = await findMatches(fx.session.current(), {
      path: 'memory/matches.md',
      startLine: 2,
      endLine: 4,
      terms: ['budget'],
    });
    expect(matches).toEqual([
      { line: 2, start: 4, end: 10 },
      { line: 4, start: 0, end: 6 },
      { line: 4, start: 8, end: 14 },
    ]);
  });

  it('marks words inside transcript messages, offsets in the message text with its line breaks', async () => {
    const record = {
      type: 'message',
      message: { role: 'assistant', content: '## Plan\n- book the quokka tour\n- pack' },
    };
    fs.writeFileSync(
      path.join(fx.workspace, 'sessions', 'matches.jsonl'),
      `{"type":"session"}\n${JSON.stringify(record)}\n`,
    );
    const matches = await findMatches(fx.session.current(), {
      path: 'sessions/matches.jsonl',
      startLine: 1,
      endLine: 2,
      terms: ['quokka'],
    });
    expect(matches).toEqual([{ line: 2, start: 19, end: 25 }]);
    const text = (await fx.session.current().readTranscript('sessions/matches.jsonl')).messages[0]!.text;
    expect(text.slice(19, 25)).toBe('quokka');
  });

  it('a search hit opened with its highlight words marks whole words as written, not their stems', async () => {
    const record = {
      type: 'message',
      message: { role: 'user', content: 'Hakone ryokan with a private onsen, two meetings before' },
    };
    fs.writeFileSync(
      path.join(fx.workspace, 'sessions', 'stems.jsonl'),
      `{"type":"session"}\n${JSON.stringify(record)}\n`,
    );
    const engine = fx.session.current();
    await engine.sync();
    const response = await engine.search({ query: 'hakone meeting', minScore: 0 });
    const hit = response.results.find((r) => r.path === 'sessions/stems.jsonl')!;
    expect(hit.breakdown.keyword?.matchedTerms).toContain('hakon');
    const matches = await findMatches(engine, {
      path: hit.path,
      startLine: hit.startLine,
      endLine: hit.endLine,
      terms: highlightWords(hit.breakdown.keyword),
    });
    const text = (await engine.readTranscript('sessions/stems.jsonl')).messages[0]!.text;
    expect(matches.map((m) => text.slice(m.start, m.end))).toEqual(['Hakone', 'meetings']);
  });

  it('refuses paths outside the workspace like every read', async () => {
    await expect(
      findMatches(fx.session.current(), { path: 'memory/escape.md', startLine: 1, endLine: 1, terms: ['secret'] }),
    ).rejects.toMatchObject({ code: 'OUT_OF_ROOT' });
  });
});
