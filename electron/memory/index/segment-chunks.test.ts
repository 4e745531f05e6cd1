import { describe, expect, it } from 'vitest';
import { segmentForIndex } from '../text/segment.js';
import { segmentChunkTexts } from './segment-chunks.js';

describe('segmentChunkTexts', () => {
  it('gives exactly what segmenting each whole chunk gives', () => {
    const texts = [
      '# 合同\n\n合同金额是12,345万元。\nCafé déjà vu — Router FW 1.2.3\n\n  ΟΔΟΣ\nこんにちは世界、テスト\n한국어 텍스트',
      '\n\nonly blank lines around\n\n',
      '昨天那个合同金额\n昨天那个合同金额\nrepeat',
      '',
      '合同金额是12,345万元。\n昨天那个合同金额\n新的一行',
    ];
    expect(segmentChunkTexts(texts)).toEqual(texts.map((text) => segmentForIndex(text)));
    expect(segmentChunkTexts([])).toEqual([]);
  });
});
