/** The one rule no master-data write may break: someone must still be able to run everything. */
import { SUPERADMIN_ROLE_ID } from '@tagih/contract';
import { Conflict } from '../../http/errors.ts';
import type { DbOrTx } from './crud-repo.ts';

export const LAST_SUPERADMIN_MESSAGE = 'At least one active Superadmin must remain.';

/** Checked inside a write's transaction, after the write: a violation rolls the write back. */
export async function assertSuperadminRemains(tx: DbOrTx): Promise<void> {
  const row = await tx
    .selectFrom('user_roles')
    .innerJoin('users', 'users.userId', 'user_roles.usroUserId')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_roles.usroRoleId', '=', SUPERADMIN_ROLE_ID)
    .where('users.userStatus', '=', 1)
    .executeTakeFirst();
  if (Number(row?.n ?? 0) === 0) throw new Conflict(LAST_SUPERADMIN_MESSAGE);
}
