// A transcript message rendered as Markdown (react-markdown: no raw HTML, unsafe URLs dropped),
// with the words the engine matched still marked and OpenClaw's `[message_id: …]` hints hidden.
// The match offsets are into the raw text, so they are planted as two private-use characters
// before parsing and turned into <mark> elements after; a mark may span bold or code.
import ReactMarkdown from 'react-markdown';
import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { LineMatch } from '../../../../../shared/domain';

const OPEN = '\uE000';
const CLOSE = '\uE001';
const MESSAGE_ID = /\[message_id:[^\]\n]*\]/gi;

/** The raw text with every match wrapped in OPEN…CLOSE, and message ids taken out. */
export function plantMarks(text: string, matches: readonly LineMatch[] | undefined): string {
  let out = '';
  let last = 0;
  for (const m of [...(matches ?? [])].sort((a, b) => a.start - b.start)) {
    const start = Math.max(m.start, last);
    const end = Math.min(m.end, text.length);
    if (end <= start) continue;
    out += text.slice(last, start) + OPEN + text.slice(start, end) + CLOSE;
    last = end;
  }
  out += text.slice(last);
  return out.replace(MESSAGE_ID, (id) => id.replace(/[^\uE000\uE001]/g, '')).replace(/[ \t]+$/gm, '');
}

/** rehype step: text between OPEN and CLOSE becomes <mark>, across element boundaries. */
function rehypeMarks() {
  return (tree: Root) => {
    let open = false;
    const visit = (node: Root | Element) => {
      const next: Array<RootContent | ElementContent> = [];
      for (const child of node.children) {
        if (child.type === 'text' && /[\uE000\uE001]/.test(child.value)) {
          for (const piece of child.value.split(/([\uE000\uE001])/)) {
            if (piece === OPEN) open = true;
            else if (piece === CLOSE) open = false;
            else if (piece) next.push(open ? mark(piece) : { type: 'text', value: piece });
          }
        } else if (child.type === 'text' && open) {
          next.push(mark(child.value));
        } else {
          if (child.type === 'element') visit(child);
          next.push(child);
        }
      }
      node.children = next as typeof node.children;
    };
    visit(tree);
  };
}

function mark(value: string): Element {
  return {
    type: 'element',
    tagName: 'mark',
    properties: { dataTestid: 'transcript-match' },
    children: [{ type: 'text', value }],
  };
}

export function MessageMarkdown({ text, matches }: { text: string; matches: readonly LineMatch[] | undefined }) {
  return (
    <ReactMarkdown
      skipHtml
      rehypePlugins={[rehypeMarks]}
      components={{ a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noreferrer noopener" /> }}
    >
      {plantMarks(text, matches)}
    </ReactMarkdown>
  );
}
