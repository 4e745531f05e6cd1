// Slicing JavaScript strings (UTF-16 code units) without leaving half of a surrogate pair at a
// cut. OpenClaw 2026.9.6 cuts bootstrap files this way, so an emoji that straddles a cut point is
// dropped whole; reproducing the budget exactly needs the same rule.

function isHighSurrogate(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/**
 * `text.slice(start, end)` (negative indices count from the end), except that a start landing on
 * the second half of a pair moves forward past it and an end landing inside a pair moves back
 * before it. Returns '' when the range is empty.
 */
export function sliceUtf16Safe(text: string, start: number, end?: number): string {
  const length = text.length;
  let from = start < 0 ? Math.max(length + start, 0) : Math.min(start, length);
  let to = end === undefined ? length : end < 0 ? Math.max(length + end, 0) : Math.min(end, length);
  if (to <= from) return '';
  if (from > 0 && from < length && isLowSurrogate(text.charCodeAt(from)) && isHighSurrogate(text.charCodeAt(from - 1)))
    from += 1;
  if (to > 0 && to < length && isHighSurrogate(text.charCodeAt(to - 1)) && isLowSurrogate(text.charCodeAt(to))) to -= 1;
  return text.slice(from, to);
}

/** The first `maxLength` code units, one fewer when the cut would split a pair. */
export function truncateUtf16Safe(text: string, maxLength: number): string {
  const limit = Math.max(0, Math.floor(maxLength));
  return text.length <= limit ? text : sliceUtf16Safe(text, 0, limit);
}

/** True when the string holds half of a surrogate pair somewhere (what the older releases could produce). */
export function hasLoneSurrogate(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (isHighSurrogate(unit)) {
      if (i + 1 < text.length && isLowSurrogate(text.charCodeAt(i + 1))) i++;
      else return true;
    } else if (isLowSurrogate(unit)) {
      return true;
    }
  }
  return false;
}
