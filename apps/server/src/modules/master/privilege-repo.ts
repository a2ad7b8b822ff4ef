/** SQL the least-privilege rules need: which roles a user holds, and what a role grants. */
import type { DbOrTx } from '../../db/tables.ts';

export async function roleIdsOf(db: DbOrTx, userId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select('usroRoleId')
    .where('usroUserId', '=', userId)
    .execute();
  return rows.map((r) => r.usroRoleId);
}

/** A role's grants: each permission's name, its own operations and the role's operations on it. */
export function roleGrants(db: DbOrTx, roleId: number) {
  return db
    .selectFrom('role_permissions')
    .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId')
    .select(['prmsName', 'prmsOperations', 'rperOperations'])
    .where('rperRoleId', '=', roleId)
    .execute();
}

export async function permissionOf(db: DbOrTx, prmsId: number) {
  return db
    .selectFrom('permissions')
    .select(['prmsName', 'prmsOperations'])
    .where('prmsId', '=', prmsId)
    .executeTakeFirst();
}
