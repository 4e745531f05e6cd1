// Chinese↔English from CC-CEDICT (CC BY-SA 4.0, MDBG), as the hanzi package ships the plain
// dictionary text. Chinese → English: a headword's glosses. English → Chinese: the headwords one
// of whose glosses is exactly that word. Both maps are built once, on first use.
import fs from 'node:fs';
import { createRequire } from 'node:module';

/** Glosses that name no meaning of their own. */
const UNHELPFUL =
  /^(cl:|variant of|old variant of|surname |see |abbr\. for|used in |also written|erhua variant|japanese variant|taiwan pr\.|pr\. )/;

export interface CedictEntry {
  simplified: string;
  glosses: string[];
}

/**
 * The CC-CEDICT text as the hanzi package ships it: a module exporting one template literal. Read
 * as a file (a sixth of the time `require` takes to compile 8 MB of JavaScript); it holds no escape
 * or substitution, so the text between the backticks is the string itself.
 */
export function loadCedictText(): string {
  return hanziData('hanzi/lib/data/cedict_ts.u8.js');
}

/** Word frequencies (the Leiden corpus list hanzi ships): which of several translations people use. */
export function loadWordFrequencies(): Map<string, number> {
  const out = new Map<string, number>();
  for (const line of hanziData('hanzi/lib/data/leidenfreqdata.txt.js').split('\n')) {
    const comma = line.lastIndexOf(',');
    const n = Number(line.slice(comma + 1));
    if (comma > 0 && n > 0) out.set(line.slice(0, comma), n);
  }
  return out;
}

function hanziData(specifier: string): string {
  const require = createRequire(import.meta.url);
  const source = fs.readFileSync(require.resolve(specifier), 'utf8');
  const start = source.indexOf('`');
  const end = source.lastIndexOf('`');
  if (start < 0 || end <= start || source.includes('\\') || source.includes('${')) return require(specifier) as string;
  return source.slice(start + 1, end);
}

/** "to fine" → "fine", "fine (monetary)" → "fine"; null for a gloss that is no translation. */
export function cleanGloss(gloss: string): string | null {
  let g = gloss.trim().toLowerCase();
  if (g === '' || UNHELPFUL.test(g)) return null;
  g = g
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/^to /, '')
    .replace(/\s+/g, ' ')
    .trim();
  return g === '' || /[^\x20-\x7e]/.test(g) ? null : g;
}

/** One CC-CEDICT line's simplified headword and its cleaned glosses; null for comments and lines with none. */
export function parseCedictLine(line: string): { simplified: string; glosses: string[] } | null {
  if (line.startsWith('#')) return null;
  // 汽車 汽车 [qi4 che1] /car/automobile/bus/CL:輛|辆[liang4]/
  const m = /^\S+ (\S+) \[[^\]]*\] \/(.*)\/\s*$/.exec(line);
  if (!m) return null;
  const glosses = m[2]!
    .split(/[/;]/)
    .map(cleanGloss)
    .filter((g): g is string => g !== null);
  return glosses.length === 0 ? null : { simplified: m[1]!, glosses };
}

export class CedictDictionary {
  private readonly byChinese = new Map<string, string[]>();
  /** Per gloss: headwords with the gloss's position among theirs and how many glosses they have. */
  private readonly byEnglish = new Map<string, { head: string; at: number; of: number }[]>();

  constructor(
    text: string,
    private readonly frequency: ReadonlyMap<string, number> = new Map(),
  ) {
    for (const line of text.split('\n')) {
      const entry = parseCedictLine(line);
      if (!entry) continue;
      const { simplified, glosses } = entry;
      const known = this.byChinese.get(simplified);
      this.byChinese.set(simplified, known ? [...known, ...glosses.filter((g) => !known.includes(g))] : glosses);
      glosses.forEach((gloss, at) => {
        const heads = this.byEnglish.get(gloss) ?? [];
        if (!heads.some((h) => h.head === simplified)) heads.push({ head: simplified, at, of: glosses.length });
        this.byEnglish.set(gloss, heads);
      });
    }
  }

  /**
   * Headwords for a gloss, the likeliest first: the words people use most (妈妈 before 人母), less
   * so where the gloss is only a later meaning of theirs; single characters last (they match too much).
   */
  private headsFor(gloss: string): string[] {
    const heads = this.byEnglish.get(gloss) ?? [];
    const rank = (h: { head: string; at: number }): number =>
      h.head.length < 2 ? 0 : 1 + (this.frequency.get(h.head) ?? 0) / (1 + h.at);
    return [...heads].sort((a, b) => rank(b) - rank(a)).map((h) => h.head);
  }

  /** English glosses of a Chinese word, in dictionary order. */
  english(chinese: string, limit = 4): string[] {
    return (this.byChinese.get(chinese) ?? []).slice(0, limit);
  }

  /** Chinese words that have `english` as one of their glosses, exactly. */
  chinese(english: string, limit = 3): string[] {
    return this.headsFor(english.toLowerCase()).slice(0, limit);
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
}
