import { describe, expect, it } from 'vitest';
import type { ModelProgress } from '../../shared/domain.js';
import { createModelProgressReporter } from './model-progress.js';

describe('model progress', () => {
  it('sums bytes over files, says when bytes come from the network, and ends with ready or failed', () => {
    const sent: ModelProgress[] = [];
    let now = 0;
    const reporter = createModelProgressReporter(
      'Xenova/multilingual-e5-small',
      (p) => sent.push(p),
      () => now,
    );
    reporter.update({ status: 'initiate', file: 'config.json' });
    expect(sent.at(-1)).toMatchObject({ phase: 'loading' });
    now = 200;
    reporter.update({ status: 'download', file: 'onnx/model_quantized.onnx' });
    now = 400;
    reporter.update({ status: 'progress', file: 'onnx/model_quantized.onnx', loaded: 50, total: 100 });
    now = 450; // within the interval: held back
    reporter.update({ status: 'progress', file: 'tokenizer.json', loaded: 10, total: 20 });
    expect(sent.at(-1)).toMatchObject({ phase: 'downloading', loaded: 50, total: 100 });
    now = 600;
    reporter.update({ status: 'done', file: 'tokenizer.json' });
    expect(sent.at(-1)).toMatchObject({ phase: 'downloading', loaded: 70, total: 120 });
    reporter.finish(false, 'no network');
    expect(sent.at(-1)).toMatchObject({ phase: 'failed', message: 'no network', loaded: 70, total: 120 });
  });
});
