// Synonyms (WordNet), translations (CC-CEDICT, both ways) and Chinese words of the same gloss for
// the words of a query. The dictionaries load on the first search that asks for them and stay
// with the object that holds them (the index session), not in module state.
import { hasCjk, queryTerms } from '../../../text/segment.js';
import { CedictStore } from './cedict-store.js';
import {
  addExpansion,
  type ExpansionSource,
  type ExpansionTerm,
  type ResolvedExpansion,
} from '../../core/expansion-terms.js';
import { WordNetThesaurus, wordnetDictDir } from './wordnet-thesaurus.js';

export class ExpansionResources {
  private wordnet: WordNetThesaurus | null = null;
  private cedict: CedictStore | null = null;

  thesaurus(): WordNetThesaurus {
    return (this.wordnet ??= new WordNetThesaurus(wordnetDictDir()));
  }

  dictionary(): CedictStore {
    return (this.cedict ??= new CedictStore());
  }

  close(): void {
    this.wordnet?.close();
    this.cedict?.close();
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
  word: string,
  from: string,
  source: ExpansionSource,
  weight: number,
  out: ExpansionTerm[],
  known: ReadonlySet<string>,
): void {
  // One letter or one character alone ("o.k." → o, k; 失期 → 失) matches almost anything.
  const parsed = queryTerms(word);
  for (const term of parsed.terms) {
    // A gloss of several words ("go on a business trip"): each term is named by its own word.
    if ([...term].length >= 2)
      addExpansion(out, { term, word: parsed.written.get(term)?.[0] ?? word, from: [from], source, weight }, known);
  }
}

export function lexicalExpansions(
  resources: ExpansionResources,
  words: QueryWords,
  options: ResolvedExpansion,
): ExpansionTerm[] {
  const out: ExpansionTerm[] = [];
  const known = new Set(words.terms);
  for (const term of words.terms) {
    if (words.skip.has(term)) continue;
    for (const word of (words.written.get(term) ?? [term]).slice(0, 1)) {
      if (hasCjk(word)) {
        if (options.dictionary)
          for (const gloss of resources.dictionary().english(word, 3))
            termsOf(gloss, word, 'dictionary', options.weight, out, known);
        if (options.pivot)
          for (const other of resources.dictionary().sameSense(word, 3))
            termsOf(other, word, 'pivot', options.weight, out, known);
      } else if (/^[a-z][a-z'-]+$/.test(word)) {
        if (options.thesaurus)
          for (const synonym of resources.thesaurus().synonyms(word, { senses: 2, limit: 4 }))
            termsOf(synonym, word, 'thesaurus', options.weight, out, known);
        if (options.dictionary)
          for (const chinese of resources.dictionary().chinese(word, 3))
            termsOf(chinese, word, 'dictionary', options.weight, out, known);
      }
    }
  }
  return out;
}
