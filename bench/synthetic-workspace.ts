// Deterministic generator of synthetic OpenClaw workspaces for benchmarks (issue 2): MEMORY.md,
// USER.md, topic files, session-memory-hook files (memory/YYYY-MM-DD-slug.md), the four-layer layout's
// four-layer folders with frontmatter, and session JSONL transcripts in the real format (with a few
// `.jsonl.reset.*` archives). Same options → byte-identical workspace.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createRng,
  estimateTextTokens,
  markdownBody,
  paragraphLine,
  pick,
  randomInt,
  sentence,
} from './synthetic-text.js';
import type { Rng } from './synthetic-text.js';
import { SLUGS } from './synthetic-words.js';

export interface SyntheticWorkspaceOptions {
  /** Folder to fill; created if missing. Must be empty or absent (the generator never deletes). */
  dir: string;
  /** Total number of files, sessions included. At least 2 (MEMORY.md and USER.md). */
  files: number;
  /** PRNG seed; default 1. */
  seed?: number;
  /**
   * Mean size of a file in tokens (≈ the chunker's count). Default 450: about 1.5 chunks, like
   * real memory notes. 3,300 gives ≈ 10 chunks of 400 tokens with 80 overlap per file.
   */
  meanTokens?: number;
  /** Share of files that are session transcripts; default 0.12. */
  sessionShare?: number;
}

export interface SyntheticWorkspaceReport {
  dir: string;
  files: number;
  markdownFiles: number;
  sessionFiles: number;
  archivedSessions: number;
  bytes: number;
  /** Sum of estimated tokens of indexable text (a lower bound for chunks: tokens / 320). */
  estimatedTokens: number;
}

type FileKind = 'topic' | 'hook' | 'conversation' | 'daily' | 'weekly' | 'monthly' | 'fact' | 'task' | 'session';

/** How the non-root files are spread over kinds (sessions get `sessionShare` of the total). */
const MARKDOWN_MIX: [FileKind, number][] = [
  ['topic', 0.1],
  ['hook', 0.27],
  ['conversation', 0.27],
  ['daily', 0.24],
  ['weekly', 0.06],
  ['monthly', 0.02],
  ['fact', 0.02],
  ['task', 0.02],
];

const DAY_MS = 86_400_000;
/** Newest date in a synthetic workspace; older files step back from here. */
const NEWEST = Date.UTC(2026, 10, 28);

export function generateSyntheticWorkspace(options: SyntheticWorkspaceOptions): SyntheticWorkspaceReport {
  const { dir, files } = options;
  if (!Number.isInteger(files) || files < 2) throw new Error('files must be an integer ≥ 2');
  const rng = createRng(options.seed ?? 1);
  const meanTokens = options.meanTokens ?? 450;
  const sessionShare = options.sessionShare ?? 0.12;
  fs.mkdirSync(dir, { recursive: true });
  if (fs.readdirSync(dir).length > 0) throw new Error(`not empty: ${dir}`);

  const report: SyntheticWorkspaceReport = {
    dir,
    files: 0,
    markdownFiles: 0,
    sessionFiles: 0,
    archivedSessions: 0,
    bytes: 0,
    estimatedTokens: 0,
  };
  const write = (rel: string, text: string, indexedTokens: number) => {
    const abs = path.join(dir, rel);
    fs.mkdirSync(path.dirname(abs), { recursive: true });
    fs.writeFileSync(abs, text);
    report.files += 1;
    report.bytes += Buffer.byteLength(text);
    report.estimatedTokens += indexedTokens;
    if (rel.startsWith('sessions/')) report.sessionFiles += 1;
    else report.markdownFiles += 1;
  };
  const sizeFor = () => Math.max(40, Math.round(meanTokens * (0.4 + 1.2 * rng())));

  writeMarkdown(write, 'MEMORY.md', null, markdownBody(rng, 'MEMORY', sizeFor()));
  writeMarkdown(write, 'USER.md', null, markdownBody(rng, 'USER', Math.min(300, sizeFor())));

  const counters = new Map<FileKind, number>();
  const rest = files - 2;
  const sessions = Math.round(rest * sessionShare);
  const kinds = planKinds(rest - sessions, sessions);
  for (const kind of kinds) {
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    if (kind === 'session') {
      const archived = n % 20 === 7;
      const { rel, text, tokens } = sessionFile(rng, n, sizeFor(), archived);
      write(rel, text, tokens);
      if (archived) report.archivedSessions += 1;
    } else {
      const { rel, frontmatter, title } = markdownPlace(rng, kind, n);
      writeMarkdown(write, rel, frontmatter, markdownBody(rng, title, sizeFor()));
    }
  }
  return report;
}

