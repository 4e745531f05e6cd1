// Injected text with OpenClaw's own insertions (truncation markers, AGENTS.md digest labels,
// [MISSING] / [UNREADABLE] notes) highlighted, so it is plain what came from the file and what not.

/** Text OpenClaw inserts: truncation markers, AGENTS.md's digest labels, [MISSING]/[UNREADABLE] notes. */
const MARKER =
  /\[\.\.\.truncated, read [^\n]* for full content\.\.\.\]|…\(truncated [^\n]*?\)…|\[…truncated \d+\+\d+\/\d+\]|\[Policy digest from AGENTS\.md\]|\[\.\.\.\d+ more policy lines omitted\.\.\.\]|\[MISSING\] Expected at: [^\n]*|\[UNREADABLE: [^\n]*\]/g;

export function MarkedText({ text }: { text: string }) {
  const parts: { text: string; marker: boolean }[] = [];
  let at = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > at) parts.push({ text: text.slice(at, match.index), marker: false });
    parts.push({ text: match[0], marker: true });
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), marker: false });
  return (
    <pre className="injected-text" data-testid="injected-text">
      {parts.map((p, i) =>
        p.marker ? (
          <mark key={i} className="injected-text__marker" data-testid="injected-marker">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </pre>
  );
}
