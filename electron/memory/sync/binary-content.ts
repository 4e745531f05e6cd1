// A file named `.md` whose bytes are not text (an image, an archive, a database renamed or synced
// in by mistake) would become hundreds of junk chunks that match random queries. It is skipped
// instead, with the reason in the file list and status.
//
// Valid UTF-8 is text whatever it holds: a transcript may carry thousands of U+FFFD characters
// (mojibake pasted by a user) and is still readable and searchable. Only bytes that do not
// decode count against a file.

import { indexReasons, type IndexReason } from '../../../shared/index-reasons.js';

/** Enough bytes to tell: every common binary format has a NUL or an invalid UTF-8 run this early. */
const SAMPLE_BYTES = 64 * 1024;
/** Text in a legacy encoding (Latin-1 accents) has a few invalid sequences; binary data has them everywhere. */
const MAX_INVALID_SHARE = 0.1;
/** U+FFFD as UTF-8: a replacement character the file really contains, not a decoding failure. */
const REPLACEMENT_BYTES = [0xef, 0xbf, 0xbd] as const;

/** Why `bytes` is not text, or null when it is. */
export function binaryContentReason(bytes: Uint8Array): IndexReason | null {
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  const nul = sample.indexOf(0);
  if (nul !== -1) return indexReasons.nulByte(nul);
  // A sample cut short may end inside a character: streaming lets that last one wait, not fail.
  const cut = sample.length < bytes.length;
  if (isValidUtf8(sample, cut)) return null;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(sample, { stream: cut });
  let replacements = 0;
  for (const char of text) if (char === '\uFFFD') replacements += 1;
  const invalid = replacements - countReplacementBytes(sample);
  const share = invalid / Math.max(1, text.length);
  if (share <= MAX_INVALID_SHARE) return null;
  const sampled = cut ? { kb: SAMPLE_BYTES / 1024 } : { bytes: sample.length };
  return indexReasons.invalidUtf8(Math.round(share * 100), invalid, sampled);
}

function isValidUtf8(sample: Uint8Array, cut: boolean): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: cut });
    return true;
  } catch {
    return false;
  }
}

function countReplacementBytes(sample: Uint8Array): number {
  let count = 0;
  for (let i = sample.indexOf(REPLACEMENT_BYTES[0]); i !== -1 && i + 2 < sample.length;) {
    if (sample[i + 1] === REPLACEMENT_BYTES[1] && sample[i + 2] === REPLACEMENT_BYTES[2]) {
      count += 1;
      i = sample.indexOf(REPLACEMENT_BYTES[0], i + 3);
    } else {
      i = sample.indexOf(REPLACEMENT_BYTES[0], i + 1);
    }
  }
  return count;
}
