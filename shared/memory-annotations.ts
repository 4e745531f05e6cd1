// Line annotations in MEMORY.md / USER.md (`<!-- importance: N -->`, `<!-- trigger: a, b -->`,
// `<!-- project: key -->`), read by the rules of OpenClaw 2026.9.6 (its curated-annotations.ts):
// the editor draws them as chips, the engine strips them from indexed text and turns them into
// the importance multiplier. Pure: no I/O, no imports outside shared/.
import { isRootMemoryPath } from './memory-scope.js';

export type AnnotationKind = 'importance' | 'trigger' | 'project';

/** One `<!-- kind: value -->` carrier, as UTF-16 offsets into the text it was found in. */
export interface MemoryAnnotation {
  kind: AnnotationKind;
  /** The value between the colon and `-->`, trimmed. */
  value: string;
  start: number;
  /** Exclusive: just after `-->`. */
  end: number;
}

const ANY_MARKER = () => /<!--\s*(trigger|importance|project)\s*:/giu;

/**
 * Every annotation carrier in `text`. With `lineScoped`, a carrier whose `-->` is on a later line
 * is not one (OpenClaw strips only single-line carriers from indexed text).
 */
export function scanAnnotations(text: string, lineScoped = false, marker: RegExp = ANY_MARKER()): MemoryAnnotation[] {
  const found: MemoryAnnotation[] = [];
  let closing = -1;
  let newline = -1;
  const lineBreak = /[\r\n]/gu;
  for (let match = marker.exec(text); match; match = marker.exec(text)) {
    const valueStart = marker.lastIndex;
    if (closing < valueStart) {
      closing = text.indexOf('-->', valueStart);
      if (closing < 0) break;
    }
    if (lineScoped) {
      if (newline < valueStart) {
        lineBreak.lastIndex = valueStart;
        newline = lineBreak.exec(text)?.index ?? text.length;
      }
      if (newline < closing) continue;
    }
    found.push({
      kind: (match[1] ?? '').toLowerCase() as AnnotationKind,
      value: text.slice(valueStart, closing).trim(),
      start: match.index,
      end: closing + 3,
    });
    marker.lastIndex = closing + 3;
  }
  return found;
}

/** The text with single-line annotation carriers removed, and the spaces they leave at line ends. */
export function stripAnnotations(text: string): string {
  const carriers = scanAnnotations(text, true);
  if (carriers.length === 0) return text;
  let out = '';
  let cursor = 0;
  for (const carrier of carriers) {
    out += text.slice(cursor, carrier.start);
    cursor = carrier.end;
  }
  out += text.slice(cursor);
  return out.replace(/[ \t]+/gu, (space: string, offset: number, source: string) => {
    const end = offset + space.length;
    return end === source.length || /[\r\n\u2028\u2029]/u.test(source.charAt(end)) ? '' : space;
  });
}

/** Marks a project annotation that could not be read: OpenClaw then leaves the entry out of results. */
export const INVALID_PROJECT_KEY = '!invalid-project-annotation';

function normalizeProjectKey(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed || /[\r\n<>]/u.test(trimmed)) return null;
  if (trimmed.startsWith('path:')) return trimmed;
  const separator = trimmed.indexOf('/');
  if (separator < 1) return trimmed;
  return `${trimmed.slice(0, separator).toLowerCase()}${trimmed.slice(separator)}`;
}

function projectKeysOf(text: string): { annotated: boolean; valid: boolean; keys: string[] } {
  const keys = new Set<string>();
  const markerCount = [...text.matchAll(/<!--\s*project\s*:/giu)].length;
  let parsed = 0;
  let raw = 0;
  let valid = 0;
  for (const annotation of scanAnnotations(text, false, /<!--\s*(project)\s*:/giu)) {
    parsed += 1;
    for (const rawKey of annotation.value.split(';')) {
      raw += 1;
      const key = normalizeProjectKey(rawKey);
      if (key) {
        keys.add(key);
        valid += 1;
      }
    }
  }
  const annotated = markerCount > 0;
  return { annotated, valid: !annotated || (parsed === markerCount && raw > 0 && raw === valid), keys: [...keys] };
}

