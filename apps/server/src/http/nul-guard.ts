/**
 * No text the server reads may hold a NUL character: PostgreSQL can neither store nor compare
 * one, and no field of the product means one. The path, the query and the body (JSON, form or
 * multipart; names and values, however deep) are looked through before validation, after the
 * access guard, and the first field holding one is named in a 400.
 */
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@tagih/contract';
import { Invalid } from '../shared/errors.ts';

/** The dotted name of the first name or text holding a NUL (`selection.query.finds[x]`, `ids.0`), else null. */
export function nulField(input: unknown): string | null {
  // A walk with a stack of its own: a deeply nested body must not overflow the call stack.
  const pending: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return path || '_';
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    for (const [name, inner] of Object.entries(value)) {
      const at = path ? `${path}.${name}` : name;
      if (name.includes('\u0000')) return at;
      pending.push({ value: inner, path: at });
    }
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (request.is404) return; // the not-found handler answers 404 itself
    const field = nulField(request.params) ?? nulField(request.query) ?? nulField(request.body);
    if (field !== null)
      throw new Invalid(`${field}: ${MESSAGES.nulCharacter}`, { [field]: MESSAGES.nulCharacter });
  });
}
