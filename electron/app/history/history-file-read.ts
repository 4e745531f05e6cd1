// Reads a file for the history: its bytes when they are text worth keeping, else only their hash
// and size with the reason they were not kept (a binary file, or one over the size limit), so
// the change still shows in the history without filling the store.
import { createHash } from 'node:crypto';
import { createReadStream, type Stats } from 'node:fs';
import fs from 'node:fs/promises';
import { sha256 } from '../../memory/text/hash.js';

export interface HistoryRead {
  bytes: Buffer | null;
  hash: string;
  size: number;
  skipped: string | null;
}

/** A NUL in the first 8 KB is how git (and most editors) tell a binary file. */
const BINARY_SNIFF_BYTES = 8192;

export async function readForHistory(absPath: string, stat: Stats, maxBytes: number): Promise<HistoryRead> {
  if (stat.size > maxBytes) {
    return {
      bytes: null,
      hash: await hashFile(absPath),
      size: stat.size,
      skipped: `too large to keep (${megabytes(stat.size)}; history keeps files up to ${megabytes(maxBytes)})`,
    };
  }
  const bytes = await fs.readFile(absPath);
  const hash = sha256(bytes);
  const reason = binaryReason(bytes);
  if (reason) return { bytes: null, hash, size: bytes.length, skipped: reason };
  return { bytes, hash, size: bytes.length, skipped: null };
}

export function binaryReason(bytes: Buffer): string | null {
  if (bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0)) return 'a binary file (it contains NUL bytes)';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'not UTF-8 text';
  }
  return null;
}

function hashFile(absPath: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(absPath)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
