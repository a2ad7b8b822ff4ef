/**
 * Least privilege (nobody grants more than they hold, nobody changes a stronger account),
 * checked in the write's transaction before the write: only a Superadmin touches the Superadmin
 * role, its users, and what a permission allows; nobody changes the permissions of a role they
 * hold, grants an area.action they do not hold, or changes a user who holds one
 * (stronger-account.ts). A Superadmin holds every grant, so only the Superadmin-only rules
 * concern them (and the Superadmin role's own floor, superadmin-guard.ts).
 */
import { MESSAGES, SUPERADMIN_ROLE_ID, type AccessMap } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { Forbidden } from '../../shared/errors.ts';
import { accessOfGrants, missingAccess } from '../auth/access.ts';
import * as repo from './privilege-repo.ts';
import type { WriteIntent } from './resource-config.ts';
import { assertMayChangeUser } from './stronger-account.ts';

export { assertMayChangeUser } from './stronger-account.ts';

const valuesOf = (intent: WriteIntent, field: string): unknown[] =>
  [intent.before?.[field], intent.after?.[field]].filter((v) => v !== undefined && v !== null);

function assertHolds(actor: Actor, granted: AccessMap): void {
  if (missingAccess(actor.session.access, granted).length > 0)
    throw new Forbidden(MESSAGES.grantBeyondOwn);
}

/**
 * User_Role: role 1 only by a Superadmin; the user before and after only if the actor may change
 * them (stronger-account.ts); no role that grants more than the actor holds.
 */
export async function guardUserRole(tx: DbOrTx, actor: Actor, intent: WriteIntent): Promise<void> {
  if (actor.session.isSuperadmin) return;
  if (valuesOf(intent, 'usroRoleId').some((id) => Number(id) === SUPERADMIN_ROLE_ID)) {
    throw new Forbidden(MESSAGES.onlySuperadminGrantsSuperadmin);
  }
  for (const userId of valuesOf(intent, 'usroUserId'))
    await assertMayChangeUser(tx, actor, String(userId));
  const granted = intent.after?.usroRoleId;
  if (granted !== undefined)
    assertHolds(actor, accessOfGrants(await repo.roleGrants(tx, Number(granted))));
}

/** User_Company: the user before and after only if the actor may change them. */
export async function guardUserCompany(
  tx: DbOrTx,
  actor: Actor,
  intent: WriteIntent,
): Promise<void> {
  for (const userId of valuesOf(intent, 'uscoUserId'))
    await assertMayChangeUser(tx, actor, String(userId));
}

/** Role_Permission: not of role 1, not of a role the actor holds, and no operation the actor does not hold. */
export async function guardRolePermission(
  tx: DbOrTx,
  actor: Actor,
  intent: WriteIntent,
): Promise<void> {
  if (actor.session.isSuperadmin) return;
  const roles = valuesOf(intent, 'rperRoleId').map(Number);
  if (roles.includes(SUPERADMIN_ROLE_ID))
    throw new Forbidden(MESSAGES.onlySuperadminChangesSuperadminRole);
  const own = await repo.roleIdsOf(tx, actor.session.userId);
  if (roles.some((roleId) => own.includes(roleId)))
    throw new Forbidden(MESSAGES.ownRolePermissions);
  if (!intent.after) return;
  const permission = await repo.permissionOf(
    tx,
    Number(intent.after.rperPrmsId ?? intent.before?.rperPrmsId),
  );
  if (!permission) return; // the foreign key answers for a permission that does not exist
  const operations = String(intent.after.rperOperations ?? intent.before?.rperOperations ?? '[]');
  assertHolds(
    actor,
    accessOfGrants([
      {
        prmsName: permission.prmsName,
        prmsOperations: permission.prmsOperations,
        rperOperations: operations,
      },
    ]),
  );
}

/**
 * Permission: its name and operations cap every role's grant of it, so only a Superadmin edits or
 * deletes one; a new one defines nothing beyond what its creator holds.
 */
export async function guardPermission(
  _tx: DbOrTx,
  actor: Actor,
  intent: WriteIntent,
): Promise<void> {
  if (actor.session.isSuperadmin) return;
  if (intent.before) throw new Forbidden(MESSAGES.onlySuperadminChangesPermissions);
  if (!intent.after) return;
  const name = String(intent.after.prmsName ?? '');
  const operations = String(intent.after.prmsOperations ?? '[]');
  assertHolds(
    actor,
    accessOfGrants([{ prmsName: name, prmsOperations: operations, rperOperations: operations }]),
  );
}
