/**
 * Logins seen from outside sign-in: Manage Account and the master User / User Login screens
 * read them here and change them only through changeCredentials, so a new username or
 * password always ends the user's sessions (security model: "revoked on credential change").
 */
import type { PasswordPolicy } from '@tagih/contract';
import { auditOnUpdate } from '../../db/audit.ts';
import type { DbOrTx } from '../../db/tables.ts';
import { hashPassword } from '../../security/passwords.ts';
import {
  assertPasswordAllowed,
  passwordSetColumns,
  rememberOutgoingPassword,
  rememberPassword,
} from './password-policy.ts';
import * as repo from './repo.ts';
import { revokeUserSessions } from './session-changes.ts';

export interface CredentialChange {
  /** The new username; absent keeps the current one. */
  username?: string | undefined;
  /** The new password in clear text (hashed here); absent or empty keeps the current one. */
  password?: string | undefined;
}

/** Sign-in lockouts and failure counts are kept per username, case and outer spaces aside. */
export const signInKey = (username: string): string => username.trim().toLowerCase();

/** Whether the user holds the Superadmin role. */
export const holdsSuperadmin = (db: DbOrTx, userId: string) => repo.isSuperadmin(db, userId);

/** Which of these users hold the Superadmin role. */
export const superadminsAmong = (db: DbOrTx, userIds: readonly string[]) =>
  repo.superadminsAmong(db, userIds);

export const findLogin = (db: DbOrTx, userId: string) => repo.findLoginByUserId(db, userId);

export const isUsernameTaken = (db: DbOrTx, username: string, exceptUserId?: string) =>
  repo.isUsernameTaken(db, username, exceptUserId);

/** Ends every live session of the user (logins changed, user deactivated or removed). */
export const endSessions = (db: DbOrTx, userId: string, nowIso: string) =>
  revokeUserSessions(db, userId, nowIso);

/**
 * Writes the change to the user's login with its audit columns (user `by` at `nowIso`) and,
 * when it carries a username or a password, ends every session of the user. Runs in the
 * caller's transaction; an empty change records only who edited the login. A new password is
 * checked against the policy (400 on the password field), hashed (argon2id, deliberately slow:
 * credential changes are rare enough for that) and kept in the history, after the password it replaces
 * (which joins the history too, should it not be there yet); set by somebody else, it must be
 * changed at the next sign-in under `pci`.
 */
export async function changeCredentials(
  db: DbOrTx,
  userId: string,
  change: CredentialChange,
  by: string,
  nowIso: string,
  policy: PasswordPolicy,
): Promise<void> {
  let passwordHash: string | undefined;
  if (change.password) {
    const username =
      change.username ?? (await repo.findLoginByUserId(db, userId))?.usloUserName ?? '';
    await assertPasswordAllowed(db, policy, { userId, username, password: change.password });
    passwordHash = await hashPassword(change.password);
    await rememberOutgoingPassword(db, userId, nowIso);
  }
  await repo.updateLogin(db, userId, {
    ...(change.username !== undefined ? { usloUserName: change.username } : {}),
    ...(passwordHash
      ? { usloPassword: passwordHash, ...passwordSetColumns(userId, by, nowIso) }
      : {}),
    ...auditOnUpdate('uslo', by, nowIso),
  });
  if (passwordHash) await rememberPassword(db, userId, passwordHash, nowIso);
  if (change.username !== undefined || passwordHash) await endSessions(db, userId, nowIso);
}

/**
 * The password columns of a new login set by `by`: checked against the policy, hashed. Call
 * rememberNewLogin once the login row is written.
 */
export async function newLoginPassword(
  db: DbOrTx,
  login: { userId: string; username: string; password: string },
  by: string,
  nowIso: string,
  policy: PasswordPolicy,
): Promise<{
  usloPassword: string;
  usloPasswordChangedTime: string;
  usloMustChangePassword: number;
}> {
  await assertPasswordAllowed(db, policy, {
    userId: null,
    username: login.username,
    password: login.password,
  });
  return {
    usloPassword: await hashPassword(login.password),
    ...passwordSetColumns(login.userId, by, nowIso),
  };
}

/** The new login's password goes into its history. */
export const rememberNewLogin = (
  db: DbOrTx,
  userId: string,
  passwordHash: string,
  nowIso: string,
) => rememberPassword(db, userId, passwordHash, nowIso);

/**
 * Ends every sign-in lockout of the user's login, at every address and of the whole account,
 * and forgets the failure counts (lockout.ts); kept per username, as sign-in sees it. Returns
 * the username and the latest lock it had, or null when the user has no login.
 */
export async function clearSignInLockout(
  db: DbOrTx,
  userId: string,
): Promise<{ username: string; wasLockedUntil: string | null } | null> {
  const login = await repo.findLoginByUserId(db, userId);
  if (!login) return null;
  const key = signInKey(login.usloUserName);
  const wasLockedUntil = await repo.latestLock(db, key);
  await repo.clearThrottle(db, key);
  return { username: login.usloUserName, wasLockedUntil };
}

/** The latest sign-in lock of every username, to join as `login_throttle` (lothUsername, lothLockedUntil). */
export const latestSignInLocks = (db: DbOrTx) => repo.latestLocks(db);

/** The login's password hash (checks of the current password). */
export const findPasswordHash = (db: DbOrTx, userId: string) => repo.findPasswordHash(db, userId);
