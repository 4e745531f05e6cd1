// An English conversation-style workspace for benchmarks (issue 13): what an agent that mostly
// chats leaves behind — session transcripts in OpenClaw's JSONL format, the session-memory hook's
// daily conversation notes, and a MEMORY.md — about 700 chunks by default, with questions a person
// would ask of it ("what did we decide about the router firmware?"). Deterministic per seed.
import fs from 'node:fs';
import path from 'node:path';
import { createRng, englishWord, estimateTextTokens, pick, pickZipf, randomInt } from './synthetic-text.js';
import type { Rng } from './synthetic-text.js';
import { ENGLISH_FILLERS, ENGLISH_WORDS, PEOPLE } from './synthetic-words.js';

export interface ConversationWorkspaceOptions {
  dir: string;
  /** Session transcripts; ~10 chunks each at the default length. */
  sessions?: number;
  /** Daily conversation notes (memory/conversations/YYYY-MM-DD.md); ~2 chunks each. */
  days?: number;
  seed?: number;
}

export interface ConversationWorkspace {
  dir: string;
  files: number;
  bytes: number;
  /** Questions drawn from the workspace's own vocabulary, as a user would phrase them. */
  queries: string[];
}

const DAY_MS = 86_400_000;
/** English names only: this workspace has no CJK text. */
const NAMES = PEOPLE.filter((name) => /^[A-Za-z]/.test(name));
const NEWEST = Date.UTC(2026, 10, 28);

/** An English sentence: everyday and work words (Zipf-like), names, a few pseudo-word names and jargon. */
function englishLine(rng: Rng): string {
  const words: string[] = [];
  const count = randomInt(rng, 7, 16);
  for (let i = 0; i < count; i++) {
    const roll = rng();
    if (roll < 0.32) words.push(pick(rng, ENGLISH_FILLERS));
    else if (roll < 0.38) words.push(pick(rng, NAMES));
    else if (roll < 0.46) words.push(englishWord(rng));
    else words.push(pickZipf(rng, ENGLISH_WORDS, 1.6));
  }
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

function turnText(rng: Rng, sentences: [number, number]): string {
  return Array.from({ length: randomInt(rng, sentences[0], sentences[1]) }, () => englishLine(rng)).join(' ');
}

export function generateConversationWorkspace(options: ConversationWorkspaceOptions): ConversationWorkspace {
  const rng = createRng(options.seed ?? 7);
  const sessions = options.sessions ?? 62;
  const days = options.days ?? 80;
  const { dir } = options;
  fs.mkdirSync(path.join(dir, 'sessions'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'memory', 'conversations'), { recursive: true });
  let files = 0;
  let bytes = 0;
  const write = (rel: string, text: string) => {
    fs.writeFileSync(path.join(dir, rel), text);
    files += 1;
    bytes += Buffer.byteLength(text);
  };

  write('MEMORY.md', `# Memory\n\n${Array.from({ length: 12 }, () => `- ${englishLine(rng)}`).join('\n')}\n`);
  for (let s = 0; s < sessions; s++) {
    let ms = NEWEST - s * DAY_MS + randomInt(rng, 1, 12) * 3_600_000;
    const id = `${(0x10000000 + s).toString(16)}-0000-4000-a000-${String(s).padStart(12, '0')}`;
    const records: unknown[] = [
      { type: 'session', version: 3, id, timestamp: new Date(ms).toISOString(), cwd: '~/.openclaw/workspace' },
    ];
    let tokens = 0;
    for (let turn = 0; tokens < 3000; turn++) {
      ms += randomInt(rng, 5, 120) * 1000;
      const user = turnText(rng, [1, 2]);
      records.push({
        type: 'message',
        id: `${s}-${turn}-u`,
        timestamp: new Date(ms).toISOString(),
        message: { role: 'user', content: [{ type: 'text', text: user }], timestamp: ms },
      });
      ms += randomInt(rng, 5, 60) * 1000;
      const reply = turnText(rng, [2, 6]);
      records.push({
        type: 'message',
        id: `${s}-${turn}-a`,
        timestamp: new Date(ms).toISOString(),
        message: { role: 'assistant', content: [{ type: 'text', text: reply }], stopReason: 'stop', timestamp: ms },
      });
      tokens += estimateTextTokens(user) + estimateTextTokens(reply);
    }
    write(`sessions/${id}.jsonl`, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  }
  for (let d = 0; d < days; d++) {
    const date = new Date(NEWEST - d * DAY_MS).toISOString().slice(0, 10);
    const lines = [`# Conversation ${date}`, ''];
    for (let i = 0; i < randomInt(rng, 6, 12); i++)
      lines.push(`- **${i % 2 === 0 ? 'User' : 'Assistant'}:** ${turnText(rng, [1, 3])}`);
    write(`memory/conversations/${date}.md`, `${lines.join('\n')}\n`);
  }

  const queryRng = createRng((options.seed ?? 7) ^ 0x9e37);
  const forms = [
    (a: string, b: string) => `what did we decide about the ${a} ${b}`,
    (a: string) => `${a}`,
    (a: string, b: string) => `${a} ${b}`,
    (a: string, b: string, c: string) => `when did ${c} mention the ${a}`,
    (a: string, b: string) => `remind me what I said about ${a} and ${b}`,
  ];
  const queries = Array.from({ length: 300 }, (_, i) => {
    const a = pickZipf(queryRng, ENGLISH_WORDS, 1.4);
    const b = queryRng() < 0.3 ? englishWord(queryRng) : pickZipf(queryRng, ENGLISH_WORDS, 1.4);
    return forms[i % forms.length]!(a, b, pick(queryRng, NAMES));
  });
  return { dir, files, bytes, queries };
}
