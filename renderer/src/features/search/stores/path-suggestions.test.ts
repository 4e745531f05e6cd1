import { describe, expect, it } from 'vitest';
import { MAX_PATH_SUGGESTIONS, pathSuggestions } from './path-suggestions';

const bulk = Array.from({ length: 10_000 }, (_, i) => `memory/bulk/note-${String(i).padStart(5, '0')}.md`);

describe('pathSuggestions', () => {
  it('offers every path of a small workspace, in list order', () => {
    const paths = ['MEMORY.md', 'memory/travel.md', 'memory/2026-04-17.md'];
    expect(pathSuggestions(paths, '')).toEqual(paths);
  });

  it('finds a file deep in a 10k-file list once part of its name is typed, whatever its case', () => {
    expect(pathSuggestions([...bulk, 'memory/Travel.md'], 'travel')).toEqual(['memory/Travel.md']);
    expect(pathSuggestions(bulk, ' NOTE-09999 ')).toEqual(['memory/bulk/note-09999.md']);
  });

  it('offers at most a dropdown of suggestions, and typing more narrows them to the rest', () => {
    expect(pathSuggestions(bulk, '')).toHaveLength(MAX_PATH_SUGGESTIONS);
    expect(pathSuggestions(bulk, 'note-0')).toHaveLength(MAX_PATH_SUGGESTIONS);
    expect(pathSuggestions(bulk, 'note-099')).toEqual(bulk.slice(9900));
  });
});
