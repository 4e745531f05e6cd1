// For tests of translated text: what still reads as an English sentence once the parts that stay
// as they are in every language (paths, config keys, quoted code or queries, product names) are set aside.
const KEPT = /Memory Lens|OpenClaw|memlens mcp|openclaw mcp set memory-lens|minScore|API|BM25/g;

/** Runs of three or more English words left in `text`; [] when it reads fully translated. */
export function englishLeft(text: string): string[] {
  const stripped = text
    .replace(/'[^']*'|"[^"]*"|`[^`]*`|“[^”]*”/g, ' ')
    .replace(/\S*[/.~_]\S*/g, ' ')
    .replace(KEPT, ' ');
  return stripped.match(/[A-Za-z]+(?:[ -]+[A-Za-z]+){2,}/g) ?? [];
}
