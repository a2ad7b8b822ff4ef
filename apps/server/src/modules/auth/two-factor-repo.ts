/** SQL for two-factor sign-in: the sealed secret, the recovery codes (hashed) and the sign-in challenges. */
import type { DbOrTx } from '../../db/tables.ts';

export function findTwoFactor(db: DbOrTx, userId: string) {
  return db
    .selectFrom('user_two_factor')
    .selectAll()
    .where('utfaUserId', '=', userId)
    .executeTakeFirst();
}

/** Whether two-factor is on for the user. */
export async function isTwoFactorOn(db: DbOrTx, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_two_factor')
    .select('utfaUserId')
    .where('utfaUserId', '=', userId)
    .where('utfaEnabledTime', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A new pending secret (replaces a pending one; the caller checks two-factor is not on). */
export async function savePendingSecret(
  db: DbOrTx,
  userId: string,
  sealed: string,
  nowIso: string,
): Promise<void> {
  await db
    .deleteFrom('user_two_factor')
    .where('utfaUserId', '=', userId)
    .where('utfaEnabledTime', 'is', null)
    .execute();
  await db
    .insertInto('user_two_factor')
    .values({
      utfaUserId: userId,
      utfaSecret: sealed,
      utfaEnabledTime: null,
      utfaLastStep: null,
      utfaCreatedTime: nowIso,
    })
    .execute();
}

export async function markEnabled(
  db: DbOrTx,
  userId: string,
  step: number,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('user_two_factor')
    .set({ utfaEnabledTime: nowIso, utfaLastStep: step })
    .where('utfaUserId', '=', userId)
    .execute();
}

/**
 * Accepts a step only if it is later than the last accepted one (atomically: two requests with
 * the same code cannot both win). Returns whether it was accepted.
 */
export async function acceptStep(db: DbOrTx, userId: string, step: number): Promise<boolean> {
  const result = await db
    .updateTable('user_two_factor')
    .set({ utfaLastStep: step })
    .where('utfaUserId', '=', userId)
    .where((eb) => eb.or([eb('utfaLastStep', 'is', null), eb('utfaLastStep', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes the user's two-factor: secret, recovery codes and open challenges. Returns whether it was on. */
export async function deleteTwoFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const on = await isTwoFactorOn(db, userId);
  await db.deleteFrom('user_recovery_codes').where('urcoUserId', '=', userId).execute();
  await db.deleteFrom('login_challenges').where('lochUserId', '=', userId).execute();
  await db.deleteFrom('user_two_factor').where('utfaUserId', '=', userId).execute();
  return on;
}

// --- recovery codes -----------------------------------------------------------------

export async function replaceRecoveryCodes(
  db: DbOrTx,
  userId: string,
  hashes: readonly string[],
): Promise<void> {
  await db.deleteFrom('user_recovery_codes').where('urcoUserId', '=', userId).execute();
  await db
    .insertInto('user_recovery_codes')
    .values(hashes.map((urcoHash) => ({ urcoUserId: userId, urcoHash, urcoUsedTime: null })))
    .execute();
}

/** Marks an unused code of the user as used (atomically); returns whether one matched. */
export async function useRecoveryCode(
  db: DbOrTx,
  userId: string,
  hash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('user_recovery_codes')
    .set({ urcoUsedTime: nowIso })
    .where('urcoUserId', '=', userId)
    .where('urcoHash', '=', hash)
    .where('urcoUsedTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('user_recovery_codes')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('urcoUserId', '=', userId)
    .where('urcoUsedTime', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- sign-in challenges ---------------------------------------------------------------

export async function insertChallenge(
  db: DbOrTx,
  row: { tokenHash: string; userId: string; nowIso: string; expiresIso: string },
): Promise<void> {
  await db
    .insertInto('login_challenges')
    .values({
      lochTokenHash: row.tokenHash,
      lochUserId: row.userId,
      lochFailures: 0,
      lochCreatedTime: row.nowIso,
      lochExpiresTime: row.expiresIso,
      lochUsedTime: null,
    })
    .execute();
}

export function findChallenge(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('login_challenges')
    .innerJoin('user_logins', 'user_logins.usloUserId', 'login_challenges.lochUserId')
    .innerJoin('users', 'users.userId', 'login_challenges.lochUserId')
    .select([
      'lochTokenHash',
      'lochUserId',
      'lochFailures',
      'lochExpiresTime',
      'lochUsedTime',
      'usloUserName',
      'usloLastLoginAt',
      'usloCreatedTime',
      'userStatus',
    ])
    .where('lochTokenHash', '=', tokenHash)
    .executeTakeFirst();
}

/** Counts a wrong code; returns the new count. */
export async function countChallengeFailure(db: DbOrTx, tokenHash: string): Promise<number> {
  const row = await db
    .updateTable('login_challenges')
    .set((eb) => ({ lochFailures: eb('lochFailures', '+', 1) }))
    .where('lochTokenHash', '=', tokenHash)
    .returning('lochFailures')
    .executeTakeFirst();
  return row?.lochFailures ?? 0;
}

/** Uses the challenge once (atomically); returns whether this call did. */
export async function useChallenge(
  db: DbOrTx,
  tokenHash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('login_challenges')
    .set({ lochUsedTime: nowIso })
    .where('lochTokenHash', '=', tokenHash)
    .where('lochUsedTime', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes challenges that ended before `beforeIso`. */
export async function deleteEndedChallenges(db: DbOrTx, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('login_challenges')
    .where('lochExpiresTime', '<', beforeIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Whether the user holds one of these roles. */
export async function holdsAnyRole(
  db: DbOrTx,
  userId: string,
  roleIds: readonly number[],
): Promise<boolean> {
  if (roleIds.length === 0) return false;
  const row = await db
    .selectFrom('user_roles')
    .select('usroId')
    .where('usroUserId', '=', userId)
    .where('usroRoleId', 'in', [...roleIds])
    .executeTakeFirst();
  return row !== undefined;
}
