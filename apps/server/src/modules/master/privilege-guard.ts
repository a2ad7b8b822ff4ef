/**
 * Least privilege (nobody grants more than they hold), checked in the write's transaction before
 * the write: only a Superadmin touches the Superadmin role, its users and its permissions; nobody
 * changes the permissions of a role they hold, or grants an area.action they do not hold. A
 * Superadmin holds every grant, so only the Superadmin-only rules concern them.
 */
import { MESSAGES, SUPERADMIN_ROLE_ID, can, canonicalArea, mergeAccess, parseOperations, type AccessMap, type Area } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { Forbidden } from '../../shared/errors.ts';
import { holdsSuperadmin } from '../auth/credentials.ts';
import * as repo from './privilege-repo.ts';
import type { WriteIntent } from './resource-config.ts';

const valuesOf = (intent: WriteIntent, field: string): unknown[] =>
  [intent.before?.[field], intent.after?.[field]].filter((v) => v !== undefined && v !== null);

/** Only a Superadmin may change a user who holds the Superadmin role (edit, deactivate, delete, credentials). */
export async function assertMayChangeUser(tx: DbOrTx, actor: Actor, userId: string): Promise<void> {
  if (actor.session.isSuperadmin) return;
  if (await holdsSuperadmin(tx, userId)) throw new Forbidden(MESSAGES.onlySuperadminChangesSuperadmin);
}

/** Each area.action the grants give, as an access map. */
function accessOfGrants(grants: readonly { prmsName: string; prmsOperations: string; rperOperations: string }[]): AccessMap {
  return mergeAccess(
    grants.map((g) => {
      const allowed = new Set(parseOperations(g.prmsOperations));
      return { area: g.prmsName, actions: parseOperations(g.rperOperations).filter((a) => allowed.has(a)) };
    }),
  );
}

function assertHolds(actor: Actor, granted: AccessMap): void {
  for (const [area, actions] of Object.entries(granted)) {
    for (const action of actions) {
      if (!can(actor.session.access, canonicalArea(area) as Area, action)) throw new Forbidden(MESSAGES.grantBeyondOwn);
    }
  }
}

/** User_Role: role 1 only by a Superadmin; a Superadmin user's roles only by a Superadmin; no role that grants more than the actor holds. */
export async function guardUserRole(tx: DbOrTx, actor: Actor, intent: WriteIntent): Promise<void> {
  if (actor.session.isSuperadmin) return;
  if (valuesOf(intent, 'usroRoleId').some((id) => Number(id) === SUPERADMIN_ROLE_ID)) {
    throw new Forbidden(MESSAGES.onlySuperadminGrantsSuperadmin);
  }
  for (const userId of valuesOf(intent, 'usroUserId')) await assertMayChangeUser(tx, actor, String(userId));
  const granted = intent.after?.usroRoleId;
  if (granted !== undefined) assertHolds(actor, accessOfGrants(await repo.roleGrants(tx, Number(granted))));
}

/** Role_Permission: not of role 1, not of a role the actor holds, and no operation the actor does not hold. */
export async function guardRolePermission(tx: DbOrTx, actor: Actor, intent: WriteIntent): Promise<void> {
  if (actor.session.isSuperadmin) return;
  const roles = valuesOf(intent, 'rperRoleId').map(Number);
  if (roles.includes(SUPERADMIN_ROLE_ID)) throw new Forbidden(MESSAGES.onlySuperadminChangesSuperadminRole);
  const own = await repo.roleIdsOf(tx, actor.session.userId);
  if (roles.some((roleId) => own.includes(roleId))) throw new Forbidden(MESSAGES.ownRolePermissions);
  if (!intent.after) return;
  const permission = await repo.permissionOf(tx, Number(intent.after.rperPrmsId ?? intent.before?.rperPrmsId));
  if (!permission) return; // the foreign key answers for a permission that does not exist
  const operations = String(intent.after.rperOperations ?? intent.before?.rperOperations ?? '[]');
  assertHolds(actor, accessOfGrants([{ prmsName: permission.prmsName, prmsOperations: permission.prmsOperations, rperOperations: operations }]));
}

/** Permission: its operations cap every role's grant of it, so nobody widens one beyond what they hold. */
export async function guardPermission(_tx: DbOrTx, actor: Actor, intent: WriteIntent): Promise<void> {
  if (actor.session.isSuperadmin || !intent.after) return;
  const name = String(intent.after.prmsName ?? intent.before?.prmsName ?? '');
  const operations = String(intent.after.prmsOperations ?? '[]');
  assertHolds(actor, accessOfGrants([{ prmsName: name, prmsOperations: operations, rperOperations: operations }]));
}
