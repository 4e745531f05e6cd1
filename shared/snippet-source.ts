// OpenClaw appends a result's citation to its snippet (`Source: path#L3-L9`) when citations are
// on; the MCP tools and `memlens search --json` both do it with this one function.
export function withSourceLine(snippet: string, citation: string): string {
  return `${snippet.trimEnd()}\n\nSource: ${citation}`;
}
