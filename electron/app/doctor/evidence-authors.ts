// Who wrote the lines each finding cites: the memory history's line origins (the version each line
// of the file now came from) and that version's author — you in Memory Lens, the agent, dreaming,
// git or someone outside the app — so a user judging "keep the newer" sees who wrote which.
import type { EvidenceAuthor, Finding } from '../../../shared/doctor-schemas.js';
import type { LineOrigins } from '../../../shared/history-schemas.js';

export async function withEvidenceAuthors(
  findings: readonly Finding[],
  originsOf: (path: string) => Promise<LineOrigins | null>,
  yieldEvery?: () => Promise<void>,
): Promise<Finding[]> {
  const byPath = new Map<string, LineOrigins | null>();
  for (const finding of findings)
    for (const e of finding.evidence) {
      if (byPath.has(e.path)) continue;
      byPath.set(e.path, await originsOf(e.path).catch(() => null));
      await yieldEvery?.();
    }
  return findings.map((finding) => ({
    ...finding,
    evidence: finding.evidence.map((e) => ({ ...e, authors: authorsOf(byPath.get(e.path) ?? null, e) })),
  }));
}

/** The authors of lines [startLine, endLine], one per version they came from, oldest first. */
function authorsOf(origins: LineOrigins | null, range: { startLine: number; endLine: number }): EvidenceAuthor[] {
  if (!origins) return [];
  const ids = new Set<number>();
  for (const { line, versionId } of origins.lines)
    if (line >= range.startLine && line <= range.endLine && versionId !== null) ids.add(versionId);
  return origins.versions
    .filter((v) => ids.has(v.id))
    .sort((a, b) => a.time - b.time || a.id - b.id)
    .map((v) => ({ kind: v.author.kind, label: v.author.label, versionId: v.id, time: v.time }));
}
