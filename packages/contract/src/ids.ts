/**
 * Ids on the wire, one rule each. A row id is a whole number that fits its column: PostgreSQL
 * `integer` (1..MAX_ID) for most tables, `bigint` (up to the largest integer JavaScript holds
 * exactly) for transactions, notifications and audit events. A path segment is its digits; a
 * body carries a JSON integer or, as a form's select does, its digits as text. A flag (`true`),
 * a fraction, a list or an object is never an id.
 */
import { z } from 'zod';
import { MAX_ID, PATH_ID_PATTERN } from './field-limits.ts';

export const idRangeRule = (max: number = MAX_ID): string =>
  `must be a whole number from 1 to ${max}`;

const DIGITS = /^\d+$/;

/** A path segment naming a row: digits only, 1..max. */
export const pathId = (max: number = MAX_ID) =>
  z
    .string()
    .regex(PATH_ID_PATTERN, idRangeRule(max))
    .transform(Number)
    .refine((n) => n <= max, idRangeRule(max));

/**
 * An id in a body: a JSON integer or its digits as text, 1..max. `missing` is said of anything
 * else that is no positive whole number (empty, a flag, a fraction, 0); `tooLarge` past max.
 */
export const bodyId = (missing: string, tooLarge: string = missing, max: number = MAX_ID) =>
  z.union([z.number(), z.string()], { error: missing }).transform((value, ctx) => {
    const text = typeof value === 'string' ? value.trim() : null;
    const n = text === null ? value : DIGITS.test(text) ? Number(text) : Number.NaN;
    if (!Number.isInteger(n) || (n as number) < 1) {
      ctx.addIssue({ code: 'custom', message: missing });
      return z.NEVER;
    }
    if ((n as number) > max) {
      ctx.addIssue({ code: 'custom', message: tooLarge });
      return z.NEVER;
    }
    return n as number;
  });