/** What an entry's annotations say, as OpenClaw stores it per chunk (recall metadata). */
export interface EntryRecallMetadata {
  /** 1–10, the highest valid one on the entry's lines; null when none (neutral). */
  importance: number | null;
  /** Trigger phrases joined with "; ", or null. */
  triggers: string | null;
  /** Project keys joined with "; ", INVALID_PROJECT_KEY when one is malformed, or null. */
  projectKey: string | null;
}

/**
 * The recall metadata of one entry (its source lines, annotations included). Importance and
 * triggers count only in a curated root file (MEMORY.md, memory.md, USER.md) and only on lines
 * that end with `-->`; projects count anywhere but USER.md.
 */
export function entryRecallMetadata(
  sourceLines: readonly string[],
  opts: { curatedRoot: boolean; projectScopeEligible: boolean },
): EntryRecallMetadata {
  const phrases = new Set<string>();
  let importance: number | null = null;
  const projects = opts.projectScopeEligible
    ? projectKeysOf(sourceLines.join('\n'))
    : { annotated: false, valid: true, keys: [] };
  for (const line of opts.curatedRoot ? sourceLines : []) {
    if (!line.trimEnd().endsWith('-->')) continue;
    for (const { kind, value } of scanAnnotations(line)) {
      if (kind === 'trigger') {
        for (const phrase of value.split(/[,;]/u).map((entry) => entry.trim())) if (phrase) phrases.add(phrase);
      } else if (kind === 'importance' && /^\d+$/u.test(value)) {
        const parsed = Number.parseInt(value, 10);
        if (parsed >= 1 && parsed <= 10) importance = Math.max(importance ?? parsed, parsed);
      }
    }
  }
  return {
    importance,
    triggers: phrases.size > 0 ? [...phrases].join('; ') : null,
    projectKey:
      projects.annotated && !projects.valid
        ? INVALID_PROJECT_KEY
        : projects.keys.length > 0
          ? projects.keys.join('; ')
          : null,
  };
}

/** OpenClaw's importance multiplier: 0.75 + 0.05 × importance (0.80 … 1.25); none is neutral (1). */
export function importanceMultiplier(importance: number | null | undefined): number {
  if (importance === null || importance === undefined) return 1;
  return 0.75 + Math.max(1, Math.min(10, Math.floor(importance))) * 0.05;
}

/** Why an annotation does nothing, for the editor's chip; null when it is in effect. */
export function annotationProblem(annotation: MemoryAnnotation, lineText: string): string | null {
  if (!lineText.trimEnd().endsWith('-->') && annotation.kind !== 'project')
    return 'not at the end of its line: OpenClaw ignores it';
  if (annotation.kind === 'importance') {
    if (!/^\d+$/u.test(annotation.value)) return 'importance must be a whole number from 1 to 10';
    const n = Number.parseInt(annotation.value, 10);
    if (n < 1 || n > 10) return 'importance must be from 1 to 10';
  }
  if (annotation.kind === 'project' && annotation.value.split(';').some((key) => normalizeProjectKey(key) === null)) {
    return 'a malformed project key hides this entry from search';
  }
  if (annotation.kind === 'trigger' && !annotation.value.split(/[,;]/u).some((p) => p.trim()))
    return 'no trigger phrase';
  return null;
}

/**
 * The importance of one chunk of Memory Lens's own index (its lines as written), for our ranking's
 * importance line: the highest valid `<!-- importance: N -->` on a line ending in `-->`, as OpenClaw
 * reads an entry. Null for files whose annotations OpenClaw does not read.
 */
export function chunkImportance(
  relPath: string,
  text: string,
  startLine: number,
): { importance: number | null; multiplier: number; line: number | null } | null {
  if (!isRootMemoryPath(relPath)) return null;
  let importance: number | null = null;
  let line: number | null = null;
  text.split('\n').forEach((lineText, i) => {
    const { importance: here } = entryRecallMetadata([lineText], { curatedRoot: true, projectScopeEligible: false });
    if (here !== null && (importance === null || here > importance)) {
      importance = here;
      line = startLine + i;
    }
  });
  return { importance, multiplier: importanceMultiplier(importance), line };
}
