// Sections of a Markdown memory file (ATX headings, outside code fences and frontmatter), the
// ones OpenClaw's dreaming appended, and the plan for moving one into a topic file. Pure, so the
// editor can run it on the live buffer and apply the plan as one undoable change. A section runs
// from its heading to the last non-blank line before the next heading of the same or a higher level.

import type { MemorySection, PromotedSection } from './domain.js';

export type { MemorySection, PromotedSection };

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** OpenClaw's own heading patterns (memory-budget / short-term promotion code). */
const PROMOTED = /^## Promoted From Short-Term Memory \(([^)]+)\)\s*$/;
const CONSOLIDATED = /^## Consolidated Memory \(([^)]+)\)\s*$/;
const PROMOTION_MARKER = /<!--\s*openclaw-memory-promotion:[^\n]*?-->/g;

function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

export function parseSections(text: string): MemorySection[] {
  const lines = splitLines(text);
  const headings: { level: number; title: string; line: number }[] = [];
  let fence: string | null = null;
  let start = 0;
  // Frontmatter is metadata, not a section.
  if (lines[0]?.replace(/^\uFEFF/, '').trimEnd() === '---') {
    const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
    if (close > 0) start = close + 1;
  }
  for (let i = start; i < lines.length; i++) {
    const line = lines[i]!;
    const f = FENCE.exec(line);
    if (f) {
      const marker = f[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (fence !== null) continue;
    const h = ATX.exec(line);
    if (h) headings.push({ level: h[1]!.length, title: (h[2] ?? '').replace(/[ \t]+#+$/, '').trim(), line: i + 1 });
  }
  return headings.map((h, index) => {
    let end = lines.length;
    for (const next of headings.slice(index + 1)) {
      if (next.level <= h.level) {
        end = next.line - 1;
        break;
      }
    }
    while (end > h.line && lines[end - 1]!.trim() === '') end--;
    let chars = 0;
    for (let n = h.line; n <= end; n++) chars += lines[n - 1]!.length + 1;
    return { level: h.level, title: h.title, startLine: h.line, endLine: end, chars: Math.max(0, chars - 1) };
  });
}

/** Sections OpenClaw's dreaming wrote, oldest date first (position breaks ties). */
export function promotedSections(text: string): PromotedSection[] {
  const lines = splitLines(text);
  const found: PromotedSection[] = [];
  for (const section of parseSections(text)) {
    const heading = lines[section.startLine - 1]!;
    const promoted = PROMOTED.exec(heading);
    const consolidated = promoted ? null : CONSOLIDATED.exec(heading);
    const match = promoted ?? consolidated;
    if (!match) continue;
    const body = lines.slice(section.startLine - 1, section.endLine).join('\n');
    found.push({
      ...section,
      kind: promoted ? 'promoted' : 'consolidated',
      date: match[1]!.trim(),
      entries: body.match(PROMOTION_MARKER)?.length ?? 0,
    });
  }
  return found.sort((a, b) => (a.date === b.date ? a.startLine - b.startLine : a.date < b.date ? -1 : 1));
}

/** A file name for a section: lower-case words (any script) joined by dashes, at most 60 characters. */
export function slugForSection(title: string): string {
  const promoted =
    /^Promoted From Short-Term Memory \(([^)]+)\)$/.exec(title) ?? /^Consolidated Memory \(([^)]+)\)$/.exec(title);
  const base = promoted ? `${title.startsWith('Promoted') ? 'promoted' : 'consolidated'}-${promoted[1]}` : title;
  const slug = base
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return Array.from(slug).slice(0, 60).join('').replace(/-+$/, '') || 'section';
}

export interface MoveSectionPlan {
  /** Workspace-relative path of the new topic file. */
  topicPath: string;
  /** Its content: the section as written, ending in one line break. */
  topicText: string;
  /** Lines [startLine, endLine] of the memory file become this one line. */
  startLine: number;
  endLine: number;
  pointerLine: string;
}

/** What "move this section to a topic file" does; nothing is changed until the caller applies it. */
export function planMoveSection(
  text: string,
  section: Pick<MemorySection, 'title' | 'startLine' | 'endLine'>,
  slug: string,
  eol = '\n',
): MoveSectionPlan {
  const clean = slugForSection(slug);
  const topicPath = `memory/${clean}.md`;
  const lines = splitLines(text).slice(section.startLine - 1, section.endLine);
  const title = section.title || clean;
  return {
    topicPath,
    topicText: `${lines.join(eol)}${eol}`,
    startLine: section.startLine,
    endLine: section.endLine,
    // One line the agent still reads at every start, telling it where the rest went.
    pointerLine: `- ${title}: moved to ${topicPath} — read it with memory_get when it matters.`,
  };
}
