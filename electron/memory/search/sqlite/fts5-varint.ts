// The one reader of SQLite varints as FTS5 writes them (sqlite3Fts5GetVarint): big-endian groups of
// 7 bits, the high bit meaning "more follows", a ninth byte carrying a full 8 bits.

/** The bytes of FTS5's index are not what this reader knows: the caller asks FTS5 itself. */
export class Fts5FormatError extends Error {}

/**
 * Reads varints and keeps where the last one ended in `end`: hot loops read that instead of
 * allocating a tuple per varint. Each reader owns its own; none is shared.
 */
export class VarintReader {
  end = 0;

  read(bytes: Uint8Array, offset: number): number {
    let value = 0;
    for (let i = 0; i < 8; i++) {
      const byte = bytes[offset + i];
      if (byte === undefined) throw new Fts5FormatError('truncated varint in the FTS5 index');
      value = value * 128 + (byte & 0x7f);
      if (byte < 0x80) {
        this.end = offset + i + 1;
        return value;
      }
    }
    const last = bytes[offset + 8];
    if (last === undefined) throw new Fts5FormatError('truncated varint in the FTS5 index');
    this.end = offset + 9;
    return value * 256 + last;
  }
}

/** A varint as [value, offset after it]. */
export function readFts5Varint(bytes: Uint8Array, offset: number): [number, number] {
  const reader = new VarintReader();
  const value = reader.read(bytes, offset);
  return [value, reader.end];
}
