// Every errno code becomes a typed refusal in workspace words (issue 29, hole 6): real errors
// from the file system where one can be made here, and the rest of the codes the list names.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryLensError } from '../../../shared/errors.js';
import { statusForError } from '../../server/http-server.js';
import { toBoundaryError, toFileSystemError } from './fs-errors.js';

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'ml-fs-errors-'));
  await fs.symlink('loop.md', path.join(root, 'loop.md'));
  await fs.writeFile(path.join(root, 'file.md'), 'x');
  await fs.mkdir(path.join(root, 'folder'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const thrown = (run: () => Promise<unknown>) =>
  run().then(
    () => null,
    (error: unknown) => error,
  );

describe('file-system errors at the boundary', () => {
  it('real ELOOP, ENOTDIR, EISDIR and ENAMETOOLONG: typed 4xx, the relative path, never the absolute one', async () => {
    const cases = {
      ELOOP: await thrown(() => fs.realpath(path.join(root, 'loop.md'))),
      ENOTDIR: await thrown(() => fs.readFile(path.join(root, 'file.md', 'inner.md'))),
      EISDIR: await thrown(() => fs.readFile(path.join(root, 'folder'))),
      ENAMETOOLONG: await thrown(() => fs.readFile(path.join(root, 'x'.repeat(300)))),
    };
    for (const [code, error] of Object.entries(cases)) {
      expect((error as NodeJS.ErrnoException).code).toBe(code);
      const mapped = toFileSystemError(error, 'memory/x.md', 'read') as MemoryLensError;
      expect(mapped).toBeInstanceOf(MemoryLensError);
      const status = statusForError(mapped.toValue());
      expect([code, status >= 400 && status < 500, mapped.message.includes(root)]).toEqual([code, true, false]);
      expect(mapped.message).toContain('memory/x.md');
      const net = toBoundaryError(error) as MemoryLensError;
      expect([code, net.message.includes(root), net.code]).toEqual([code, false, mapped.code]);
    }
  });

  it.each([
    ['EACCES', 403],
    ['EPERM', 403],
    ['EROFS', 403],
    ['ENXIO', 403],
    ['ESTALE', 403],
    ['EXDEV', 403],
    ['EBUSY', 503],
    ['EMFILE', 503],
    ['ENOSPC', 503],
    ['EIO', 503],
  ])('%s is typed (HTTP %i), with the errno kept for programs', (code, status) => {
    const error = Object.assign(new Error(`${code}: failed, open '${root}/memory/x.md'`), { code });
    const mapped = toFileSystemError(error, 'memory/x.md', 'save') as MemoryLensError;
    expect(mapped).toBeInstanceOf(MemoryLensError);
    expect(statusForError(mapped.toValue())).toBe(status);
    expect(mapped.details).toMatchObject({ errno: code });
    expect(mapped.message).not.toContain(root);
  });

  it("leaves errors that are not the file system's alone (a bug stays INTERNAL)", () => {
    const bug = new TypeError('x is undefined');
    expect(toBoundaryError(bug)).toBe(bug);
  });
});
