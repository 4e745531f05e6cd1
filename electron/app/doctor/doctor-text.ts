// The doctor's words: each text a finding carries is a message (a key of the `doctor` locale
// namespace and its values), which the Doctor view translates, and its English, which the CLI and
// JSON print. Both come from shared/locales, so the English here is the English on screen.
import type { DoctorMessage } from '../../../shared/doctor-schemas.js';
import { translator } from '../../../shared/i18n.js';
import type { doctor } from '../../../shared/locales/en/doctor.js';

type PluralBase<K> = K extends `${infer B}_${'one' | 'other'}` ? B : K;
/** A finding text's key: `finding.conflictTitle`, or a date source's words. */
export type DoctorMessageId =
  | `finding.${PluralBase<keyof typeof doctor.finding & string>}`
  | `dateSource.${keyof typeof doctor.dateSource & string}`;

type Param = string | number | DoctorMessage;

export function say(id: DoctorMessageId, params: Record<string, Param> = {}): DoctorMessage {
  return { id, params };
}

const t = translator('en');

/** The message in English (values that are messages are put in words first). */
export function english(message: DoctorMessage): string {
  const values: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(message.params))
    values[key] = typeof value === 'object' ? english(value) : value;
  return t(doctorKey(message.id), values);
}

/** A doctor message's full key: its id in the `doctor` namespace, or another namespace's id as it is (an index reason). */
export function doctorKey(id: string): string {
  return id.includes(':') ? id : `doctor:${id}`;
}

/** `title` / `detail` and their messages, for a finding. */
export function titled(title: DoctorMessage, detail: DoctorMessage) {
  return { title: english(title), detail: english(detail), titleMessage: title, detailMessage: detail };
}

/** `label` and its message, for a fix. */
export function labelled(label: DoctorMessage) {
  return { label: english(label), labelMessage: label };
}

/** `note` and its message, for a piece of evidence. */
export function noted(note: DoctorMessage) {
  return { note: english(note), noteMessage: note };
}

/** "from the file name", or that the date's source is not known. */
export function dateSourceWords(source: string | null): DoctorMessage {
  return source === 'path' || source === 'frontmatter' || source === 'mtime' || source === 'history'
    ? say(`dateSource.${source}`)
    : say('finding.unknownSource');
}
