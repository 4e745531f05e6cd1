// A file named `.md` whose bytes are not text (an image, an archive, a database renamed or synced
// in by mistake) would become hundreds of junk chunks that match random queries. It is skipped
// instead, with the reason in the file list and status.

/** Enough bytes to tell: every common binary format has a NUL or an invalid UTF-8 run this early. */
const SAMPLE_BYTES = 64 * 1024;
/** Text in a legacy encoding (Latin-1 accents) has a few invalid sequences; binary data has them everywhere. */
const MAX_INVALID_SHARE = 0.1;

/** Why `bytes` is not text, or null when it is. */
export function binaryContentReason(bytes: Uint8Array): string | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const nul = sample.indexOf(0);
  if (nul !== -1) return `not text (a NUL byte at offset ${nul}); binary files are not indexed`;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample);
  let invalid = 0;
  for (const char of text) if (char === '\uFFFD') invalid += 1;
  // The sample may end inside a character: one replacement there is the cut, not the content.
  if (invalid > 1 && invalid / Math.max(1, text.length) > MAX_INVALID_SHARE) {
    return `not text (${Math.round((invalid / text.length) * 100)}% invalid UTF-8); binary files are not indexed`;
  }
  return null;
}
