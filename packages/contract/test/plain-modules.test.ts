import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The sign-in page's bundle stays within its budget only if what it imports from the contract
 * (routes, API paths, login rules, messages, the screens' descriptions) never reaches a module
 * that builds zod schemas: Rollup keeps every top-level `z.…` call of a module it includes, and
 * zod with it. These modules must stay plain data; their schemas live in modules of their own.
 */
const src = resolve(import.meta.dirname, '../src');

const PLAIN_MODULES = [
  'navigation.ts',
  'api-paths.ts',
  'login-rules.ts',
  'password-policy.ts',
  'messages.ts',
  'permissions.ts',
  'constants.ts',
  'field-limits.ts',
  'audit-actions.ts',
  'monitoring/status.ts',
  'monitoring/transaction-actions.ts',
  'monitoring/transaction-kinds.ts',
  'monitoring/notification-resource.ts',
  'monitoring/live-events.ts',
  'monitoring/bulk-action-terms.ts',
  'preference-terms.ts',
  'resources/option-sources.ts',
];

/** Specifiers of the value imports and re-exports of a module (`import type` carries no code). */
function valueImports(file: string): string[] {
  const text = readFileSync(join(src, file), 'utf8');
  const statements = text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\bfrom\s+'([^']+)'/gm);
  return [...statements].map((m) => m[1]!);
}

/** The chain of modules from `file` to one that imports zod, or null when none does. */
function pathToZod(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of valueImports(file)) {
    if (specifier === 'zod') return [file, 'zod'];
    if (!specifier.startsWith('.')) continue;
    const chain = pathToZod(join(dirname(file), specifier), seen);
    if (chain) return [file, ...chain];
  }
  return null;
}

describe('the definitions the first page needs', () => {
  it.each(PLAIN_MODULES)('%s reaches no zod through its imports', (file) => {
    expect(pathToZod(file)).toBeNull();
  });

  it('the check finds zod where a module reaches it, directly or through a re-export', () => {
    expect(pathToZod('auth.ts')).toEqual(['auth.ts', 'zod']);
    expect(pathToZod('resources/index.ts')).toEqual([
      'resources/index.ts',
      'resources/company-group-body.ts',
      'zod',
    ]);
  });
});