/** Interleave kinds deterministically in proportion to MARKDOWN_MIX (largest-remainder order). */
function planKinds(markdown: number, sessions: number): FileKind[] {
  const quotas: [FileKind, number][] = MARKDOWN_MIX.map(([k, share]) => [k, share * markdown]);
  const counts = new Map<FileKind, number>(quotas.map(([k, q]) => [k, Math.floor(q)]));
  let assigned = [...counts.values()].reduce((a, b) => a + b, 0);
  const byRemainder = [...quotas].sort((a, b) => (b[1] % 1) - (a[1] % 1));
  for (let i = 0; assigned < markdown; i++, assigned++) {
    const kind = byRemainder[i % byRemainder.length]![0];
    counts.set(kind, counts.get(kind)! + 1);
  }
  counts.set('session', sessions);
  const total = markdown + sessions;
  const plan: FileKind[] = [];
  const emitted = new Map<FileKind, number>();
  for (let i = 0; i < total; i++) {
    // Pick the kind furthest behind its quota: a stable, even interleave.
    let best: FileKind = 'topic';
    let bestLag = -Infinity;
    for (const [kind, count] of counts) {
      if (count === 0) continue;
      const lag = ((i + 1) * count) / total - (emitted.get(kind) ?? 0);
      if (lag > bestLag && (emitted.get(kind) ?? 0) < count) {
        best = kind;
        bestLag = lag;
      }
    }
    emitted.set(best, (emitted.get(best) ?? 0) + 1);
    plan.push(best);
  }
  return plan;
}

function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function isoWeek(ms: number): { year: number; week: number } {
  const d = new Date(ms);
  const day = d.getUTCDay() || 7;
  const thursday = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 4 - day));
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  return { year: thursday.getUTCFullYear(), week: Math.ceil(((thursday.getTime() - yearStart) / DAY_MS + 1) / 7) };
}

interface Placement {
  rel: string;
  frontmatter: Record<string, string | string[]> | null;
  title: string;
}

function layerFrontmatter(type: string, dateMs: number, tags: string[]): Record<string, string | string[]> {
  const created = `${isoDate(dateMs)}T09:00:00+08:00`;
  const updated = `${isoDate(dateMs)}T21:30:00+08:00`;
  return { created, updated, type, tags };
}

/** Where the n-th file of a kind goes; one file per day/week/month per layer, stepping back in time. */
function markdownPlace(rng: Rng, kind: Exclude<FileKind, 'session'>, n: number): Placement {
  const slug = pick(rng, SLUGS);
  switch (kind) {
    case 'topic':
      return { rel: `memory/topics/${slug}-${n}.md`, frontmatter: null, title: `${slug} ${n}` };
    case 'hook': {
      const date = isoDate(NEWEST - Math.floor(n / 3) * DAY_MS);
      return {
        rel: `memory/${date}-${slug}-${n}.md`,
        frontmatter: null,
        title: `Session: ${date} ${String(randomInt(rng, 0, 23)).padStart(2, '0')}:${String(randomInt(rng, 0, 59)).padStart(2, '0')}:00 UTC`,
      };
    }
    case 'conversation': {
      const ms = NEWEST - n * DAY_MS;
      return {
        rel: `memory/conversations/${isoDate(ms)}.md`,
        frontmatter: layerFrontmatter('conversation', ms, ['daily']),
        title: `对话 ${isoDate(ms)}`,
      };
    }
    case 'daily': {
      const ms = NEWEST - n * DAY_MS;
      return {
        rel: `memory/summaries/daily/${isoDate(ms)}.md`,
        frontmatter: layerFrontmatter('summary', ms, ['daily']),
        title: `每日摘要 - ${isoDate(ms)}`,
      };
    }
    case 'weekly': {
      const ms = NEWEST - n * 7 * DAY_MS;
      const { year, week } = isoWeek(ms);
      const name = `${year}-w${String(week).padStart(2, '0')}`;
      return {
        rel: `memory/summaries/weekly/${name}.md`,
        frontmatter: layerFrontmatter('summary', ms, ['weekly']),
        title: `Week summary ${name}`,
      };
    }
    case 'monthly': {
      const d = new Date(NEWEST);
      const ms = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - n, 1);
      const name = isoDate(ms).slice(0, 7);
      return {
        rel: `memory/summaries/monthly/${name}.md`,
        frontmatter: layerFrontmatter('summary', ms, ['monthly']),
        title: `月度摘要 ${name}`,
      };
    }
    case 'fact':
      return {
        rel: `memory/facts/${slug}-${n}.md`,
        frontmatter: layerFrontmatter('fact', NEWEST - n * DAY_MS, ['facts']),
        title: `事实 ${slug}`,
      };
    case 'task':
      return {
        rel: `memory/tasks/${n % 2 === 0 ? 'active' : 'completed'}-${n}.md`,
        frontmatter: layerFrontmatter('task', NEWEST - n * DAY_MS, ['tasks']),
        title: `任务 ${slug}`,
      };
  }
}

