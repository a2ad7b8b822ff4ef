// The lint rule that rejects import circles (scripts/eslint-import-cycles.js), run by ESLint itself
// on small trees written for each case.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import importCycles from '../eslint-import-cycles.js';

async function lint(files: Record<string, string>): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'tagih-cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: importCycles },
        rules: { 'local/no-import-cycle': 'error' },
      },
    ],
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results
    .flatMap((r) => r.messages.map((m) => `${r.filePath.slice(root.length + 1)}: ${m.message}`))
    .sort();
}

describe('lint: no import circles', () => {
  it('rejects a circle of two files, naming the path, even when one side imports only types', async () => {
    const messages = await lint({
      'a.ts':
        "import { b } from './b.ts';\nexport interface A { n: number }\nexport const a = b + 1;\n",
      'b.ts': "import type { A } from './a.ts';\nexport const b = 1;\nexport type B = A;\n",
    });
    expect(messages).toEqual([
      'a.ts: Import circle: a.ts -> b.ts -> a.ts. Move what both need into a file of its own.',
      'b.ts: Import circle: b.ts -> a.ts -> b.ts. Move what both need into a file of its own.',
    ]);
  });

  it('follows re-exports and longer paths across folders', async () => {
    const messages = await lint({
      'x/a.ts': "export { c } from '../y/c.ts';\n",
      'y/c.ts': "import { d } from './d.ts';\nexport const c = d;\n",
      'y/d.ts': "import type {} from '../x/a.ts';\nexport const d = 1;\n",
    });
    expect(messages).toContain(
      'x/a.ts: Import circle: x/a.ts -> y/c.ts -> y/d.ts -> x/a.ts. Move what both need into a file of its own.',
    );
  });

  it('accepts a tree without circles, and a later dynamic import back', async () => {
    const messages = await lint({
      'a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'b.ts': "export const b = 1;\nexport const load = () => import('./a.ts');\n",
    });
    expect(messages).toEqual([]);
  });
});
