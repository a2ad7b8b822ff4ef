/**
 * Nobody acts on an account stronger than their own. Changing another user's credentials, status,
 * roles or company links, or deleting them, needs every area.action that user holds (through all
 * their roles, computed as their session computes it); a Superadmin user only a Superadmin may
 * change; a Superadmin may change anyone. Checked in the write's transaction before the write;
 * the list screens read the same rule per row (`protectedReason`) so they do not offer what
 * would be refused.
 */
import { MESSAGES, type AccessMap } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { Forbidden } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import { accessOfUsers, missingAccess } from '../auth/access.ts';
import { superadminsAmong } from '../auth/credentials.ts';

/** The row field that carries why the viewer may not change the row's user (null when they may). */
export const PROTECTED_REASON_FIELD = 'protectedReason';

interface Target {
  isSuperadmin: boolean;
  access: AccessMap;
}

/** Why `viewer` may not change `target`, or null when they may. */
export function refusalToChange(
  viewer: Pick<SessionContext, 'isSuperadmin' | 'access'>,
  target: Target,
): string | null {
  if (viewer.isSuperadmin) return null;
  if (target.isSuperadmin) return MESSAGES.onlySuperadminChangesSuperadmin;
  return missingAccess(viewer.access, target.access).length > 0 ? MESSAGES.strongerAccount : null;
}

/** Users looked up per query: a long page stays within every dialect's parameter limit. */
const USERS_PER_QUERY = 500;

/** Why the viewer may not change each of these users (null when they may), by user id. */
export async function changeRefusals(
  db: DbOrTx,
  viewer: SessionContext,
  userIds: readonly string[],
): Promise<Map<string, string | null>> {
  const ids = [...new Set(userIds)];
  const refusals = new Map<string, string | null>();
  for (let start = 0; start < ids.length; start += USERS_PER_QUERY) {
    const chunk = ids.slice(start, start + USERS_PER_QUERY);
    if (viewer.isSuperadmin) {
      for (const id of chunk) refusals.set(id, null);
      continue;
    }
    const superadmins = new Set(await superadminsAmong(db, chunk));
    const access = await accessOfUsers(db, chunk);
    for (const id of chunk)
      refusals.set(
        id,
        refusalToChange(viewer, { isSuperadmin: superadmins.has(id), access: access.get(id)! }),
      );
  }
  return refusals;
}

/** Throws 403 with the reason when the actor may not change the user. */
export async function assertMayChangeUser(tx: DbOrTx, actor: Actor, userId: string): Promise<void> {
  const reason = (await changeRefusals(tx, actor.session, [userId])).get(userId);
  if (reason) throw new Forbidden(reason);
}

/** The listed rows, each with `protectedReason` for the user its `userField` names. */
export async function withChangeRefusals<R extends Record<string, unknown>>(
  db: DbOrTx,
  viewer: SessionContext,
  rows: readonly R[],
  userField: string,
): Promise<R[]> {
  const refusals = await changeRefusals(
    db,
    viewer,
    rows.map((row) => String(row[userField])),
  );
  return rows.map((row) => ({
    ...row,
    [PROTECTED_REASON_FIELD]: refusals.get(String(row[userField])) ?? null,
  }));
}
