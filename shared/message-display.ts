// What a person reads as a message's words and a title: without the sender label OpenClaw puts
// before a message in an envelope, and (for titles) without Markdown syntax. Pure, so the index,
// the transcript view and every title agree.

/**
 * The labels OpenClaw 2026.9.6's formatInboundEnvelope writes before the words: `(self): ` for the
 * user's own messages, `(sender): ` when the direct label held a colon, `name (id): `
 * (resolveSenderLabel), and a bare `name: ` or `id: ` when only one is known.
 */
const SELF_OR_UNKNOWN = /^\((self|sender)\):\s*/;
const NAME_WITH_ID = /^([^\s:：()（）\n][^:：()（）\n]{0,39}) [(（]([^()（）\n\s]{3,80})[)）]\s*[:：]\s*/u;
const BARE_LABEL = /^([^\s:：()（）\n[\]][^:：()（）\n[\]]{0,39}?)\s*(?::\s+|：\s*)/u;

export interface SenderSplit {
  body: string;
  sender?: string;
}

/**
 * The words after an envelope, with its sender label moved out. Only call it on text that came in
 * an envelope: "Note: buy milk" typed by a person has no sender label.
 */
export function splitSenderLabel(afterEnvelope: string): SenderSplit {
  const self = SELF_OR_UNKNOWN.exec(afterEnvelope);
  if (self) return { body: afterEnvelope.slice(self[0].length), sender: `(${self[1]})` };
  const named = NAME_WITH_ID.exec(afterEnvelope);
  if (named) return { body: afterEnvelope.slice(named[0].length), sender: named[1]!.trim() };
  const bare = BARE_LABEL.exec(afterEnvelope);
  // A link (`https: …`) or a clock (`10: …`) is not a sender.
  if (bare && !/^(?:https?|ftp|\d{1,2})$/i.test(bare[1]!) && afterEnvelope.length > bare[0].length) {
    return { body: afterEnvelope.slice(bare[0].length), sender: bare[1]!.trim() };
  }
  return { body: afterEnvelope };
}

const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/;
const HEADING_MARKER = /^#{1,6}\s+/;
const QUOTE_MARKER = /^(?:>\s?)+/;

/**
 * A line of Markdown as a title reads: list, heading and quote markers off, emphasis, code and
 * strike marks off, links and images by their text, HTML tags and entities of spacing off.
 */
export function plainTitle(line: string): string {
  let text = line.trim().replace(QUOTE_MARKER, '').replace(HEADING_MARKER, '').replace(LIST_MARKER, '');
  text = text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/<\/?[a-z][^>]*>/gi, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/(\*\*|__)(?=\S)(.+?)(?<=\S)\1/g, '$2')
    .replace(/(?<![\w*])([*_])(?=\S)(.+?)(?<=\S)\1(?![\w*])/g, '$2')
    .replace(/~~(?=\S)(.+?)(?<=\S)~~/g, '$1')
    .replace(/`+([^`]+)`+/g, '$1')
    .replace(/\s+#+\s*$/, '');
  return text.replace(/\s+/g, ' ').trim();
}
