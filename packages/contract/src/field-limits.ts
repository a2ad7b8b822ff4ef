/**
 * Limits of spec §5 that a field's description shows (an input's maxLength) as well as its rule
 * checks (rules.ts): plain numbers, so the descriptions need no zod.
 */

/** A phone number has 10 to 15 digits (company phone maximum length 15). */
export const PHONE_MAX_DIGITS = 15;
export const PHONE_MIN_DIGITS = 10;
