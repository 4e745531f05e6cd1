import { describe, expect, it } from 'vitest';
import { findBidiControl, showBidiControls } from './bidi-controls.js';

describe('bidi controls in names', () => {
  it('finds every override, embedding, isolate and mark, and nothing in ordinary text', () => {
    for (const code of [
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c,
    ]) {
      const name = `memory/rtl${String.fromCodePoint(code)}dm.exe.md`;
      expect(findBidiControl(name)).toBe(`U+${code.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    for (const name of [
      'memory/notes.md',
      'memory/2026-05-04-合同.md',
      'memory/שלום.md',
      'memory/مرحبا.md',
      'memory/emoji-🦜.md',
    ]) {
      expect([name, findBidiControl(name)]).toEqual([name, null]);
    }
  });

  it('spells each control out, so the name cannot draw as something else', () => {
    expect(showBidiControls('rtl\u202Edm.exe.md')).toBe('rtl⟨U+202E⟩dm.exe.md');
    expect(showBidiControls('a\u2066b\u2069\u200Fc')).toBe('a⟨U+2066⟩b⟨U+2069⟩⟨U+200F⟩c');
    expect(showBidiControls('plain שלום.md')).toBe('plain שלום.md');
  });
});
