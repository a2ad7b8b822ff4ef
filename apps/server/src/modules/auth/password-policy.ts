/**
 * PASSWORD_POLICY on the server (the rules: packages/contract/src/password-policy.ts). Every new
 * password goes through assertPasswordAllowed (`pci`: the form's rules, the common-password list
 * and the last 4 passwords) and rememberPassword (history, time set, set by somebody else). A
 * session under `pci` whose password expired (90 days, two-factor off) or was set by somebody
 * else may only change it: passwordChangeReason feeds the access guard (http/access.ts).
 */
import {
  MESSAGES,
  PCI_PASSWORD_RULES,
  type PasswordChangeReason,
  type PasswordPolicy,
} from '@tagih/contract';
import { addMinutes } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/tables.ts';
import { passwordRuleProblem } from '../../security/password-rules.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { Invalid } from '../../shared/errors.ts';
import * as repo from './repo.ts';
import { isTwoFactorOn } from './two-factor-repo.ts';

/** The form field every password screen uses. */
const FIELD = 'usloPassword';

export interface NewPassword {
  /** The login's user; null for a login that does not exist yet. */
  userId: string | null;
  /** The username the login will have. */
  username: string;
  password: string;
}

/** The first rule the new password breaks, or null (`spec`: none beyond the field schemas). */
export async function passwordProblem(
  db: DbOrTx,
  policy: PasswordPolicy,
  change: NewPassword,
): Promise<string | null> {
  const problem = passwordRuleProblem(policy, change.password, change.username);
  if (problem) return problem;
  if (
    policy === 'pci' &&
    change.userId !== null &&
    (await isRecentPassword(db, change.userId, change.password))
  )
    return MESSAGES.passwordPciReused;
  return null;
}

/** 400 with the field's message when the new password breaks the policy. */
export async function assertPasswordAllowed(
  db: DbOrTx,
  policy: PasswordPolicy,
  change: NewPassword,
): Promise<void> {
  const problem = await passwordProblem(db, policy, change);
  if (problem) throw new Invalid(problem, { [FIELD]: problem });
}

/** The current password or one of the last 4 (the history holds the current one too, once set through here). */
async function isRecentPassword(db: DbOrTx, userId: string, password: string): Promise<boolean> {
  const current = await repo.findPasswordState(db, userId);
  const hashes = [
    ...(current ? [current.usloPassword] : []),
    ...(await repo.recentPasswordHashes(db, userId, PCI_PASSWORD_RULES.history)),
  ];
  for (const hash of new Set(hashes)) if (await verifyPassword(hash, password)) return true;
  return false;
}

/** The columns of a login whose password was just set by `by`. */
export const passwordSetColumns = (userId: string, by: string, nowIso: string) => ({
  usloPasswordChangedTime: nowIso,
  usloMustChangePassword: by === userId ? 0 : 1,
});

/** Keeps the new password's hash in the login's history (the newest 4). */
export const rememberPassword = (db: DbOrTx, userId: string, hash: string, nowIso: string) =>
  repo.addPasswordHistory(db, userId, hash, nowIso, PCI_PASSWORD_RULES.history);

/**
 * Before a password is replaced: keeps the one leaving in the history when it is not there yet.
 * A password written elsewhere than credentials.ts (the seeded admin and demo users, a login from
 * before the history) would otherwise be allowed back after two changes. Compares the stored
 * hashes (the history keeps the login's own hash), so no password is hashed again.
 */
export async function rememberOutgoingPassword(
  db: DbOrTx,
  userId: string,
  nowIso: string,
): Promise<void> {
  const current = await repo.findPasswordState(db, userId);
  if (!current) return;
  const recent = await repo.recentPasswordHashes(db, userId, PCI_PASSWORD_RULES.history);
  if (!recent.includes(current.usloPassword))
    await rememberPassword(db, userId, current.usloPassword, nowIso);
}

interface PasswordState {
  usloPasswordChangedTime: string | null;
  usloMustChangePassword: number;
  usloCreatedTime: string | null;
}

/** When the password was set: a login from before this rule counts from its creation. */
const setTime = (state: PasswordState): string | null =>
  state.usloPasswordChangedTime ?? state.usloCreatedTime;

/** Why the user may only change their password (pci), or null. */
export async function passwordChangeReason(
  deps: AppDeps,
  userId: string,
  state?: PasswordState,
): Promise<PasswordChangeReason | null> {
  if (deps.config.passwordPolicy !== 'pci') return null;
  const row = state ?? (await repo.findPasswordState(deps.db, userId));
  if (!row) return null;
  if (row.usloMustChangePassword === 1) return 'set-by-other';
  const since = setTime(row);
  if (since === null) return null;
  const expires = addMinutes(new Date(since), PCI_PASSWORD_RULES.maxAgeDays * 24 * 60);
  if (expires > deps.clock.now()) return null;
  return (await isTwoFactorOn(deps.db, userId)) ? null : 'expired';
}

/** For the auth.password.expired event: when the password was set. */
export async function passwordSetTime(db: DbOrTx, userId: string): Promise<string | null> {
  const row = await repo.findPasswordState(db, userId);
  return row ? setTime(row) : null;
}
