// Invisible text-direction controls in file names. U+202E (RIGHT-TO-LEFT OVERRIDE) makes
// `rtl\u202Edm.exe.md` draw as `rtlmd.exe.md`-like text that reads as something it is not (the
// "Trojan Source" trick, CVE-2021-42574). New names with them are refused; old ones are drawn
// with each control spelled out, so what the user sees is what is on disk.

/** U+202A–U+202E embeddings and overrides, U+2066–U+2069 isolates, LRM/RLM, ALM. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** The first bidi control in `text` as `U+XXXX`, or null. */
export function findBidiControl(text: string): string | null {
  const match = text.match(new RegExp(BIDI_CONTROLS.source));
  return match ? codePointName(match[0]) : null;
}

/** `text` with every bidi control replaced by a visible `⟨U+XXXX⟩`. */
export function showBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, (c) => `⟨${codePointName(c)}⟩`);
}

function codePointName(char: string): string {
  return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}
