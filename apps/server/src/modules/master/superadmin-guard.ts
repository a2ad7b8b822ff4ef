/** The one rule no master-data write may break: someone must still be able to run everything. */
import type { DbOrTx } from '../../db/tables.ts';
import { Conflict } from '../../shared/errors.ts';
import { countActiveSuperadmins } from './users/repo.ts';

export const LAST_SUPERADMIN_MESSAGE = 'At least one active Superadmin must remain.';

/** Checked inside a write's transaction, after the write: a violation rolls the write back. */
export async function assertSuperadminRemains(tx: DbOrTx): Promise<void> {
  if ((await countActiveSuperadmins(tx)) === 0) throw new Conflict(LAST_SUPERADMIN_MESSAGE);
}
