/** SQL for sign-in, logins, sessions, access maps and the companies a user may pick. */
import { sql } from 'kysely';
import { SUPERADMIN_ROLE_ID, type CompanyOption } from '@tagih/contract';
import type { DbOrTx, Row, RowUpdate } from '../../db/tables.ts';

export function findLoginByUsername(db: DbOrTx, username: string) {
  return db
    .selectFrom('user_logins')
    .innerJoin('users', 'users.userId', 'user_logins.usloUserId')
    .select([
      'usloUserId',
      'usloUserName',
      'usloPassword',
      'usloLastLoginAt',
      'usloCreatedTime',
      'userStatus',
    ])
    .where('usloUserName', '=', username)
    .executeTakeFirst();
}

export function findLoginByUserId(db: DbOrTx, userId: string) {
  return db
    .selectFrom('user_logins')
    .select(['usloId', 'usloUserId', 'usloUserName'])
    .where('usloUserId', '=', userId)
    .executeTakeFirst();
}

/** The login's password hash (two-factor disable checks the password). */
export async function findPasswordHash(db: DbOrTx, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_logins')
    .select('usloPassword')
    .where('usloUserId', '=', userId)
    .executeTakeFirst();
  return row?.usloPassword;
}

export function isUsernameTaken(
  db: DbOrTx,
  username: string,
  exceptUserId?: string,
): Promise<boolean> {
  let q = db.selectFrom('user_logins').select('usloId').where('usloUserName', '=', username);
  if (exceptUserId) q = q.where('usloUserId', '!=', exceptUserId);
  return q.executeTakeFirst().then((r) => r !== undefined);
}

export async function updateLogin(
  db: DbOrTx,
  userId: string,
  changes: RowUpdate<'user_logins'>,
): Promise<void> {
  await db.updateTable('user_logins').set(changes).where('usloUserId', '=', userId).execute();
}

/** The time of the login's last successful sign-in. */
export async function setLastLogin(db: DbOrTx, userId: string, nowIso: string): Promise<void> {
  await db
    .updateTable('user_logins')
    .set({ usloLastLoginAt: nowIso })
    .where('usloUserId', '=', userId)
    .execute();
}

// --- sign-in throttling (lockout.ts) ----------------------------------------------------

/** The username's rows at these addresses. */
export function findThrottles(db: DbOrTx, username: string, addresses: readonly string[]) {
  return db
    .selectFrom('login_throttle')
    .selectAll()
    .where('lothUsername', '=', username)
    .where('lothAddress', 'in', addresses)
    .execute();
}

/** The latest lock ever set on the username at any address (null when none is kept). */
export async function latestLock(db: DbOrTx, username: string): Promise<string | null> {
  const row = await db
    .selectFrom('login_throttle')
    .select((eb) => eb.fn.max('lothLockedUntil').as('until'))
    .where('lothUsername', '=', username)
    .executeTakeFirst();
  return row?.until ? new Date(row.until).toISOString() : null;
}

/**
 * The latest lock per username, as a table to join under the name `login_throttle` (columns
 * lothUsername, lothLockedUntil): one row per username whatever the addresses.
 */
export function latestLocks(db: DbOrTx) {
  return db
    .selectFrom('login_throttle')
    .select((eb) => ['lothUsername', eb.fn.max('lothLockedUntil').as('lothLockedUntil')])
    .groupBy('lothUsername')
    .as('login_throttle');
}

/** Counts one more failure at (username, address) atomically and returns the new count. */
export async function countFailure(
  db: DbOrTx,
  username: string,
  address: string,
  nowIso: string,
): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({
      lothUsername: username,
      lothAddress: address,
      lothFailures: 1,
      lothLockedUntil: null,
      lothUpdatedTime: nowIso,
    })
    .onConflict((oc) =>
      oc.columns(['lothUsername', 'lothAddress']).doUpdateSet({
        lothFailures: sql<number>`${sql.ref('login_throttle.lothFailures')} + 1`,
        lothUpdatedTime: nowIso,
      }),
    )
    .returning('lothFailures')
    .executeTakeFirstOrThrow();
  return Number(row.lothFailures);
}

