// The integrity contract of OpenClaw memory files: a memory file's frontmatter may carry
// `checksum` (sha256 of the body) and `updated`. Whoever writes the file keeps both true. This
// rewrites exactly those two values — the key, the quotes, a `sha256:` prefix, comments and every
// other byte of the file stay as they were — so an app save does not leave a stale checksum that
// then reads as damage.
import { sha256 } from '../text/hash.js';
import { parseFrontmatter } from './frontmatter.js';

export interface IntegrityRefresh {
  text: string;
  /** False when the file has no frontmatter `checksum` (nothing to keep true, nothing changed). */
  applied: boolean;
}

/** Top-level `checksum:` / `updated:` lines of the YAML block: key, separator, then the value and any comment. */
const FIELD_LINE = /^(checksum|updated)([ \t]*:[ \t]*)(.*?)(\r?)$/;

/**
 * `text` with its frontmatter `checksum` set to the sha256 of its body and `updated` (when present)
 * set to `now`, written in the style of the value it replaces. Files without a `checksum` field
 * come back unchanged: the contract is the file's to opt into.
 */
export function refreshIntegrityFields(text: string, now: Date): IntegrityRefresh {
  const parsed = parseFrontmatter(text);
  if (!parsed.checksum || parsed.endLine === 0) return { text, applied: false };
  const lines = text.split('\n');
  // Line 1 is the opening fence, line endLine the closing one: the YAML is in between.
  for (let i = 1; i < parsed.endLine - 1; i++) {
    const match = FIELD_LINE.exec(lines[i]!);
    if (!match) continue;
    const [, key, separator, rest, cr] = match as unknown as [string, 'checksum' | 'updated', string, string, string];
    const value = splitScalar(rest);
    if (!value) continue; // a block scalar or something else we cannot rewrite in place: leave it
    const next = key === 'checksum' ? checksumLike(value.value, sha256(parsed.body)) : timestampLike(value.value, now);
    lines[i] = `${key}${separator}${value.quote}${next}${value.quote}${value.suffix}${cr}`;
  }
  return { text: lines.join('\n'), applied: true };
}

/** A one-line YAML scalar: plain, 'single' or "double" quoted, with what follows it (spaces, a comment). */
function splitScalar(rest: string): { quote: string; value: string; suffix: string } | null {
  const quote = rest[0] === '"' || rest[0] === "'" ? rest[0] : '';
  if (quote) {
    const end = rest.indexOf(quote, 1);
    if (end === -1) return null;
    return { quote, value: rest.slice(1, end), suffix: rest.slice(end + 1) };
  }
  if (rest === '' || rest.startsWith('|') || rest.startsWith('>')) return null;
  const comment = rest.search(/[ \t]#/);
  const body = comment === -1 ? rest : rest.slice(0, comment);
  const value = body.trimEnd();
  return { quote: '', value, suffix: rest.slice(value.length) };
}

/** The new hex digest, keeping a `sha256:` prefix (in its case) when the old value had one. */
function checksumLike(old: string, hex: string): string {
  const prefix = /^sha256:\s*/i.exec(old.trim())?.[0] ?? '';
  return `${prefix}${hex}`;
}

const ISO = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * `now` written like `old`: a date stays a date, a timestamp keeps its precision and its zone
 * (`Z`, `+08:00`, or none = local time). Anything else becomes an ISO 8601 timestamp with this
 * machine's offset.
 */
export function timestampLike(old: string, now: Date): string {
  const match = ISO.exec(old.trim());
  if (!match) return formatInZone(now, -now.getTimezoneOffset(), { seconds: true, millis: 0, zone: 'offset' });
  const [, , hours, , seconds, fraction, zone] = match;
  if (hours === undefined)
    return formatInZone(now, -now.getTimezoneOffset(), { dateOnly: true, seconds: false, millis: 0, zone: 'none' });
  const precision = { seconds: seconds !== undefined, millis: fraction ? fraction.length - 1 : 0 };
  if (zone === undefined) return formatInZone(now, -now.getTimezoneOffset(), { ...precision, zone: 'none' });
  if (zone === 'Z') return formatInZone(now, 0, { ...precision, zone: 'Z' });
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  const offset = sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4)));
  return formatInZone(now, offset, { ...precision, zone: zone.includes(':') ? 'offset' : 'compact' });
}

function formatInZone(
  now: Date,
  offsetMinutes: number,
  style: { dateOnly?: boolean; seconds: boolean; millis: number; zone: 'Z' | 'offset' | 'compact' | 'none' },
): string {
  // Shift the instant so its UTC fields read as the wall clock of that zone.
  const wall = new Date(now.getTime() + offsetMinutes * 60_000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const date = `${pad(wall.getUTCFullYear(), 4)}-${pad(wall.getUTCMonth() + 1)}-${pad(wall.getUTCDate())}`;
  if (style.dateOnly) return date;
  let time = `${pad(wall.getUTCHours())}:${pad(wall.getUTCMinutes())}`;
  if (style.seconds) time += `:${pad(wall.getUTCSeconds())}`;
  if (style.seconds && style.millis > 0)
    time += `.${pad(wall.getUTCMilliseconds(), 3).padEnd(style.millis, '0').slice(0, style.millis)}`;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone =
    style.zone === 'Z'
      ? 'Z'
      : style.zone === 'none'
        ? ''
        : style.zone === 'compact'
          ? `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
          : `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  return `${date}T${time}${zone}`;
}
