// Stable finding ids: the same duplicate, conflict or cut line keeps its id across runs and
// restarts (a script can follow it), and a different one never shares it.
import { createHash } from 'node:crypto';
import type { FindingKind } from '../../../shared/doctor-schemas.js';

export function findingId(kind: FindingKind, file: string, normalizedText: string): string {
  return createHash('sha256').update(`${kind}\0${file}\0${normalizedText}`).digest('hex').slice(0, 16);
}
