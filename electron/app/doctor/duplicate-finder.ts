// Duplicates: whole files copied under two folders, passages repeated exactly or nearly (shingled
// MinHash candidates, confirmed by exact Jaccard), and dreaming promotions that repeat a line the
// memory already holds. Each finding offers "keep one, link or remove the others".
import { promotedSections } from '../../../shared/memory-sections.js';
import type { DoctorMessage, Finding, FindingEvidence, FindingFix } from '../../../shared/doctor-schemas.js';
import type { DoctorFile } from './doctor-input.js';
import { findingId } from './finding-id.js';
import { deleteFileEdit, linkLine, removeLines, replaceLines } from './fix-edits.js';
import { sameTextKey, sameTextLine } from '../../../shared/same-text.js';
import { readMemoryLines, type MemoryLine } from './memory-lines.js';
import { candidatePairs, jaccard, shingles, signature, tokens } from './minhash.js';
import { labelled, noted, say, titled } from './doctor-text.js';

/** Passages with fewer tokens than this are too short to call copies (headings, "- none"). */
export const MIN_PASSAGE_TOKENS = 12;
/** Exact Jaccard of 3-token shingles at or above which two passages are near-duplicates (docs/doctor.md). */
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** A single repeated line must carry at least this many characters (after normalising) to count. */
export const MIN_LINE_CHARS = 24;
/** Signatures or candidate pairs between two checkpoints. */
const PER_CHECKPOINT = 64;

export interface Passage {
  file: DoctorFile;
  startLine: number;
  endLine: number;
  text: string;
  normalized: string;
  shingles: Set<string>;
}

/** `checkpoint` runs between files (and batches of pairs): the background pass stops there while a search runs. */
export function findDuplicates(files: readonly DoctorFile[], checkpoint: () => void = () => undefined): Finding[] {
  const findings: Finding[] = [];
  const readings = new Map(
    files.map((f) => {
      checkpoint();
      return [f.path, readMemoryLines(f.text)];
    }),
  );
  const copiedPairs = new Set<string>();
  findings.push(...findCopies(files, readings, copiedPairs, checkpoint));
  const pairKey = (a: string, b: string) => (a < b ? `${a}\0${b}` : `${b}\0${a}`);
  const covered = new Set<string>();

  const passages = memoryPassages(files, readings, checkpoint);
  const sigs = passages.map((p, i) => {
    if (i % PER_CHECKPOINT === 0) checkpoint();
    return signature(p.shingles);
  });
  // Pairs of one file pair make one finding: two notes that share three passages are one problem.
  const byFilePair = new Map<string, { a: Passage; b: Passage; similarity: number }[]>();
  for (const [n, [i, j]] of candidatePairs(sigs, checkpoint).entries()) {
    if (n % PER_CHECKPOINT === 0) checkpoint();
    const a = passages[i]!;
    const b = passages[j]!;
    if (a.file.path === b.file.path || copiedPairs.has(pairKey(a.file.path, b.file.path))) continue;
    const similarity = a.normalized === b.normalized ? 1 : jaccard(a.shingles, b.shingles);
    if (similarity < NEAR_DUPLICATE_JACCARD) continue;
    for (const p of [a, b]) for (let n = p.startLine; n <= p.endLine; n++) covered.add(`${p.file.path}:${n}`);
    const key = pairKey(a.file.path, b.file.path);
    const [first, second] = a.file.path < b.file.path ? [a, b] : [b, a];
    byFilePair.set(key, [...(byFilePair.get(key) ?? []), { a: first, b: second, similarity }]);
  }
  for (const pairs of byFilePair.values()) {
    pairs.sort((x, y) => x.a.startLine - y.a.startLine);
    const [keepFile, otherFile] = preferKeeping(pairs[0]!.a, pairs[0]!.b).map((p) => p.file);
    const side = (file: DoctorFile) => pairs.map((p) => (p.a.file === file ? p.a : p.b));
    const kept = side(keepFile!);
    const others = side(otherFile!);
    const exact = pairs.every((p) => p.similarity === 1);
    const lowest = Math.min(...pairs.map((p) => p.similarity));
    findings.push({
      id: findingId(
        'duplicate',
        [keepFile!.path, otherFile!.path].sort().join('|'),
        pairs.map((p) => [p.a.normalized, p.b.normalized].sort().join('\0')).join('\0'),
      ),
      kind: 'duplicate',
      subkind: exact ? 'exact' : 'near',
      ...titled(
        say(exact ? 'finding.sameTitle' : 'finding.nearTitle', {
          count: pairs.length,
          keep: keepFile!.path,
          other: otherFile!.path,
        }),
        exact
          ? say('finding.sameDetail')
          : say('finding.nearDetail', {
              percent: Math.round(lowest * 100),
              threshold: NEAR_DUPLICATE_JACCARD * 100,
            }),
      ),
      evidence: pairs.flatMap((p) => {
        const k = p.a.file === keepFile ? p.a : p.b;
        const o = p.a.file === keepFile ? p.b : p.a;
        return [
          passageEvidence(k, say('finding.keptByFirstFix')),
          passageEvidence(o, say('finding.similar', { percent: Math.round(p.similarity * 100) })),
        ];
      }),
      fixes: passageFixes(kept, others).concat(passageFixes(others, kept)),
    });
  }

  findings.push(...findRepeatedLines(files, readings, covered, copiedPairs, pairKey, checkpoint));
  return findings;
}

