// A memory file read line by line the way the doctor needs it: which lines are body text (not
// frontmatter, not inside a code fence), which are headings, and under which headings each sits.
// Pure; the finders all start from this one reading.

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

export interface MemoryLine {
  /** 1-based. */
  line: number;
  text: string;
  /** Body text a finder may read: not frontmatter, not fenced code, not blank. */
  body: boolean;
  heading: { level: number; title: string } | null;
  /** Titles of the headings this line sits under, outermost first (a heading line includes itself). */
  headingPath: string[];
}

export function splitLines(text: string): string[] {
  return text.split(/\r\n|\r|\n/);
}

export function readMemoryLines(text: string): MemoryLine[] {
  const lines = splitLines(text);
  const out: MemoryLine[] = [];
  let start = 0;
  if (lines[0]?.replace(/^\uFEFF/, '').trimEnd() === '---') {
    const close = lines.findIndex((l, i) => i > 0 && (l.trimEnd() === '---' || l.trimEnd() === '...'));
    if (close > 0) start = close + 1;
  }
  let fence: string | null = null;
  const stack: { level: number; title: string }[] = [];
  lines.forEach((raw, i) => {
    const base = { line: i + 1, text: raw, heading: null, headingPath: stack.map((h) => h.title) };
    if (i < start) return out.push({ ...base, body: false });
    const f = FENCE.exec(raw);
    if (f) {
      const marker = f[1]!;
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      return out.push({ ...base, body: false });
    }
    if (fence !== null || raw.trim() === '') return out.push({ ...base, body: false });
    const h = ATX.exec(raw);
    if (h) {
      const heading = { level: h[1]!.length, title: (h[2] ?? '').replace(/[ \t]+#+$/, '').trim() };
      while (stack.length > 0 && stack[stack.length - 1]!.level >= heading.level) stack.pop();
      stack.push(heading);
      return out.push({ ...base, body: true, heading, headingPath: stack.map((s) => s.title) });
    }
    return out.push({ ...base, body: true });
  });
  return out;
}
