// A real HTTP server on 127.0.0.1 (port 0) that speaks OpenAI's `POST /v1/embeddings` and answers
// with the vectors of a real local provider (the generated tiny ONNX model), so endpoint tests run
// the real protocol over the real network stack. Its behaviour (slow, hung, failing, rate-limiting,
// NaN) is state on the returned object, switched per test.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmbeddingProvider } from '../embedding-provider.js';

export interface RecordedRequest {
  model: string;
  input: string[];
  inputType: unknown;
  authorization: string | null;
  status: number;
}

export interface EmbeddingsServerBehaviour {
  /** Wait this long before answering each request. */
  delayMs: number;
  /** Answer this many requests with 503 first. */
  failNext: number;
  /** Answer this many requests with 429 and `Retry-After: retryAfter` first. */
  rateLimitNext: number;
  retryAfter: string;
  /** Answer with Python's `NaN` literal in the first vector. */
  nan: boolean;
  /** Answer 401 unless `Authorization: Bearer <key>`. */
  requiredKey: string | null;
  /** Read each request and never answer it (a hung server; the socket stays open). */
  hang: boolean;
  /** Hang on this many requests, then answer again (a server that stalls once). */
  hangNext: number;
}

export interface EmbeddingsServer {
  /** `http://127.0.0.1:<port>/v1` */
  baseUrl: string;
  behaviour: EmbeddingsServerBehaviour;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** `port`: a fixed one (an endpoint that comes back where it was); default any free port. */
export async function startEmbeddingsServer(
  backing: EmbeddingProvider,
  options: { port?: number } = {},
): Promise<EmbeddingsServer> {
  const behaviour: EmbeddingsServerBehaviour = {
    delayMs: 0,
    failNext: 0,
    rateLimitNext: 0,
    retryAfter: '1',
    nan: false,
    requiredKey: null,
    hang: false,
    hangNext: 0,
  };
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (behaviour.hang) return;
      if (behaviour.hangNext > 0) {
        behaviour.hangNext--;
        return;
      }
      const answer = () => void respond(req, Buffer.concat(chunks).toString('utf8'), res);
      if (behaviour.delayMs <= 0) return answer();
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, behaviour.delayMs);
      timers.add(timer);
    });
  });

  async function respond(req: http.IncomingMessage, raw: string, res: http.ServerResponse): Promise<void> {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      if (res.destroyed) return;
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(body);
    };
    if (req.method !== 'POST' || req.url !== '/v1/embeddings')
      return send(404, JSON.stringify({ error: { message: 'not found' } }));
    let body: { model?: unknown; input?: unknown; input_type?: unknown };
    try {
      body = JSON.parse(raw) as typeof body;
    } catch {
      return send(400, JSON.stringify({ error: { message: 'invalid JSON' } }));
    }
    const input =
      typeof body.input === 'string' ? [body.input] : Array.isArray(body.input) ? body.input.map(String) : [];
    const record: RecordedRequest = {
      model: String(body.model),
      input,
      inputType: body.input_type,
      authorization: req.headers.authorization ?? null,
      status: 200,
    };
    requests.push(record);
    if (behaviour.requiredKey !== null && record.authorization !== `Bearer ${behaviour.requiredKey}`) {
      record.status = 401;
      // Echoes what it got, as careless servers do: the client must not repeat it.
      return send(
        401,
        JSON.stringify({ error: { message: `Incorrect API key provided: ${record.authorization ?? 'none'}` } }),
      );
    }
    if (behaviour.rateLimitNext > 0) {
      behaviour.rateLimitNext--;
      record.status = 429;
      return send(429, JSON.stringify({ error: { message: 'Rate limit reached' } }), {
        'retry-after': behaviour.retryAfter,
      });
    }
    if (behaviour.failNext > 0) {
      behaviour.failNext--;
      record.status = 503;
      return send(503, JSON.stringify({ error: { message: 'model is loading' } }));
    }
    const vectors = await backing.embedPassages(input);
    const data = vectors.map((vector, index) => ({ object: 'embedding', index, embedding: Array.from(vector) }));
    let json = JSON.stringify({
      object: 'list',
      data,
      model: body.model,
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
    if (behaviour.nan) json = json.replace(/"embedding":\[[^,\]]+/, '"embedding":[NaN');
    send(200, json);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    behaviour,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on now: an endpoint that is down, where it will come up later. */
export async function reserveClosedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
