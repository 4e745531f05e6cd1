// A stand-alone process around openai-embeddings-server.ts for fixture tools that run another
// program against it (OpenClaw indexing a workspace): writes the tiny model, serves its vectors on
// 127.0.0.1, prints `{"baseUrl": …}` as its first stdout line, and on stdin's end prints what it
// was asked (`{"requests": […]}`) and exits. Built by scripts/openclaw-search-vectors/tsconfig.tiny-server.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadEmbedder } from '../load-embedder.js';
import { startEmbeddingsServer } from './openai-embeddings-server.js';
import { TINY_MODEL_ID, writeTinyModel } from './tiny-model.js';

const modelsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ml-tiny-serve-'));
await writeTinyModel({ modelsDir });
const loaded = await loadEmbedder({ model: TINY_MODEL_ID, modelsDir, allowDownload: false });
if (!loaded.ok) throw new Error(loaded.reason.message);
const server = await startEmbeddingsServer(loaded.provider);
process.stdout.write(`${JSON.stringify({ baseUrl: server.baseUrl, dims: loaded.provider.dims })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void (async () => {
    await server.close();
    await loaded.provider.close();
    fs.rmSync(modelsDir, { recursive: true, force: true });
    process.stdout.write(
      `${JSON.stringify({ requests: server.requests.map((r) => ({ model: r.model, inputs: r.input.length, inputType: r.inputType ?? null, status: r.status, first: r.input[0]?.slice(0, 60) ?? '' })) })}\n`,
    );
    process.exit(0);
  })();
});
