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
