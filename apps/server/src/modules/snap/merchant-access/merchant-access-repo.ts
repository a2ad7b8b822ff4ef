/** SQL of the clients' SNAP API access (client_snap_credentials) and what deciding it needs: the client, its companies. */
import type { DbOrTx } from '../../../db/tables.ts';

export function clientById(db: DbOrTx, clntid: number) {
  return db
    .selectFrom('clients')
    .select(['clntid', 'clntName'])
    .where('clntid', '=', clntid)
    .executeTakeFirst();
}

export async function clientIdOf(db: DbOrTx, clntid: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('client_snap_credentials')
    .select('clsnClientId')
    .where('clsnClntId', '=', clntid)
    .executeTakeFirst();
  return row?.clsnClientId;
}

/** The credentials a client id names, with the client's name. */
export function credentialsByClientId(db: DbOrTx, clientId: string) {
  return db
    .selectFrom('client_snap_credentials as c')
    .innerJoin('clients as k', 'k.clntid', 'c.clsnClntId')
    .select(['c.clsnClntId', 'c.clsnClientId', 'c.clsnPublicKey', 'c.clsnSecret', 'k.clntName'])
    .where('c.clsnClientId', '=', clientId)
    .executeTakeFirst();
}

/** Inserts the client's credentials, or replaces its key and secret (its client id stays). */
export async function saveCredentials(
  db: DbOrTx,
  row: {
    clntid: number;
    clientId: string;
    publicKey: string;
    sealedSecret: string;
    userId: string;
    nowIso: string;
  },
): Promise<void> {
  await db
    .insertInto('client_snap_credentials')
    .values({
      clsnClntId: row.clntid,
      clsnClientId: row.clientId,
      clsnPublicKey: row.publicKey,
      clsnSecret: row.sealedSecret,
      clsnCreatedTime: row.nowIso,
      clsnCreatedUserId: row.userId,
      clsnUpdatedTime: row.nowIso,
      clsnUpdatedUserId: row.userId,
    })
    .onConflict((oc) =>
      oc.column('clsnClntId').doUpdateSet({
        clsnPublicKey: row.publicKey,
        clsnSecret: row.sealedSecret,
        clsnUpdatedTime: row.nowIso,
        clsnUpdatedUserId: row.userId,
      }),
    )
    .execute();
}

export async function deleteCredentials(db: DbOrTx, clntid: number): Promise<void> {
  await db.deleteFrom('client_snap_credentials').where('clsnClntId', '=', clntid).execute();
}

/** The client's active companies, lowest id first. */
export async function activeCompaniesOf(
  db: DbOrTx,
  clntid: number,
): Promise<{ compId: number; compName: string; grcpCity: string | null }[]> {
  return db
    .selectFrom('companies as c')
    .leftJoin('company_groups as g', 'g.grcpId', 'c.compGrcpId')
    .select(['c.compId', 'c.compName', 'g.grcpCity'])
    .where('c.compClientId', '=', clntid)
    .where('c.compStatus', '=', 1)
    .orderBy('c.compId')
    .execute();
}

/** True when the user is linked to a company of this client (any status). */
export async function userReachesClient(
  db: DbOrTx,
  userId: string,
  clntid: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('user_companies as u')
    .innerJoin('companies as c', 'c.compId', 'u.uscoCompId')
    .select('c.compId')
    .where('u.uscoUserId', '=', userId)
    .where('c.compClientId', '=', clntid)
    .executeTakeFirst();
  return row !== undefined;
}