/** Runs of body lines that are not headings: a paragraph or a list. */
/** The passages near-duplicates are looked for in: runs of body lines with enough tokens. */
export function memoryPassages(
  files: readonly DoctorFile[],
  readings: ReadonlyMap<string, readonly MemoryLine[]> = new Map(files.map((f) => [f.path, readMemoryLines(f.text)])),
  checkpoint: () => void = () => undefined,
): Passage[] {
  const passages: Passage[] = [];
  for (const file of files) {
    checkpoint();
    for (const block of blocksOf(readings.get(file.path)!)) {
      const text = block.map((l) => l.text).join('\n');
      const words = tokens(block.map((l) => sameTextLine(l.text)).join(' '));
      if (words.length < MIN_PASSAGE_TOKENS) continue;
      passages.push({
        file,
        startLine: block[0]!.line,
        endLine: block[block.length - 1]!.line,
        text,
        normalized: words.join(' '),
        shingles: shingles(words),
      });
    }
  }
  return passages;
}

function blocksOf(lines: readonly MemoryLine[]): MemoryLine[][] {
  const blocks: MemoryLine[][] = [];
  let current: MemoryLine[] = [];
  for (const line of lines) {
    if (line.body && !line.heading) current.push(line);
    else if (current.length > 0) {
      blocks.push(current);
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current);
  return blocks;
}

/** Keep the topic file's copy over a dated note's, and the newer of two of a kind. */
function preferKeeping<T extends { file: DoctorFile }>(a: T, b: T): [T, T] {
  const dated = (p: T) => p.file.dateSource === 'path';
  if (dated(a) !== dated(b)) return dated(a) ? [b, a] : [a, b];
  return (a.file.date ?? '') >= (b.file.date ?? '') ? [a, b] : [b, a];
}

function passageEvidence(p: Passage, note?: DoctorMessage): FindingEvidence {
  return {
    path: p.file.path,
    startLine: p.startLine,
    endLine: p.endLine,
    text: p.text,
    date: p.file.date,
    dateSource: p.file.dateSource,
    ...(note ? noted(note) : {}),
  };
}

function titleOf(file: DoctorFile): string {
  const heading = readMemoryLines(file.text).find((l) => l.heading)?.heading?.title;
  return heading || file.path;
}

function passageFixes(keep: readonly Passage[], others: readonly Passage[]): FindingFix[] {
  const keepFile = keep[0]!.file;
  const otherFile = others[0]!.file;
  const where = others.map((o) => `${otherFile.path}:${o.startLine}`).join(', ');
  // One passage may match two of the kept file's: each line range is edited once.
  const unique = [...new Map(others.map((o) => [o.startLine, o])).values()];
  return [
    {
      id: `keep-${keepFile.path}-link`,
      ...labelled(say('finding.keepLink', { keep: keepFile.path, other: otherFile.path })),
      reason: `doctor: duplicate of ${keepFile.path} replaced by a link (${where})`,
      edits: unique.map((o) =>
        replaceLines(otherFile, o.startLine, o.endLine, [linkLine(otherFile.path, keepFile.path, titleOf(keepFile))]),
      ),
    },
    {
      id: `keep-${keepFile.path}-remove`,
      ...labelled(say('finding.keepRemoveCopy', { keep: keepFile.path, other: otherFile.path })),
      reason: `doctor: duplicate of ${keepFile.path} removed (${where})`,
      edits: unique.map((o) => removeLines(otherFile, o.startLine, o.endLine)),
    },
  ];
}

/** Two files whose body text is the same: one note copied under two folders. */
function findCopies(
  files: readonly DoctorFile[],
  readings: ReadonlyMap<string, MemoryLine[]>,
  copiedPairs: Set<string>,
  checkpoint: () => void,
): Finding[] {
  const byBody = new Map<string, DoctorFile[]>();
  for (const file of files) {
    checkpoint();
    const body = sameTextKey(
      readings
        .get(file.path)!
        .filter((l) => l.body)
        .map((l) => l.text)
        .join('\n'),
    );
    if (tokens(body).length < MIN_PASSAGE_TOKENS) continue;
    byBody.set(body, [...(byBody.get(body) ?? []), file]);
  }
  const findings: Finding[] = [];
  for (const [body, group] of byBody) {
    if (group.length < 2) continue;
    const sorted = [...group].sort(
      (a, b) => a.path.split('/').length - b.path.split('/').length || (a.path < b.path ? -1 : 1),
    );
    for (const a of sorted)
      for (const b of sorted)
        if (a !== b) copiedPairs.add(a.path < b.path ? `${a.path}\0${b.path}` : `${b.path}\0${a.path}`);
    const keep = sorted[0]!;
    findings.push({
      id: findingId('duplicate', sorted.map((f) => f.path).join('|'), body),
      kind: 'duplicate',
      subkind: 'copy',
      ...titled(
        say('finding.copyTitle', {
          first: sorted[0]!.path,
          others: sorted
            .slice(1)
            .map((f) => f.path)
            .join(', '),
        }),
        say('finding.copyDetail', { count: sorted.length }),
      ),
      evidence: sorted.map((f, i) => ({
        path: f.path,
        startLine: 1,
        endLine: readings.get(f.path)!.length,
        text: f.text,
        date: f.date,
        dateSource: f.dateSource,
        ...(i === 0 ? noted(say('finding.keptByFirstFix')) : {}),
      })),
      fixes: sorted.flatMap((kept) => {
        const others = sorted.filter((f) => f !== kept);
        return [
          {
            id: `keep-${kept.path}-delete`,
            ...labelled(say('finding.keepTrash', { keep: kept.path, others: others.map((f) => f.path).join(', ') })),
            reason: `doctor: copy of ${kept.path} removed`,
            edits: others.map((f) => deleteFileEdit(f)),
          },
        ];
      }),
    });
    void keep;
  }
  return findings;
}

/** Lines OpenClaw's dreaming wrote: its promoted / consolidated sections and managed blocks of MEMORY.md. */
export function dreamingLines(file: DoctorFile): Map<number, string> {
  const out = new Map<number, string>();
  const lines = readMemoryLines(file.text);
  for (const section of promotedSections(file.text))
    for (let n = section.startLine + 1; n <= section.endLine; n++) if (lines[n - 1]?.body) out.set(n, section.date);
  let inBlock: string | null = null;
  for (const line of lines) {
    const marker = /<!-- openclaw:dreaming:([\w-]+):(start|end) -->/.exec(line.text);
    if (marker) inBlock = marker[2] === 'start' ? marker[1]! : null;
    else if (inBlock && line.body && !line.heading && !out.has(line.line)) out.set(line.line, file.date ?? '');
  }
  return out;
}

function findRepeatedLines(
  files: readonly DoctorFile[],
  readings: ReadonlyMap<string, MemoryLine[]>,
  covered: ReadonlySet<string>,
  copiedPairs: ReadonlySet<string>,
  pairKey: (a: string, b: string) => string,
  checkpoint: () => void,
): Finding[] {
  const byText = new Map<string, { file: DoctorFile; line: MemoryLine; dreaming: boolean }[]>();
  for (const file of files) {
    checkpoint();
    const dreamt = dreamingLines(file);
    for (const line of readings.get(file.path)!) {
      if (!line.body || line.heading) continue;
      const norm = sameTextLine(line.text);
      if (norm.length < MIN_LINE_CHARS) continue;
      byText.set(norm, [...(byText.get(norm) ?? []), { file, line, dreaming: dreamt.has(line.line) }]);
    }
  }
  const findings: Finding[] = [];
  for (const [norm, all] of byText) {
    if (all.length < 2) continue;
    const dreaming = all.filter((o) => o.dreaming);
    const plain = all.filter((o) => !o.dreaming);
    const ev = (o: (typeof all)[number], note?: DoctorMessage): FindingEvidence => ({
      path: o.file.path,
      startLine: o.line.line,
      endLine: o.line.line,
      text: o.line.text,
      date: o.file.date,
      dateSource: o.file.dateSource,
      ...(note ? noted(note) : {}),
    });
    if (dreaming.length > 0 && plain.length > 0) {
      const original = plain[0]!;
      findings.push({
        id: findingId('duplicate', dreaming.map((d) => d.file.path).join('|'), `dreaming\0${norm}`),
        kind: 'duplicate',
        subkind: 'dreaming-repeat',
        ...titled(
          say('finding.dreamingRepeatTitle', { path: original.file.path }),
          say('finding.dreamingRepeatDetail', { path: original.file.path, line: original.line.line }),
        ),
        evidence: [
          ev(original, say('finding.alreadyThere')),
          ...dreaming.map((d) => ev(d, say('finding.dreamingPromotion'))),
        ],
        fixes: [
          {
            id: 'remove-promotion',
            ...labelled(say('finding.removePromotedRepeat')),
            reason: `doctor: dreaming promotion repeating ${original.file.path}:${original.line.line} removed`,
            edits: dreaming.map((d) => removeLines(d.file, d.line.line)),
          },
        ],
      });
      continue;
    }
    const fresh = all.filter((o) => !covered.has(`${o.file.path}:${o.line.line}`));
    if (fresh.length < 2) continue;
    const paths = new Set(fresh.map((o) => o.file.path));
    if (paths.size === 2) {
      const [p, q] = [...paths];
      if (copiedPairs.has(pairKey(p!, q!))) continue;
    }
    const [keep, ...others] = [...fresh].sort((a, b) => {
      const [first] = preferKeeping(a, b);
      return first === a ? -1 : 1;
    });
    findings.push({
      id: findingId('duplicate', [...paths].sort().join('|'), norm),
      kind: 'duplicate',
      subkind: 'exact',
      ...titled(
        paths.size > 1
          ? say('finding.sameLineInFiles', { count: fresh.length, files: paths.size })
          : say('finding.sameLineInFile', { count: fresh.length, path: keep!.file.path }),
        say('finding.sameLineDetail'),
      ),
      evidence: [ev(keep!, say('finding.keptByFix')), ...others.map((o) => ev(o))],
      fixes: [
        {
          id: 'keep-first-remove',
          ...labelled(say('finding.keepFirstRemove', { path: keep!.file.path, line: keep!.line.line })),
          reason: `doctor: repeated line removed (kept ${keep!.file.path}:${keep!.line.line})`,
          edits: others.map((o) => removeLines(o.file, o.line.line)),
        },
      ],
    });
  }
  return findings;
}
