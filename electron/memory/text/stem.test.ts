// Stemming round trips: what a person types finds the other forms of the word, at index and query
// time alike; Chinese and numbers pass through; the words shown are the words written.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleWorkspaceDir } from '../../../bench/repo-paths.js';
import { queryTerms, segmentForIndex, stemToken } from './segment.js';
import { surfaceForms, TextSpellings } from './surface-forms.js';

/** True when some term of `query` is among the index tokens of `text`. */
function finds(query: string, text: string): boolean {
  const indexed = new Set(segmentForIndex(text).split(' '));
  return queryTerms(query).terms.some((t) => indexed.has(t));
}

describe('English stemming (Porter2)', () => {
  it('lets inflected forms find each other in both directions', () => {
    for (const [a, b] of <[string, string][]>[
      ['researched', 'research'],
      ['meetings', 'meeting'],
      ['installs', 'installed'],
      ['routers', 'router'],
      ['deadlines', 'deadline'],
      ['running', 'runs'],
    ]) {
      expect(finds(a, `notes: ${b} today`), `${a} → ${b}`).toBe(true);
      expect(finds(b, `notes: ${a} today`), `${b} → ${a}`).toBe(true);
    }
    expect(finds('meeting', 'the meat was good')).toBe(false);
  });

  it('leaves Chinese, numbers and words with digits as they are', () => {
    expect(segmentForIndex('合同金额 12,345 ipv6 HG-2 v0')).toBe(
      segmentForIndex('合同金额 12,345 ipv6 HG-2 v0').split(' ').map(stemToken).join(' '),
    );
    expect(segmentForIndex('合同金额')).toContain('合同');
    expect(stemToken('ipv6')).toBe('ipv6');
    expect(stemToken('12345')).toBe('12345');
    expect(stemToken('合同')).toBe('合同');
  });

  it('judges stop words before stemming, and groups a query’s spellings of one stem', () => {
    const parsed = queryTerms('Does the meeting list all meetings?');
    expect(parsed.stopwords).toEqual(expect.arrayContaining(['does', 'the', 'all']));
    expect(parsed.terms).toEqual(['meet', 'list']);
    expect(parsed.written.get('meet')).toEqual(['meeting', 'meetings']);
  });

  it('never changes a word’s first letter (surfaceForms skips words by it), irregular forms included', () => {
    const sample = fs.readFileSync(path.join(sampleWorkspaceDir(), 'MEMORY.md'), 'utf8');
    const words = new Set(sample.toLowerCase().match(/[a-z]{3,}/g) ?? []);
    for (const word of [...words])
      for (const suffix of ['s', 'es', 'ed', 'ing', 'ly', 'ies', 'ness', 'ational', 'ization'])
        words.add(word + suffix);
    for (const word of [
      'skies',
      'dying',
      'lying',
      'tying',
      'idly',
      'gently',
      'ugly',
      'early',
      'only',
      'news',
      'yelling',
      'ies',
      'eed',
    ])
      words.add(word);
    expect(words.size).toBeGreaterThan(2000);
    for (const word of words) expect(stemToken(word)[0], word).toBe(word[0]);
    // So a word is looked at only when its first letter starts a wanted stem, whatever its case.
    expect(surfaceForms('Dying dogs, dyed DYES; lying', ['die', 'dye', 'lie']).get('die')).toEqual(['Dying']);
    expect(surfaceForms('Dying dogs, dyes DYES; lying', ['dye']).get('dye')).toEqual(['dyes', 'DYES']);
  });

  it('names the words of a text behind a stem, as written', () => {
    const forms = surfaceForms('Meetings moved. The meeting on Thursday; meetup later. 会议 Naïve', ['meet', 'naiv']);
    expect(forms.get('meet')).toEqual(['Meetings', 'meeting']);
    expect(forms.get('naiv')).toEqual(['Naïve']);
  });

  it('finds the same words in an all-ASCII text as in one with other letters, joined words and digits included', () => {
    const text = 'Meetings_meeting, 3meetings meetings2 MEETING-Meets; re-meet. Dying DYES dyed lying x9 Lies';
    const terms = ['meet', 'meeting2', 'die', 'dye', 'lie', 'x9'];
    const ascii = surfaceForms(text, terms);
    // A word with an accent sends the same text through the scan for any script.
    const mixed = surfaceForms(`${text} é`, terms);
    expect(ascii).toEqual(mixed);
    expect(ascii.get('meet')).toEqual(['Meetings', 'meeting', 'MEETING', 'Meets', 'meet']);
    expect(ascii.get('lie')).toEqual(['lying', 'Lies']);
    // Asked again for other terms, one text's spellings answer as a fresh look at it would.
    const spellings = new TextSpellings(text);
    for (const asked of [['meet'], ['die', 'dye'], ['meet', 'lie', 'x9']])
      expect(spellings.forms(asked)).toEqual(surfaceForms(`${text} é`, asked));
  });

  it('reads an ASCII text’s words off its indexed tokens as stemming them would, and stems them where a grouped number breaks the line-up', () => {
    const sample = fs.readFileSync(path.join(sampleWorkspaceDir(), 'MEMORY.md'), 'utf8');
    const asciiLines = sample.split('\n').filter((line) => !/[^\0-\x7f]/.test(line));
    const texts = [
      'Meetings_meeting, 3meetings meetings2 MEETING-Meets; re-meet. Dying DYES dyed lying x9 Lies',
      'Paid 12,345 for the meetings; 1,234,567 users meeting twice',
      asciiLines.join('\n'),
      ...asciiLines.slice(0, 40),
    ];
    for (const text of texts) {
      const indexed = segmentForIndex(text);
      const terms = [...new Set(indexed.split(' '))];
      expect(new TextSpellings(text, indexed).forms(terms), text).toEqual(surfaceForms(text, terms));
    }
    // The index's tokens are what the words are named after: a text indexed otherwise is read as indexed.
    const text = 'Meetings moved';
    expect(new TextSpellings(text, 'meat move').forms(['meat', 'meet'])).toEqual(new Map([['meat', ['Meetings']]]));
    expect(new TextSpellings(text, 'meat').forms(['meat', 'meet'])).toEqual(new Map([['meet', ['Meetings']]]));
  });
});
