// Who wrote the lines each finding cites: the memory history's line origins (the version each line
// of the file now came from) and that version's author — you in Memory Lens, the agent, dreaming,
// git or someone outside the app — so a user judging "keep the newer" sees who wrote which.
import type { EvidenceAuthor, Finding } from '../../../shared/doctor-schemas.js';
import type { LineOrigins } from '../../../shared/history-schemas.js';

/** Few at once: the completions of one batch run in one turn of the event loop, ahead of a waiting search. */
const ORIGINS_BATCH = 4;

export async function withEvidenceAuthors(
  findings: readonly Finding[],
  originsOf: (path: string) => Promise<LineOrigins | null>,
  yieldEvery?: () => Promise<void>,
): Promise<Finding[]> {
  const paths = [...new Set(findings.flatMap((f) => f.evidence.map((e) => e.path)))];
  const byPath = new Map<string, LineOrigins | null>();
  // A batch at a time, as the gathering reads files: while searches keep coming each read step
  // waits a turn behind one, and a batch's steps share those turns.
  for (let i = 0; i < paths.length; i += ORIGINS_BATCH) {
    const batch = paths.slice(i, i + ORIGINS_BATCH);
    const origins = await Promise.all(batch.map((p) => originsOf(p).catch(() => null)));
    batch.forEach((p, j) => byPath.set(p, origins[j]!));
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
    .map((v) => ({
      kind: v.author.kind,
      label: v.author.label,
      ...(v.author.messageId ? { messageId: v.author.messageId } : {}),
      ...(v.author.params ? { params: v.author.params } : {}),
      versionId: v.id,
      time: v.time,
    }));
}
