/**
 * The sign-in's field rules (spec §5) as plain data, with no zod: the contract's schemas
 * (`loginBody`, `totpCode`, `recoveryCode` in auth.ts) are built from these, and the web's
 * sign-in page checks them with the small functions below, so the first page loads neither zod
 * nor a form library. One rule, one message, written once here.
 */
import { isRequired } from './messages.ts';

/** A sign-in answered with a two-factor challenge (no token yet, auth.ts `TwoFactorChallenge`): the code step comes next. */
export const needsSecondStep = <Answer extends object>(
  answer: Answer,
): answer is Extract<Answer, { twoFactorRequired: true }> =>
  'twoFactorRequired' in answer && answer.twoFactorRequired === true;

/** A text field: required, optionally trimmed first, with a minimum and a maximum length. */
export interface TextRule {
  /** Surrounding spaces are dropped before the checks (and from the value sent). */
  trim: boolean;
  required: string;
  min?: { length: number; message: string };
  max: { length: number; message: string };
}

export const LOGIN_FIELD_RULES = {
  username: {
    trim: true,
    required: isRequired('Username'),
    max: { length: 50, message: 'Username must not exceed 50 characters' },
  },
  password: {
    trim: false,
    required: 'Password is required',
    min: { length: 3, message: 'Password must be at least 3 characters' },
    max: { length: 200, message: 'Password must not exceed 200 characters' },
  },
} as const satisfies Record<string, TextRule>;

export type LoginField = keyof typeof LOGIN_FIELD_RULES;

/** The value as checked and sent: trimmed when the rule says so. */
export const textRuleValue = (rule: TextRule, value: string): string =>
  rule.trim ? value.trim() : value;

/** The first rule the value breaks, as the message a form shows under the field; null when it passes. */
export function textRuleIssue(rule: TextRule, input: string): string | null {
  const value = textRuleValue(rule, input);
  if (value.length === 0) return rule.required;
  if (rule.min && value.length < rule.min.length) return rule.min.message;
  if (value.length > rule.max.length) return rule.max.message;
  return null;
}

/** A code of the sign-in's second step: what is ignored (`normalize`), then the shape it must have. */
export interface CodeRule {
  normalize: (value: string) => string;
  pattern: RegExp;
  message: string;
}

export const SECOND_FACTOR_RULES = {
  /** A TOTP code: 6 digits (RFC 6238, SHA-1, 30-second steps); spaces are ignored. */
  code: {
    normalize: (value: string) => value.replace(/\s+/g, ''),
    pattern: /^\d{6}$/,
    message: 'Enter the 6-digit code from your authenticator app',
  },
  /** A recovery code as shown (groups of letters and digits); dashes, spaces and case are ignored. */
  recoveryCode: {
    normalize: (value: string) => value.replace(/[\s-]+/g, '').toLowerCase(),
    pattern: /^[a-z0-9]{10,40}$/,
    message: 'Enter one of your recovery codes',
  },
} as const satisfies Record<string, CodeRule>;

/** The normalized code, or the rule's message when it does not have the shape. */
export function checkCode(rule: CodeRule, input: string): { code: string } | { issue: string } {
  const code = rule.normalize(input);
  return rule.pattern.test(code) ? { code } : { issue: rule.message };
}