/** Locks (username, address) until `untilIso`; its count starts again. */
export async function lock(
  db: DbOrTx,
  username: string,
  address: string,
  untilIso: string,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('login_throttle')
    .values({
      lothUsername: username,
      lothAddress: address,
      lothFailures: 0,
      lothLockedUntil: untilIso,
      lothUpdatedTime: nowIso,
    })
    .onConflict((oc) =>
      oc
        .columns(['lothUsername', 'lothAddress'])
        .doUpdateSet({ lothFailures: 0, lothLockedUntil: untilIso, lothUpdatedTime: nowIso }),
    )
    .execute();
}

/**
 * Takes the username's one attempt of the slowdown: true (and the row's time moves to now) when
 * the last attempt was at or before `cutoffIso`, false when it was later. Atomic.
 */
export async function claimAttempt(
  db: DbOrTx,
  username: string,
  address: string,
  nowIso: string,
  cutoffIso: string,
): Promise<boolean> {
  const result = await db
    .updateTable('login_throttle')
    .set({ lothUpdatedTime: nowIso })
    .where('lothUsername', '=', username)
    .where('lothAddress', '=', address)
    .where('lothUpdatedTime', '<=', cutoffIso)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Forgets the username's rows at these addresses, or at every address. */
export function clearThrottle(db: DbOrTx, username: string, addresses?: readonly string[]) {
  let q = db.deleteFrom('login_throttle').where('lothUsername', '=', username);
  if (addresses) q = q.where('lothAddress', 'in', addresses);
  return q.execute();
}

// --- sessions -------------------------------------------------------------------------

export function insertSession(db: DbOrTx, row: Row<'sessions'>) {
  return db.insertInto('sessions').values(row).execute();
}

export function findSession(db: DbOrTx, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.userId', 'sessions.sessUserId')
    .innerJoin('user_logins', 'user_logins.usloUserId', 'sessions.sessUserId')
    .select([
      'sessTokenHash',
      'sessUserId',
      'sessCompId',
      'sessCreatedTime',
      'sessLastSeenTime',
      'sessExpiresTime',
      'sessRevokedTime',
      'userStatus',
      'usloUserName',
      'usloPasswordChangedTime',
      'usloMustChangePassword',
      'usloCreatedTime',
    ])
    .where('sessTokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export function touchSession(db: DbOrTx, tokenHash: string, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ sessLastSeenTime: nowIso })
    .where('sessTokenHash', '=', tokenHash)
    .execute();
}

// Ending a session or changing its company: only through session-changes.ts (the live streams hear of it).

export function setSessionCompany(db: DbOrTx, tokenHash: string, compId: number) {
  return db
    .updateTable('sessions')
    .set({ sessCompId: compId })
    .where('sessTokenHash', '=', tokenHash)
    .execute();
}

export function revokeSession(db: DbOrTx, tokenHash: string, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ sessRevokedTime: nowIso })
    .where('sessTokenHash', '=', tokenHash)
    .where('sessRevokedTime', 'is', null)
    .execute();
}

export function revokeUserSessions(db: DbOrTx, userId: string, nowIso: string) {
  return db
    .updateTable('sessions')
    .set({ sessRevokedTime: nowIso })
    .where('sessUserId', '=', userId)
    .where('sessRevokedTime', 'is', null)
    .execute();
}

/** PostgreSQL: says on `channel` that the user's sessions changed, delivered when the caller's transaction commits (session-changes.ts). */
export async function notifySessionsChanged(
  db: DbOrTx,
  channel: string,
  userId: string,
): Promise<void> {
  await sql`select pg_notify(${channel}, ${userId})`.execute(db);
}

// --- access and companies ----------------------------------------------------------

