/** Field rules of spec §5, each written once with its exact message. */
import { z } from 'zod';
import { PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from './field-limits.ts';
import { bodyId, idRangeRule } from './ids.ts';
import { LOGIN_FIELD_RULES, type TextRule } from './login-rules.ts';
import { isRequired } from './messages.ts';
import { ACTIONS, isAction } from './permissions.ts';

const NAME_CHARS = /^[A-Za-z0-9\s.,#-]+$/;

export const USERNAME_FORMAT_MESSAGE =
  'Invalid username format (allowed: letters, numbers, @, _, .; no __ or ..)';

/** Text that must be present: an empty string counts as missing. */
export const requiredText = (label: string) =>
  z
    .string({ error: isRequired(label) })
    .trim()
    .min(1, isRequired(label));

/** A plain text rule (login-rules.ts) as a schema: the same checks in the same order, so the same first message. */
export const textRule = (rule: TextRule) => {
  const text = z.string({ error: rule.required });
  const required = (rule.trim ? text.trim() : text).min(1, rule.required);
  return (rule.min ? required.min(rule.min.length, rule.min.message) : required).max(
    rule.max.length,
    rule.max.message,
  );
};

/** The sign-in's password (3 to 200), also asked for when two-factor is turned off. */
export const loginPassword = textRule(LOGIN_FIELD_RULES.password);

export const username = (label = 'Username') =>
  requiredText(label)
    .min(3, `${label} must be at least 3 characters`)
    .max(50, `${label} must not exceed 50 characters`)
    .regex(/^[A-Za-z]/, USERNAME_FORMAT_MESSAGE)
    .regex(/^[A-Za-z0-9@_.]+$/, USERNAME_FORMAT_MESSAGE)
    .refine((v) => !v.includes('__') && !v.includes('..'), USERNAME_FORMAT_MESSAGE);

export const userId = requiredText('User ID')
  .max(50, 'User ID must not exceed 50 characters')
  .regex(/^[A-Za-z]/, 'User ID must start with a letter')
  .pipe(z.email('User ID must be a valid e-mail address'));

/** Password on the user forms: required, 6 to 50. */
export const password = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(6, 'Password must be at least 6 characters')
  .max(50, 'Password must not exceed 50 characters');

/** Password on Manage Account and user edit: optional; empty means "keep". */
export const optionalPassword = z
  .string()
  .refine((v) => v === '' || v.length >= 6, 'Password must be at least 6 characters')
  .refine((v) => v.length <= 50, 'Password must not exceed 50 characters')
  .optional();

export const phone = (label = 'Phone') =>
  requiredText(label)
    .regex(/^\d+$/, `${label} must be numeric`)
    .refine((v) => Number(v) > 0, `${label} must be greater than 0`)
    .refine(
      (v) => v.length >= PHONE_MIN_DIGITS,
      `${label} must be at least ${PHONE_MIN_DIGITS} digits`,
    )
    .refine(
      (v) => v.length <= PHONE_MAX_DIGITS,
      `${label} must not exceed ${PHONE_MAX_DIGITS} digits`,
    );

export const address = (label = 'Address') =>
  requiredText(label)
    .min(5, `${label} must be at least 5 characters`)
    .max(100, `${label} must not exceed 100 characters`)
    .regex(NAME_CHARS, `${label} may contain only letters, digits, spaces and . , # -`);

export const labelledName = (label: string, min = 2) =>
  requiredText(label)
    .min(min, `${label} must be at least ${min} characters`)
    .max(50, `${label} must not exceed 50 characters`)
    .regex(NAME_CHARS, `${label} may contain only letters, digits, spaces and . , # -`);

/** Company group and company names. */
export const entityName = (label: string) =>
  requiredText(label)
    .min(3, 'Must be at least 3 characters.')
    .max(50, 'Max 50 characters.')
    .regex(NAME_CHARS, 'Invalid characters used.');

export const fax = (label = 'Fax') =>
  requiredText(label)
    .min(6, `${label} must be at least 6 characters`)
    .max(20, `${label} must not exceed 20 characters`)
    .regex(/^[\d\s()+-]+$/, `${label} may contain only digits, spaces, ( ) + and -`);

/** A positive integer id chosen from a select (a number, or its digits as text; never a flag). */
export const requiredId = (label: string) => bodyId(isRequired(label), `${label} is invalid`);

/** A 1/0 status chosen from a select (a number or its digit as text; '' and null count as missing). */
export const statusFlag = (label = 'Status') =>
  z
    .union([z.literal(0), z.literal(1), z.literal('0'), z.literal('1')], {
      error: isRequired(label),
    })
    .transform((v) => Number(v) as 0 | 1);

/** A user id chosen from a select (link tables). */
export const userRef = (label = 'User') =>
  requiredText(label).max(50, `${label} must not exceed 50 characters`);

export const roleName = labelledName('Role Name');

/** Permission names are areas such as master_user: letters, digits, _ and '.'. */
export const permissionName = requiredText('Permission Name')
  .min(2, 'Permission Name must be at least 2 characters')
  .max(50, 'Permission Name must not exceed 50 characters')
  .regex(
    /^[A-Za-z][A-Za-z0-9_.]*$/,
    'Permission Name must start with a letter and contain only letters, digits, _ and .',
  );

export const OPERATIONS_FORMAT_MESSAGE =
  'Operations must be a list of read, create, update, delete';

/**
 * Operations travel as a JSON-encoded string ('["read","create"]', spec §7); a plain array
 * is accepted too. The output is always the canonical JSON string in read/create/update/delete order.
 */
export const operations = (label = 'Operations') =>
  z
    .union([z.string(), z.array(z.unknown())], { error: isRequired(label) })
    .transform((input, ctx) => {
      let value: unknown = input;
      if (typeof input === 'string') {
        if (input.trim() === '') value = [];
        else {
          try {
            value = JSON.parse(input);
          } catch {
            value = null;
          }
        }
      }
      if (!Array.isArray(value) || !value.every(isAction) || new Set(value).size !== value.length) {
        ctx.addIssue({ code: 'custom', message: OPERATIONS_FORMAT_MESSAGE });
        return z.NEVER;
      }
      if (value.length === 0) {
        ctx.addIssue({ code: 'custom', message: isRequired(label) });
        return z.NEVER;
      }
      return JSON.stringify(ACTIONS.filter((a) => value.includes(a)));
    });

/** The primary key the client sends on edit (spec §7); the server checks it equals the URL's id. */
export const idInBody = bodyId(idRangeRule()).optional();
