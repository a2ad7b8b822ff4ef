/**
 * The rules of PASSWORD_POLICY that need no database (the form's rules from the contract, and
 * the shipped common-password list), for every new password (modules/auth/password-policy.ts
 * adds the history) and for ADMIN_PASSWORD at start, before the database is opened.
 */
import { MESSAGES, passwordPolicyIssue, type PasswordPolicy } from '@tagih/contract';
import { ConfigError, type Config } from '../config.ts';
import { isCommonPassword } from './common-passwords.ts';

/** The first rule the password breaks that needs no history, or null (`spec`: none beyond the field schemas). */
export function passwordRuleProblem(
  policy: PasswordPolicy,
  password: string,
  username: string,
): string | null {
  if (policy !== 'pci') return null;
  return (
    passwordPolicyIssue(policy, password, username) ??
    (isCommonPassword(password) ? MESSAGES.passwordPciTooCommon : null)
  );
}

/**
 * ADMIN_PASSWORD against PASSWORD_POLICY, checked at every start before anything is written:
 * a ConfigError naming the variable (ops/start-failure.ts prints it as the one line), never the value.
 */
export function assertAdminPasswordAllowed(
  config: Pick<Config, 'adminPassword' | 'adminUsername' | 'passwordPolicy'>,
): void {
  if (!config.adminPassword) return;
  const problem = passwordRuleProblem(
    config.passwordPolicy,
    config.adminPassword,
    config.adminUsername,
  );
  if (!problem) return;
  throw new ConfigError(
    `ADMIN_PASSWORD: refused by PASSWORD_POLICY=${config.passwordPolicy} (${problem}). ` +
      'Fix: set ADMIN_PASSWORD to a stronger password, or unset it to have one generated and printed once; the admin changes it at the first sign-in.',
  );
}
