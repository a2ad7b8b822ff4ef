/**
 * The rules no master-data write may break, whoever writes: someone must still be able to run
 * everything, and the Superadmin role must keep every operation that exists (each area's
 * actions), so that nobody, a Superadmin included, locks the Superadmin out of a screen.
 */
import { AREAS, MESSAGES, SUPERADMIN_ROLE_ID, areaActions, can } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import { Conflict, Forbidden } from '../../shared/errors.ts';
import { accessOfGrants } from '../auth/access.ts';
import { roleGrants } from './privilege-repo.ts';
import type { Keep } from './resource-config.ts';
import { countActiveSuperadmins } from './users/repo.ts';

export const LAST_SUPERADMIN_MESSAGE = 'At least one active Superadmin must remain.';

/** Checked inside a write's transaction, after the write: a violation rolls the write back. */
export async function assertSuperadminRemains(tx: DbOrTx): Promise<void> {
  if ((await countActiveSuperadmins(tx)) === 0) throw new Conflict(LAST_SUPERADMIN_MESSAGE);
}

/**
 * Each operation that exists which the Superadmin role grants ('master_permission.update'), read
 * as a session reads it: the role's grants capped by each permission's operations. A write to
 * permissions or role permissions that takes any away is refused (403) and rolled back.
 */
export const superadminRoleOperations: Keep = {
  async read(tx) {
    const access = accessOfGrants(await roleGrants(tx, SUPERADMIN_ROLE_ID));
    return new Set(
      AREAS.flatMap((area) =>
        areaActions(area)
          .filter((action) => can(access, area, action))
          .map((action) => `${area}.${action}`),
      ),
    );
  },
  refusal: (lost) => new Forbidden(`${MESSAGES.superadminRoleKeepsAll} (${lost.join(', ')})`),
};
