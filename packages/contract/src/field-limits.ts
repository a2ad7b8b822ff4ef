/**
 * Limits of spec §5 that a field's description shows (an input's maxLength) as well as its rule
 * checks (rules.ts): plain numbers, so the descriptions need no zod.
 */

/** A phone number has 10 to 15 digits (company phone maximum length 15). */
export const PHONE_MAX_DIGITS = 15;
export const PHONE_MIN_DIGITS = 10;

/** Largest id a PostgreSQL `integer` column holds (most tables' ids; ids.ts). */
export const MAX_ID = 2_147_483_647;
/** Largest id of a `bigint` column that JavaScript holds exactly (transactions, notifications, audit events). */
export const MAX_BIG_ID = Number.MAX_SAFE_INTEGER;

/** A row id as a path segment spells it: digits without a leading zero (ids.ts pathId). */
export const PATH_ID_PATTERN = /^[1-9]\d*$/;

/** The id a path segment names, 1..max, or null: pathId's rule for code that loads no zod (a screen reading its URL). */
export function readPathId(text: string | null | undefined, max: number = MAX_ID): number | null {
  if (!text || !PATH_ID_PATTERN.test(text)) return null;
  const id = Number(text);
  return id <= max ? id : null;
}
