import { describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import { MAX_NAME_BYTES, MAX_PATH_DEPTH } from './path-limits.js';
import { normalizeRelPath } from './safe-path.js';

function refusal(relPath: string): { code: string; message: string } | null {
  try {
    normalizeRelPath(relPath);
    return null;
  } catch (error) {
    if (!(error instanceof MemoryLensError)) throw error;
    return { code: error.code, message: error.message };
  }
}

describe('path limits', () => {
  it('refuses a 300-character name with INVALID_ARGUMENT that names the limit, not ENAMETOOLONG', () => {
    const answer = refusal(`memory/${'n'.repeat(296)}.md`);
    expect(answer?.code).toBe('INVALID_ARGUMENT');
    expect(answer?.message).toMatch(/is 299 bytes long; names can be at most 255 bytes/);
    expect(answer?.message.length).toBeLessThan(200);
  });

  it('counts bytes, not characters: 100 CJK characters are 300 bytes', () => {
    expect(refusal(`memory/${'记'.repeat(84)}.md`)).toBeNull(); // 252 + 3 bytes
    expect(refusal(`memory/${'记'.repeat(100)}.md`)?.code).toBe('INVALID_ARGUMENT');
  });

  it(`allows ${MAX_PATH_DEPTH} levels and refuses deeper ones at once (no folders, no realpath per level)`, () => {
    const atLimit = `${Array(MAX_PATH_DEPTH - 1)
      .fill('b')
      .join('/')}/x.md`;
    expect(refusal(atLimit)).toBeNull();
    const started = performance.now();
    const deep = refusal(`memory/${'b/'.repeat(2000)}x.md`);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(deep?.code).toBe('INVALID_ARGUMENT');
    expect(deep?.message).toMatch(/2002 levels deep; Memory Lens handles at most 32/);
  });

  it('refuses a path over 1,024 bytes even when every name is short enough', () => {
    const name = 'n'.repeat(MAX_NAME_BYTES - 10);
    expect(refusal(`memory/${name}/${name}/${name}/${name}/${name}/x.md`)?.message).toMatch(
      /paths can be at most 1024 bytes/,
    );
  });
});
