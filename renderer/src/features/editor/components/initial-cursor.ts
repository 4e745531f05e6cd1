// Where the cursor starts in a file opened without a search hit: never inside the frontmatter,
// where the first keys typed would break the YAML (`hello from walkthrough---` on disk). A body
// that is only a heading and blank lines (a new file) gets the cursor at its end, ready to write.
const FENCE = /^(?:---|\.\.\.)\s*$/;

export function initialCursor(text: string): number {
  if (!/^---\r?\n/.test(text)) return 0;
  let at = text.indexOf('\n') + 1;
  while (at > 0 && at <= text.length) {
    const end = text.indexOf('\n', at);
    const line = text.slice(at, end < 0 ? text.length : end).replace(/\r$/, '');
    if (FENCE.test(line)) {
      const bodyStart = end < 0 ? text.length : end + 1;
      const body = text.slice(bodyStart);
      const onlyHeading =
        body.split(/\r?\n/).every((l) => l.trim() === '' || /^#{1,6}\s/.test(l)) &&
        body.split(/\r?\n/).filter((l) => l.trim() !== '').length <= 1;
      return onlyHeading ? text.length : bodyStart;
    }
    if (end < 0) break;
    at = end + 1;
  }
  return 0; // no closing fence: not frontmatter
}