function writeMarkdown(
  write: (rel: string, text: string, tokens: number) => void,
  rel: string,
  frontmatter: Record<string, string | string[]> | null,
  body: string[],
): void {
  const bodyText = `${body.join('\n')}\n`;
  let head = '';
  if (frontmatter) {
    const lines = ['---'];
    for (const [key, value] of Object.entries(frontmatter)) {
      if (Array.isArray(value)) lines.push(`${key}:`, ...value.map((v) => `  - ${v}`));
      else lines.push(`${key}: ${value}`);
    }
    lines.push('---');
    head = `${lines.join('\n')}\n`;
  }
  write(rel, head + bodyText, estimateTextTokens(bodyText));
}

/** A session transcript: header, model change, user/assistant turns (array and string content), tool calls, custom and compaction records. */
function sessionFile(
  rng: Rng,
  n: number,
  targetTokens: number,
  archived: boolean,
): { rel: string; text: string; tokens: number } {
  const id = syntheticUuid(rng);
  let ms = NEWEST - n * DAY_MS + randomInt(rng, 1, 12) * 3_600_000;
  const records: unknown[] = [];
  let seq = 0;
  let parentId: string | null = null;
  // Each record happens a little after the previous one; message.timestamp (epoch ms) equals the record's time.
  const tick = () => {
    ms += randomInt(rng, 2, 90) * 1000;
    return ms;
  };
  const push = (type: string, rest: Record<string, unknown>) => {
    const recordId = `${(n * 4096 + seq++).toString(16).padStart(8, '0')}`;
    records.push({ type, id: recordId, parentId, timestamp: new Date(ms).toISOString(), ...rest });
    parentId = recordId;
  };
  records.push({
    type: 'session',
    version: 3,
    id,
    timestamp: new Date(ms).toISOString(),
    cwd: '~/.openclaw/workspace',
  });
  tick();
  push('model_change', { provider: 'anthropic', modelId: 'claude-sonnet' });
  let tokens = 0;
  let turn = 0;
  while (tokens < targetTokens) {
    const userText = sentence(rng) + (rng() < 0.5 ? ` ${sentence(rng)}` : '');
    const userContent = turn % 3 === 1 ? userText : [{ type: 'text', text: userText }];
    push('message', { message: { role: 'user', content: userContent, timestamp: tick() } });
    tokens += estimateTextTokens(userText);
    if (rng() < 0.25) {
      const callId = `toolu_${n}_${turn}`;
      push('message', {
        message: {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: sentence(rng), thinkingSignature: 'sig' },
            { type: 'toolCall', id: callId, name: 'memory_search', arguments: { query: sentence(rng) } },
          ],
          stopReason: 'toolUse',
          timestamp: tick(),
        },
      });
      push('message', {
        message: {
          role: 'toolResult',
          toolCallId: callId,
          toolName: 'memory_search',
          content: [{ type: 'text', text: '{"results":[]}' }],
          isError: false,
          timestamp: tick(),
        },
      });
    }
    const reply = [paragraphLine(rng), paragraphLine(rng)].join('\n');
    push('message', {
      message: { role: 'assistant', content: [{ type: 'text', text: reply }], stopReason: 'stop', timestamp: tick() },
    });
    tokens += estimateTextTokens(reply);
    if (turn % 4 === 3) {
      tick();
      push('custom', { customType: 'openclaw.cache-ttl', data: { ttlMs: 300000 } });
    }
    turn += 1;
  }
  tick();
  push('compaction', { summary: sentence(rng), tokensBefore: randomInt(rng, 20_000, 180_000) });
  const base = `${id}.jsonl`;
  const rel = `sessions/${archived ? `${base}.reset.${new Date(ms).toISOString().replace(/:/g, '-')}` : base}`;
  return { rel, text: `${records.map((r) => JSON.stringify(r)).join('\n')}\n`, tokens };
}

function syntheticUuid(rng: Rng): string {
  const hex = (len: number) => Array.from({ length: len }, () => Math.floor(rng() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;
}

/** `node dist-bench/bench/synthetic-workspace.js DIR FILES [SEED] [MEAN_TOKENS]` — generate a workspace by hand. */
async function main(argv: string[]): Promise<void> {
  const [dir, files, seed, meanTokens] = argv;
  if (!dir || !files) {
    process.stderr.write('usage: node dist-bench/bench/synthetic-workspace.js DIR FILES [SEED] [MEAN_TOKENS]\n');
    process.exitCode = 2;
    return;
  }
  const report = generateSyntheticWorkspace({
    dir: path.resolve(dir),
    files: Number(files),
    seed: seed ? Number(seed) : 1,
    meanTokens: meanTokens ? Number(meanTokens) : undefined,
  });
  process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main(process.argv.slice(2));
}
