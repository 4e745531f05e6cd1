// Terminal width of what the CLI prints in columns: a CJK character (or a full-width sign) takes two
// cells, so Chinese labels and table cells line up like English ones.
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

/** Terminal columns `text` takes. */
export function columns(text: string): number {
  let n = 0;
  for (const ch of text) n += WIDE.test(ch) ? 2 : 1;
  return n;
}

/** `text` padded with spaces to `width` columns (at the end, or at the start for numbers). */
export function padColumns(text: string, width: number, align: 'start' | 'end' = 'end'): string {
  const pad = ' '.repeat(Math.max(0, width - columns(text)));
  return align === 'end' ? text + pad : pad + text;
}
