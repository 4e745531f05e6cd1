// The dictionary file: it answers every lookup as the in-memory parse of the same text does, and an
// engine without one answers at once (without translations, saying so) while it builds one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MemoryEngine } from '../../../engine.js';
import { CedictDictionary, loadCedictText, loadWordFrequencies } from './cedict-dictionary.js';
import { buildCedictStore, CedictStore } from './cedict-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cedict-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the CC-CEDICT file', () => {
  it('gives the in-memory dictionary’s answers', { timeout: 120_000 }, () => {
    const file = path.join(dir, 'nested', 'cedict.sqlite');
    buildCedictStore(file);
    expect(fs.readdirSync(path.dirname(file))).toEqual(['cedict.sqlite']); // no temp file left behind
    const store = new CedictStore(file);
    try {
      const memory = new CedictDictionary(loadCedictText(), loadWordFrequencies());
      const english = ['car', 'mother', 'visa', 'fine', 'bed', 'coffee', 'budget', 'ticket', 'contract', 'Live'];
      const chinese = ['出差', '签证', '汽车', '合同', '妈妈', '毛不易', '咖啡', '预算', '不存在的词'];
      for (const w of english) expect(store.chinese(w), w).toEqual(memory.chinese(w));
      for (const w of chinese) {
        expect(store.english(w, 3), w).toEqual(memory.english(w, 3));
        expect(store.sameSense(w, 3), w).toEqual(memory.sameSense(w, 3));
      }
      expect(store.chinese('car')).toContain('汽车');
      expect(store.english('签证')).toContain('visa');
    } finally {
      store.close();
    }
  });

  it(
    'is built in the background into the data folder: the first search answers without translations and says so',
    {
      timeout: 120_000,
    },
    async () => {
      const workspace = path.join(dir, 'workspace');
      fs.mkdirSync(path.join(workspace, 'memory'), { recursive: true });
      fs.writeFileSync(path.join(workspace, 'memory', 'trip.md'), 'Singapore trip: apply for the visa by Friday.\n');
      fs.writeFileSync(path.join(workspace, 'memory', 'hotel.md'), 'Singapore hotel booked near Marina Bay.\n');
      const dataDir = path.join(dir, 'data');
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dataDir,
        openclawHome: path.join(dir, 'openclaw'),
        dictionary: { bundled: null },
      });
      const built = () =>
        fs.existsSync(path.join(dataDir, 'dictionaries'))
          ? fs.readdirSync(path.join(dataDir, 'dictionaries')).filter((f) => f.endsWith('.sqlite'))
          : [];
      try {
        await engine.sync();
        const first = await engine.search({ query: 'Singapore 签证' });
        expect(built()).toEqual([]); // answered before the build finished, not after it
        expect(first.notices.map((n) => n.code)).toContain('dictionary-pending');
        const translated = (r: (typeof first.results)[number]) =>
          (r.breakdown.keyword?.terms ?? []).filter((t) => t.expansion && t.occurrences > 0).map((t) => t.term);
        expect(first.results.flatMap(translated)).toEqual([]);

        await engine.expansionReady();
        expect(built()).toHaveLength(1);
        const later = await engine.search({ query: 'Singapore 签证' });
        expect(later.notices.map((n) => n.code)).not.toContain('dictionary-pending');
        expect(later.results[0]!.path).toBe('memory/trip.md');
        expect(translated(later.results[0]!)).toEqual(['visa']);
      } finally {
        await engine.close();
      }
    },
  );
  it(
    'is neither opened nor built for an English question over memory with no Chinese: nothing is left out, so nothing says so',
    { timeout: 120_000 },
    async () => {
      const workspace = path.join(dir, 'workspace-english');
      fs.mkdirSync(workspace, { recursive: true });
      fs.writeFileSync(path.join(workspace, 'MEMORY.md'), 'Visa for the Singapore trip.\n');
      const dataDir = path.join(dir, 'data-english');
      const engine = await MemoryEngine.open({
        workspaceDir: workspace,
        dataDir,
        openclawHome: path.join(dir, 'openclaw-english'),
        dictionary: { bundled: null },
      });
      try {
        await engine.sync();
        const english = await engine.search({ query: 'singapore visa' });
        expect(english.results[0]?.path).toBe('MEMORY.md');
        expect(english.notices.map((n) => n.code)).not.toContain('dictionary-pending');
        // A Chinese word needs it: that search starts the build and says it answered without it.
        const chinese = await engine.search({ query: '签证' });
        expect(chinese.notices.map((n) => n.code)).toContain('dictionary-pending');
      } finally {
        await engine.close();
      }
    },
  );
  it('closing the engine mid-build stops the build at once and leaves no temp file', { timeout: 120_000 }, async () => {
    const workspace = path.join(dir, 'workspace-close');
    fs.mkdirSync(workspace, { recursive: true });
    fs.writeFileSync(path.join(workspace, 'MEMORY.md'), 'Visa for the Singapore trip.\n');
    const dataDir = path.join(dir, 'data-close');
    const engine = await MemoryEngine.open({
      workspaceDir: workspace,
      dataDir,
      openclawHome: path.join(dir, 'openclaw-close'),
      dictionary: { bundled: null },
    });
    await engine.sync();
    const first = await engine.search({ query: '签证' });
    expect(first.notices.map((n) => n.code)).toContain('dictionary-pending');
    await engine.close();
    // Stopped, not waited for: neither a finished file nor a half-written temp file is there.
    const folder = path.join(dataDir, 'dictionaries');
    expect(fs.existsSync(folder) ? fs.readdirSync(folder) : []).toEqual([]);
  });

  it('a build that fails leaves no temp file behind', { timeout: 120_000 }, () => {
    const file = path.join(dir, 'not-a-folder', 'cedict.sqlite');
    // The temp file's folder exists but the final name is a folder: the rename fails after the build.
    fs.mkdirSync(file, { recursive: true });
    expect(() => buildCedictStore(file)).toThrow();
    expect(fs.readdirSync(path.dirname(file))).toEqual(['cedict.sqlite']);
  });
});
