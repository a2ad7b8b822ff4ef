/**
 * What a user may do: the union of their roles' grants, each capped by its permission's own
 * operations. The session's access map and the least-privilege rules both read it here.
 */
import {
  can,
  canonicalArea,
  mergeAccess,
  parseOperations,
  type AccessMap,
  type Area,
} from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import * as repo from './repo.ts';

export interface Grant {
  prmsName: string;
  prmsOperations: string;
  rperOperations: string;
}

/** Each area.action the grants give, as an access map. */
export function accessOfGrants(grants: readonly Grant[]): AccessMap {
  return mergeAccess(
    grants.map((g) => {
      const allowed = new Set(parseOperations(g.prmsOperations));
      return {
        area: g.prmsName,
        actions: parseOperations(g.rperOperations).filter((a) => allowed.has(a)),
      };
    }),
  );
}

/** Each user's access map, by user id (an empty map for a user without grants). */
export async function accessOfUsers(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, AccessMap>> {
  const grants = userIds.length ? await repo.findGrants(db, userIds) : [];
  return new Map(
    userIds.map((id) => [id, accessOfGrants(grants.filter((g) => g.usroUserId === id))]),
  );
}

export async function accessOfUser(db: DbOrTx, userId: string): Promise<AccessMap> {
  return (await accessOfUsers(db, [userId])).get(userId)!;
}

/** The area.action pairs of `wanted` that `holder` does not grant ('audit_log.read'), either spelling of an area alike. */
export function missingAccess(holder: AccessMap, wanted: AccessMap): string[] {
  const missing = Object.entries(wanted).flatMap(([name, actions]) => {
    const area = canonicalArea(name);
    return actions
      .filter((action) => !can(holder, area as Area, action))
      .map((action) => `${area}.${action}`);
  });
  return [...new Set(missing)];
}
