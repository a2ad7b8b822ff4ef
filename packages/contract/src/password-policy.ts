/**
 * PASSWORD_POLICY, one source for the server and the forms. `spec`: the rules of spec §5 alone
 * (6–50 characters). `pci` (PCI DSS v4.0.1 8.3): also at least 12 characters with letters and
 * digits, not containing the username (case aside) — checked here — and, on the server only, not one of the last 4
 * passwords nor on the list of common passwords; a password expires after 90 days unless
 * two-factor is on, and one set by somebody else must be changed at the first sign-in.
 */
import { MESSAGES } from './messages.ts';

export const PASSWORD_POLICIES = ['spec', 'pci'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = 'spec';

export const PCI_PASSWORD_RULES = { minLength: 12, history: 4, maxAgeDays: 90 } as const;

/** Why a signed-in user may do nothing but set a new password (pci only). */
export const PASSWORD_CHANGE_REASONS = ['expired', 'set-by-other'] as const;
export type PasswordChangeReason = (typeof PASSWORD_CHANGE_REASONS)[number];

export const passwordChangeMessage = (reason: PasswordChangeReason): string =>
  reason === 'expired' ? MESSAGES.passwordExpired : MESSAGES.passwordMustChange;

/**
 * The first rule a new password breaks that a form can check by itself, or null. The spec
 * lengths (6–50) are the field schemas' (rules.ts); this adds the policy's own rules.
 */
export function passwordPolicyIssue(
  policy: PasswordPolicy,
  password: string,
  username: string,
): string | null {
  if (policy !== 'pci') return null;
  if (password.length < PCI_PASSWORD_RULES.minLength) return MESSAGES.passwordPciTooShort;
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password))
    return MESSAGES.passwordPciLettersAndDigits;
  const name = username.trim().toLowerCase();
  if (name && password.toLowerCase().includes(name)) return MESSAGES.passwordPciIsUsername;
  return null;
}

/** Changing one's own username or password asks for the current password under this policy. */
export const policyAsksCurrentPassword = (policy: PasswordPolicy): boolean => policy === 'pci';
