// Lines `from`..`from + count - 1` of a text file, streamed: memory_get of three lines of a 50 MB
// file decodes only those lines (and counts the rest), instead of splitting the whole file.
import fs from 'node:fs';

export interface LineRange {
  /** The lines, joined with `\n` (a CRLF file's `\r` is dropped, as memory_get always did). */
  text: string;
  /** First line returned (1-based), after clamping to the file. */
  from: number;
  lines: number;
  totalLines: number;
}

const NEWLINE = 0x0a;

/**
 * memory_get's slicing rules: `from` is clamped to 1..totalLines (past the end gives the last
 * line), `count` (default: to the end) to what is there; a final newline does not start another
 * line; a BOM is dropped; invalid UTF-8 becomes U+FFFD.
 */
export async function readLineRange(
  absPath: string,
  from: number | undefined,
  count: number | undefined,
): Promise<LineRange> {
  const first = Math.max(1, Math.floor(from ?? 1));
  const wanted = count === undefined ? Infinity : Math.max(0, Math.floor(count));
  const inRange = (lineNo: number) => lineNo >= first && lineNo < first + wanted;
  const picked: string[] = [];
  let lineNo = 0;
  /** Byte offset where the current line starts, and where the last complete line was. */
  let lineStart = 0;
  let lastLine: [number, number] | null = null;
  /** Bytes of the current line, kept only when it is one to return. */
  let pending: Buffer[] = [];
  let position = 0;

  const stream = fs.createReadStream(absPath, { highWaterMark: 64 * 1024 });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let from = 0;
    for (let i = chunk.indexOf(NEWLINE); i !== -1; i = chunk.indexOf(NEWLINE, i + 1)) {
      lineNo += 1;
      if (inRange(lineNo)) picked.push(decodeLine([...pending, chunk.subarray(from, i)], lineNo));
      pending = [];
      lastLine = [lineStart, position + i];
      lineStart = position + i + 1;
      from = i + 1;
    }
    if (from < chunk.length && inRange(lineNo + 1)) pending.push(Buffer.from(chunk.subarray(from)));
    position += chunk.length;
  }
  if (lineStart < position) {
    // A last line without a final newline.
    lineNo += 1;
    if (inRange(lineNo)) picked.push(decodeLine(pending, lineNo));
    lastLine = [lineStart, position];
  }

  const totalLines = lineNo;
  const start = Math.min(first, Math.max(1, totalLines));
  const lines = Math.min(wanted, Math.max(0, totalLines - start + 1));
  if (start === first || lines === 0 || lastLine === null)
    return { text: picked.slice(0, lines).join('\n'), from: start, lines, totalLines };
  return { text: await readSpan(absPath, lastLine, totalLines), from: start, lines, totalLines };
}

function decodeLine(parts: Buffer[], lineNo: number): string {
  const text = new TextDecoder('utf-8', { fatal: false, ignoreBOM: lineNo !== 1 }).decode(Buffer.concat(parts));
  return text.endsWith('\r') ? text.slice(0, -1) : text;
}

async function readSpan(absPath: string, [start, end]: [number, number], lineNo: number): Promise<string> {
  const handle = await fs.promises.open(absPath, 'r');
  try {
    const bytes = Buffer.alloc(end - start);
    await handle.read(bytes, 0, bytes.length, start);
    return decodeLine([bytes], lineNo);
  } finally {
    await handle.close();
  }
}