/** Each grant the users hold through their roles: the role's operations and the permission's. */
export function findGrants(db: DbOrTx, userIds: readonly string[]) {
  return db
    .selectFrom('user_roles')
    .innerJoin('role_permissions', 'role_permissions.rperRoleId', 'user_roles.usroRoleId')
    .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId')
    .select(['usroUserId', 'prmsName', 'prmsOperations', 'rperOperations'])
    .where('usroUserId', 'in', userIds)
    .execute();
}

/** Which of these users hold the Superadmin role. */
export async function superadminsAmong(db: DbOrTx, userIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('usroUserId')
    .where('usroUserId', 'in', userIds)
    .where('usroRoleId', '=', SUPERADMIN_ROLE_ID)
    .execute();
  return rows.map((r) => r.usroUserId);
}

export async function isSuperadmin(db: DbOrTx, userId: string): Promise<boolean> {
  return (await superadminsAmong(db, [userId])).length > 0;
}

/** Active companies the user may pick: linked ones, or every active one for a Superadmin. */
export async function findAvailableCompanies(
  db: DbOrTx,
  userId: string,
  superadmin: boolean,
): Promise<CompanyOption[]> {
  let q = db.selectFrom('companies').select(['compId', 'compName']).where('compStatus', '=', 1);
  if (!superadmin) {
    q = q.where(
      'compId',
      'in',
      db.selectFrom('user_companies').select('uscoCompId').where('uscoUserId', '=', userId),
    );
  }
  return q.orderBy('compName').execute();
}

// --- housekeeping ------------------------------------------------------------------

/** Removes sessions that ended (expired or revoked) before `beforeIso`. */
export async function deleteEndedSessions(db: DbOrTx, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([eb('sessExpiresTime', '<', beforeIso), eb('sessRevokedTime', '<', beforeIso)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Forgets failure counts not touched since `beforeIso` that hold no lock. */
export async function deleteStaleThrottles(db: DbOrTx, beforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('login_throttle')
    .where('lothUpdatedTime', '<', beforeIso)
    .where((eb) =>
      eb.or([eb('lothLockedUntil', 'is', null), eb('lothLockedUntil', '<', beforeIso)]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

// --- password policy (password-policy.ts) ---------------------------------------------

/** What decides whether a login must change its password (PASSWORD_POLICY=pci). */
export function findPasswordState(db: DbOrTx, userId: string) {
  return db
    .selectFrom('user_logins')
    .select([
      'usloPassword',
      'usloPasswordChangedTime',
      'usloMustChangePassword',
      'usloCreatedTime',
    ])
    .where('usloUserId', '=', userId)
    .executeTakeFirst();
}

/** The newest `count` entries of a login's password history, newest first. */
const newestPasswordHistory = (db: DbOrTx, userId: string, count: number) =>
  db
    .selectFrom('user_password_history')
    .select(['uphiId', 'uphiHash'])
    .where('uphiUserId', '=', userId)
    .orderBy('uphiId', 'desc')
    .limit(count)
    .execute();

/** The newest `count` password hashes the login had. */
export async function recentPasswordHashes(
  db: DbOrTx,
  userId: string,
  count: number,
): Promise<string[]> {
  return (await newestPasswordHistory(db, userId, count)).map((r) => r.uphiHash);
}

/** Adds a password to the login's history and forgets all but the newest `keep` (at least the new one). */
export async function addPasswordHistory(
  db: DbOrTx,
  userId: string,
  hash: string,
  nowIso: string,
  keep: number,
): Promise<void> {
  await db
    .insertInto('user_password_history')
    .values({ uphiUserId: userId, uphiHash: hash, uphiCreatedTime: nowIso })
    .execute();
  const kept = await newestPasswordHistory(db, userId, Math.max(1, keep));
  await db
    .deleteFrom('user_password_history')
    .where('uphiUserId', '=', userId)
    .where(
      'uphiId',
      'not in',
      kept.map((r) => r.uphiId),
    )
    .execute();
}
