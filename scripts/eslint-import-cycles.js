// A lint rule that rejects import circles, type-only imports included: `import/no-cycle` passes
// over `import type`, yet a circle of types is still two files that cannot be understood apart.
// It follows the static relative imports and re-exports of the repository's own files
// (packages and apps import each other only through `@tagih/*`, never in a circle: see the
// boundaries in eslint.config.js); dynamic `import()` loads later and is left out.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const STATIC_IMPORT =
  /^\s*(?:import|export)\b[^'";]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

/** file -> the files it imports (resolved paths), read once per lint run. */
const importsOf = new Map();

function importedFiles(file) {
  let found = importsOf.get(file);
  if (found) return found;
  found = [];
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // a path that does not resolve is another rule's business (TypeScript reports it)
  }
  for (const match of text.matchAll(STATIC_IMPORT))
    found.push(resolve(dirname(file), match[1] ?? match[2]));
  importsOf.set(file, found);
  return found;
}

/** A path of imports from `start` back to `target`, or null. */
function pathBack(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, path] = stack.pop();
    if (file === target) return path;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const next of importedFiles(file)) stack.push([next, [...path, next]]);
  }
  return null;
}

const noImportCycle = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Files may not import each other in a circle, type-only imports included.',
    },
    schema: [],
  },
  create(context) {
    const file = resolve(context.filename);
    const root = context.cwd;
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const path = pathBack(resolve(dirname(file), source), file);
      if (!path) return;
      const names = [file, ...path].map((p) => relative(root, p)).join(' -> ');
      context.report({
        node,
        message: `Import circle: ${names}. Move what both need into a file of its own.`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-import-cycle': noImportCycle } };
