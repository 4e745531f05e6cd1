// The on-disk dictionary answers every lookup as the in-memory parse of the same text does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CedictDictionary, loadCedictText, loadWordFrequencies } from './cedict-dictionary.js';
import { CedictStore } from './cedict-store.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-cedict-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the CC-CEDICT file', () => {
  it('is built where it is missing and gives the in-memory dictionary’s answers', { timeout: 120_000 }, () => {
    const file = path.join(dir, 'nested', 'cedict.sqlite');
    const store = new CedictStore(file);
    try {
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.readdirSync(path.dirname(file))).toEqual(['cedict.sqlite']); // no temp file left behind
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
});
