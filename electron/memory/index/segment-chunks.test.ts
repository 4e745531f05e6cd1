import { describe, expect, it } from 'vitest';
import { segmentForIndex } from '../text/segment.js';
import { ChunkSegmenter } from './segment-chunks.js';

describe('ChunkSegmenter', () => {
  it('gives exactly what segmenting the whole chunk gives', () => {
    const texts = [
      '# 合同\n\n合同金额是12,345万元。\nCafé déjà vu — Router FW 1.2.3\n\n  ΟΔΟΣ\nこんにちは世界、テスト\n한국어 텍스트',
      '\n\nonly blank lines around\n\n',
      '昨天那个合同金额\n昨天那个合同金额\nrepeat',
      '',
    ];
    const segmenter = new ChunkSegmenter();
    for (const text of texts) expect(segmenter.segment(text)).toBe(segmentForIndex(text));
  });
});
