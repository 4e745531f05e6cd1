// Synonyms (WordNet), translations (CC-CEDICT, both ways) and Chinese words of the same gloss for
// the words of a query. The dictionaries open on the first search that asks for them and stay
// with the object that holds them (the engine), not in module state.
import { hasCjk, queryTerms, type QueryTerms } from '../../../text/segment.js';
import type { CedictStore } from './cedict-store.js';
import { CedictFiles, type CedictFilesOptions, type DictionaryState } from './cedict-files.js';
import {
  addExpansion,
  type ExpansionSource,
  type ExpansionTerm,
  type ResolvedExpansion,
} from '../../core/expansion-terms.js';
import { WordNetThesaurus, wordnetDictDir } from './wordnet-thesaurus.js';

/** Plenty for the glosses and synonyms of recent queries; cleared, not evicted one by one. */
const MAX_PARSED_WORDS = 20_000;

export class ExpansionResources {
  private wordnet: WordNetThesaurus | null = null;
  private readonly cedict: CedictFiles;
  /** Index terms of the dictionaries' words: the same glosses come back query after query. */
  private readonly parsed = new Map<string, QueryTerms>();

  /** Default: the package's dictionary file only, never built (a search without an engine). */
  constructor(dictionary: CedictFilesOptions = { buildDir: null }) {
    this.cedict = new CedictFiles(dictionary);
  }

  thesaurus(): WordNetThesaurus {
    return (this.wordnet ??= new WordNetThesaurus(wordnetDictDir()));
  }

  /** queryTerms of a dictionary's word, read once. */
  termsOf(word: string): QueryTerms {
    let found = this.parsed.get(word);
    if (!found) {
      if (this.parsed.size >= MAX_PARSED_WORDS) this.parsed.clear();
      found = queryTerms(word);
      this.parsed.set(word, found);
    }
    return found;
  }

  /** CC-CEDICT, or why it cannot be read yet (its first build runs in the background). */
  dictionary(): DictionaryState {
    return this.cedict.current();
  }

  /** Waits for a dictionary build that is running (evaluations expand every question alike). */
  dictionaryReady(): Promise<DictionaryState> {
    return this.cedict.ready();
  }

  async close(): Promise<void> {
    this.wordnet?.close();
    this.wordnet = null;
    await this.cedict.close();
  }
}

/** The query's words to expand: per term, the words as written; fragments and date words left out. */
export interface QueryWords {
  terms: readonly string[];
  written: ReadonlyMap<string, readonly string[]>;
  skip: ReadonlySet<string>;
}

/** Each index term of `word` (a gloss like "go to bed" gives several), attributed to `from`. */
function termsOf(
  parsed: QueryTerms,
  word: string,
  from: string,
  source: ExpansionSource,
  weight: number,
  out: ExpansionTerm[],
  known: ReadonlySet<string>,
): void {
  // One letter or one character alone ("o.k." → o, k; 失期 → 失) matches almost anything.
  for (const term of parsed.terms) {
    // A gloss of several words ("go on a business trip"): each term is named by its own word.
    if ([...term].length >= 2)
      addExpansion(out, { term, word: parsed.written.get(term)?.[0] ?? word, from: [from], source, weight }, known);
  }
}

/** What the index holds that translations could match: no Chinese term, no use for English→Chinese. */
export interface IndexLanguages {
  han: boolean;
}

/** The words a query's own words add, and the dictionary as the first word that needed it found it (null: none did). */
export interface LexicalExpansion {
  terms: ExpansionTerm[];
  dictionary: DictionaryState | null;
}

export function lexicalExpansions(
  resources: ExpansionResources,
  words: QueryWords,
  options: ResolvedExpansion,
  index: IndexLanguages = { han: true },
): LexicalExpansion {
  const out: ExpansionTerm[] = [];
  const known = new Set(words.terms);
  const wantsDictionary = options.dictionary || options.pivot;
  // Opened for the first word that needs it: an English query over an index without Chinese needs
  // none, and where the file is missing, opening it starts a build of several seconds.
  let found: DictionaryState | null = null;
  const dictionary = (): CedictStore | null => {
    if (!wantsDictionary) return null;
    found ??= resources.dictionary();
    return found.state === 'ready' ? found.store : null;
  };
  for (const term of words.terms) {
    if (words.skip.has(term)) continue;
    for (const word of (words.written.get(term) ?? [term]).slice(0, 1)) {
      if (hasCjk(word)) {
        const cedict = dictionary();
        if (options.dictionary && cedict)
          for (const gloss of cedict.english(word, 3))
            termsOf(resources.termsOf(gloss), gloss, word, 'dictionary', options.weight, out, known);
        if (options.pivot && cedict)
          for (const other of cedict.sameSense(word, 3))
            termsOf(resources.termsOf(other), other, word, 'pivot', options.weight, out, known);
      } else if (/^[a-z][a-z'-]+$/.test(word)) {
        if (options.thesaurus)
          for (const synonym of resources.thesaurus().synonyms(word, { senses: 2, limit: 4 }))
            termsOf(resources.termsOf(synonym), synonym, word, 'thesaurus', options.weight, out, known);
        const cedict = options.dictionary && index.han ? dictionary() : null;
        if (cedict)
          for (const chinese of cedict.chinese(word, 3))
            termsOf(resources.termsOf(chinese), chinese, word, 'dictionary', options.weight, out, known);
      }
    }
  }
  return { terms: out, dictionary: found };
}
