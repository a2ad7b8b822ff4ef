/**
 * Demo clients call back the demo merchant receiver on loopback at /callbacks/{clntid}, signed
 * with their own secret: the URLs the demo data stores, and the look-ups demo mode makes.
 */
import type { DbOrTx } from '../tables.ts';

export const LOOPBACK = '127.0.0.1';

/** Base URL of the demo merchant receiver listening on `port`. */
export const demoMerchantBase = (port: number): string => `http://${LOOPBACK}:${port}`;

/** The demo merchant's URL for a client. */
export const demoCallbackUrl = (base: string, clntid: number | '%'): string => `${base.replace(/\/$/, '')}/callbacks/${clntid}`;

/** True when demo clients call back the demo merchant on `port` (the database holds demo data). */
export async function hasDemoClients(db: DbOrTx, port: number): Promise<boolean> {
  const pattern = demoCallbackUrl(demoMerchantBase(port), '%');
  const row = await db.selectFrom('clients').select('clntid').where('clntCallbackUrl', 'like', pattern).executeTakeFirst();
  return row !== undefined;
}

/** A client's signing secret as stored (sealed: the caller opens it, security/client-secrets.ts), which the demo merchant verifies callbacks with. */
export async function clientSecret(db: DbOrTx, clntid: number): Promise<string | undefined> {
  const row = await db.selectFrom('clients').select('clntSecret').where('clntid', '=', clntid).executeTakeFirst();
  return row?.clntSecret;
}
