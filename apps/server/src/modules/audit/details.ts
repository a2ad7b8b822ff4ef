/** What goes into an event's details: plain JSON, secrets redacted, and changes as before/after. */
import { AUDIT_REDACTED } from '@tagih/contract';
import type { JsonValue } from './hash.ts';

export const REDACTED = AUDIT_REDACTED;

/** Keys whose values never enter the trail: passwords (and their hashes), secrets, tokens, keys. */
const SENSITIVE_KEY = /pass(word)?|secret|token|credential|api[-_]?key|private[-_]?key|otp|totp/i;

/** A JSON copy of `value` with every sensitive key's value replaced by '[redacted]'. */
export function redact(value: unknown): JsonValue {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    const out: Record<string, JsonValue> = {};
    for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
      if (v === undefined) continue;
      out[key] = SENSITIVE_KEY.test(key) ? REDACTED : redact(v);
    }
    return out;
  }
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  return String(value);
}

type Fields = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(redact(a)) === JSON.stringify(redact(b));

/**
 * Details of a master write: `{ after }` for a create, `{ before }` for a delete, and for an
 * update `{ before, after }` holding only the fields that changed (a changed password shows as
 * '[redacted]' on both sides, so the change is visible but not its value).
 */
export function changeDetails(
  before: Fields | null | undefined,
  after: Fields | null | undefined,
): { before?: JsonValue; after?: JsonValue } {
  if (!before) return { after: redact(after ?? {}) };
  if (!after) return { before: redact(before) };
  const changedBefore: Fields = {};
  const changedAfter: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (after[key] === undefined) continue; // not part of the write
    if (SENSITIVE_KEY.test(key) ? before[key] === after[key] : same(before[key], after[key]))
      continue;
    changedBefore[key] = before[key] ?? null;
    changedAfter[key] = after[key];
  }
  return { before: redact(changedBefore), after: redact(changedAfter) };
}
