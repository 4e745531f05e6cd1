// New memory files follow the layout OpenClaw agents write: dated notes as
// memory/YYYY-MM-DD-<slug>.md with frontmatter, topic files as memory/<slug>.md.

export type NewFileKind = 'dated' | 'topic';

/** Lowercase, words joined by '-', letters of any script kept (Chinese titles stay readable). */
export function slugify(title: string): string {
  return title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

export function isoDay(date: Date): string {
  const y = date.getFullYear();
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}

export function newMemoryFile(kind: NewFileKind, title: string, today: Date): { path: string; text: string } {
  const slug = slugify(title) || 'note';
  const day = isoDay(today);
  const heading = title.trim() || 'Note';
  if (kind === 'dated') {
    return {
      path: `memory/${day}-${slug}.md`,
      text: `---\ncreated: ${day}\nupdated: ${day}\ntype: note\ntags: []\n---\n\n# ${heading}\n\n`,
    };
  }
  return {
    path: `memory/${slug}.md`,
    text: `---\ncreated: ${day}\ntype: topic\ntags: []\n---\n\n# ${heading}\n\n`,
  };
}

/** Why a rename target is refused; the dialog words it (`files:renameProblem.<id>`). */
export type RenameProblem = 'empty' | 'absolute' | 'dots' | 'notMarkdown';

/** A rename target must stay a Markdown file inside memory/ or at the root, with no `..`. */
export function validateRenameTarget(path: string): RenameProblem | null {
  const p = path.trim();
  if (!p) return 'empty';
  if (p.startsWith('/') || /^[a-zA-Z]:/.test(p)) return 'absolute';
  if (p.split('/').some((part) => part === '..' || part === '.' || part === '')) return 'dots';
  if (!p.endsWith('.md')) return 'notMarkdown';
  return null;
}
