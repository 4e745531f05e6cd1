// Synthetic vectors for the vector benchmarks: random unit vectors (directions spread over the
// sphere, like real embeddings after normalisation) written straight into an index's chunks_vec.
import type Database from 'better-sqlite3';
import { segmentForIndex } from '../electron/memory/text/segment.js';
import { paragraphLine } from './synthetic-text.js';
import type { Rng } from './synthetic-text.js';

export function randomUnitVector(rng: Rng, dims: number): Float32Array {
  const v = new Float32Array(dims);
  let norm = 0;
  for (let i = 0; i < dims; i++) {
    // Sum of uniforms ≈ Gaussian: directions spread over the sphere, like real embeddings.
    const x = rng() + rng() + rng() - 1.5;
    v[i] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  for (let i = 0; i < dims; i++) v[i] = v[i]! / norm;
  return v;
}

const BATCH = 5_000;

/** chunks + chunks_fts + chunks_vec (vec0) with `count` rows of synthetic text and random vectors. */
export function buildVectorIndex(db: Database.Database, count: number, rng: Rng, dims: number): void {
  const insertChunk = db.prepare(
    'INSERT INTO chunks(rowid, id, path, source, start_line, end_line, hash, text, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0)',
  );
  const insertFts = db.prepare('INSERT INTO chunks_fts(rowid, text_seg) VALUES (?, ?)');
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  for (let start = 0; start < count; start += BATCH) {
    db.transaction(() => {
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const rowid = i + 1;
        const text = paragraphLine(rng);
        const file = `memory/topic-${Math.floor(i / 10)}.md`;
        insertChunk.run(
          rowid,
          `${file}#${i % 10}`,
          file,
          i % 8 === 0 ? 'sessions' : 'memory',
          (i % 10) + 1,
          (i % 10) + 1,
          `h${i}`,
          text,
        );
        insertFts.run(rowid, segmentForIndex(text));
        insertVec.run(BigInt(rowid), Buffer.from(randomUnitVector(rng, dims).buffer));
      }
    })();
  }
}

/** A random vector for every chunk an engine indexed (keyword-only) into `db`'s chunks_vec. */
export function fillVectorsForChunks(db: Database.Database, rng: Rng, dims: number): number {
  const rowids = db.prepare('SELECT rowid FROM chunks ORDER BY rowid').pluck().all() as number[];
  const insertVec = db.prepare('INSERT INTO chunks_vec(rowid, embedding) VALUES (?, ?)');
  for (let start = 0; start < rowids.length; start += BATCH) {
    db.transaction(() => {
      for (const rowid of rowids.slice(start, start + BATCH))
        insertVec.run(BigInt(rowid), Buffer.from(randomUnitVector(rng, dims).buffer));
    })();
  }
  return rowids.length;
}
