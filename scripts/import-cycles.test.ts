// The cycle check in npm test: it sees a cycle made only of `import type`, and the tree has none.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findImportCycles } from './import-cycles.mjs';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'memlens-cycles-'));
  dirs.push(top);
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(top, rel)), { recursive: true });
    fs.writeFileSync(path.join(top, rel), text);
  }
  return top;
}

describe('import cycle check', () => {
  it('finds a cycle tied only by a type import, and ignores tests and test-support', () => {
    const top = tree({
      'shared/a.ts': "import type { B } from './b.js';\nexport interface A { b: B }\n",
      'shared/b.ts':
        "import { helper } from './c.js';\nimport type { A } from './a.js';\nexport interface B { a?: A }\nhelper();\n",
      'shared/c.ts': 'export function helper(): void {}\n',
      'shared/a.test.ts': "import './d.js';\n",
      'shared/d.ts': "import './a.test.js';\n",
      'renderer/src/x.tsx': "import { y } from './y';\nexport const x = y;\n",
      'renderer/src/y.ts': "export const y = 1;\nexport { x } from './x';\n",
    });
    expect(findImportCycles(top)).toHaveLength(2);
    expect(findImportCycles(top)).toEqual(
      expect.arrayContaining([
        ['renderer/src/x.tsx', 'renderer/src/y.ts'],
        ['shared/a.ts', 'shared/b.ts'],
      ]),
    );
  });

  it('finds none in this repository’s production code', () => {
    expect(findImportCycles(path.resolve(import.meta.dirname, '..'))).toEqual([]);
  });
});
