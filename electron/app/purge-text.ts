// Replacing one secret value wherever the app keeps a copy of it: in raw bytes (kept versions, the
// trash), in JSON (drafts, judgments, the search log's entries) and in SQLite text columns. A value
// is looked for both as typed and as JSON writes it (a quote or backslash in it is escaped there).

export interface PurgeNeedle {
  value: string;
  placeholder: string;
}

/** The value as it appears inside a JSON string (without the quotes). */
export function jsonEscaped(value: string): string {
  return JSON.stringify(value).slice(1, -1);
}

/** Whether the bytes hold the value, as typed or JSON-escaped. */
export function bytesHold(bytes: Buffer, value: string): boolean {
  if (bytes.includes(Buffer.from(value, 'utf8'))) return true;
  const escaped = jsonEscaped(value);
  return escaped !== value && bytes.includes(Buffer.from(escaped, 'utf8'));
}

/** The bytes with every copy of the value replaced; null when they held none. */
export function replaceInBytes(bytes: Buffer, needle: PurgeNeedle): Buffer | null {
  const needleBytes = Buffer.from(needle.value, 'utf8');
  if (!bytes.includes(needleBytes)) return null;
  const replacement = Buffer.from(needle.placeholder, 'utf8');
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = bytes.indexOf(needleBytes); at !== -1; at = bytes.indexOf(needleBytes, from)) {
    parts.push(bytes.subarray(from, at), replacement);
    from = at + needleBytes.length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** `value` (any JSON value) with the secret replaced in every string, keys included. */
export function replaceInJson(value: unknown, needle: PurgeNeedle): unknown {
  if (typeof value === 'string') return value.replaceAll(needle.value, needle.placeholder);
  if (Array.isArray(value)) return value.map((item) => replaceInJson(item, needle));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [
      key.replaceAll(needle.value, needle.placeholder),
      replaceInJson(field, needle),
    ]),
  );
}

/** JSON text with the secret replaced in its strings; null when it held none (or is not JSON). */
export function replaceInJsonText(text: string, needle: PurgeNeedle): string | null {
  if (!text.includes(needle.value) && !text.includes(jsonEscaped(needle.value))) return null;
  try {
    return JSON.stringify(replaceInJson(JSON.parse(text), needle));
  } catch {
    return null;
  }
}
