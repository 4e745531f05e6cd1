import { describe, expect, it } from 'vitest';
import { newMemoryFile } from '../../files/stores/new-file-template';
import { initialCursor } from './initial-cursor';

describe('initialCursor', () => {
  it("puts a new file's cursor after its template, so typing never lands in the frontmatter", () => {
    const { text } = newMemoryFile('dated', 'Walkthrough', new Date(2026, 10, 5));
    const at = initialCursor(text);
    expect(at).toBe(text.length);
    expect(text.slice(0, at)).toMatch(/---\n\n# Walkthrough\n\n$/);
  });

  it('starts a file with a body at its first line after the frontmatter, and a file without frontmatter at 0', () => {
    const text = '---\ntitle: x\n---\n# Notes\n\n- one\n- two\n';
    expect(text.slice(initialCursor(text))).toBe('# Notes\n\n- one\n- two\n');
    expect(initialCursor('# Plain\n')).toBe(0);
    expect(initialCursor('---\nno closing fence\n')).toBe(0);
  });
});
