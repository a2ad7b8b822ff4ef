/** SQL for a user together with its login and its own links, and the count of active Superadmins. */
import { SUPERADMIN_ROLE_ID } from '@tagih/contract';
import type { DbOrTx, NewRow, RowUpdate } from '../../../db/tables.ts';

export function findUser(db: DbOrTx, userId: string) {
  return db
    .selectFrom('users')
    .select(['userId', 'userStatus'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

export function insertUser(db: DbOrTx, row: NewRow<'users'>) {
  return db.insertInto('users').values(row).execute();
}

export function updateUser(db: DbOrTx, userId: string, changes: RowUpdate<'users'>) {
  return db.updateTable('users').set(changes).where('userId', '=', userId).execute();
}

export function insertLogin(db: DbOrTx, row: NewRow<'user_logins'>) {
  return db.insertInto('user_logins').values(row).execute();
}

export async function deleteLogin(db: DbOrTx, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('user_logins')
    .where('usloUserId', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The user's own rows go with it: role and company links, sessions, login. */
export async function deleteUserWithLinks(db: DbOrTx, userId: string): Promise<void> {
  await db.deleteFrom('user_roles').where('usroUserId', '=', userId).execute();
  await db.deleteFrom('user_companies').where('uscoUserId', '=', userId).execute();
  await db.deleteFrom('sessions').where('sessUserId', '=', userId).execute();
  await db.deleteFrom('user_logins').where('usloUserId', '=', userId).execute();
  await db.deleteFrom('users').where('userId', '=', userId).execute();
}

/** Users holding the Superadmin role whose account is active. */
export async function countActiveSuperadmins(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('user_roles')
    .innerJoin('users', 'users.userId', 'user_roles.usroUserId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_roles.usroRoleId', '=', SUPERADMIN_ROLE_ID)
    .where('users.userStatus', '=', 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

// --- inactivity (inactivity.ts) -----------------------------------------------------

/** Each active user with its last sign-in and creation times. */
export function findActiveUsersActivity(db: DbOrTx) {
  return db
    .selectFrom('users')
    .leftJoin('user_logins', 'user_logins.usloUserId', 'users.userId')
    .select(['userId', 'userStatus', 'userCreatedTime', 'usloLastLoginAt', 'usloCreatedTime'])
    .where('userStatus', '=', 1)
    .execute();
}

export function findUserActivity(db: DbOrTx, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('user_logins', 'user_logins.usloUserId', 'users.userId')
    .select(['userId', 'userStatus', 'userCreatedTime', 'usloLastLoginAt', 'usloCreatedTime'])
    .where('userId', '=', userId)
    .executeTakeFirst();
}

/** Sets an active user inactive (by the server: no user id); false when it was not active. */
export async function deactivateUser(db: DbOrTx, userId: string, nowIso: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ userStatus: 0, userUpdatedTime: nowIso, userUpdatedUserId: null })
    .where('userId', '=', userId)
    .where('userStatus', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
