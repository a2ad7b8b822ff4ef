/**
 * Demo clients call back the demo merchant receiver on loopback at /callbacks/{clntid}, signed
 * with their own secret: the URLs the demo data stores, and the look-ups demo mode makes.
 */
import { plainMinor } from '@tagih/contract';
import type { DbOrTx } from '../tables.ts';

export const LOOPBACK = '127.0.0.1';

/** Base URL of the demo merchant receiver listening on `port`. */
export const demoMerchantBase = (port: number): string => `http://${LOOPBACK}:${port}`;

/** The demo merchant's URL for a client. */
export const demoCallbackUrl = (base: string, clntid: number | '%'): string =>
  `${base.replace(/\/$/, '')}/callbacks/${clntid}`;

/** True when demo clients call back the demo merchant on `port` (the database holds demo data). */
export async function hasDemoClients(db: DbOrTx, port: number): Promise<boolean> {
  const pattern = demoCallbackUrl(demoMerchantBase(port), '%');
  const row = await db
    .selectFrom('clients')
    .select('clntid')
    .where('clntCallbackUrl', 'like', pattern)
    .executeTakeFirst();
  return row !== undefined;
}

/** A client's signing secret as stored (sealed: the caller opens it, security/client-secrets.ts), which the demo merchant verifies callbacks with. */
export async function clientSecret(db: DbOrTx, clntid: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('clients')
    .select('clntSecret')
    .where('clntid', '=', clntid)
    .executeTakeFirst();
  return row?.clntSecret;
}

/**
 * The total of the bill a VA number (unpadded) or a QRIS order id names, as SNAP writes it
 * ('150000.00'): the demo bank reports it in its paid answers. Newest bill first.
 */
export async function billAmount(db: DbOrTx, key: string): Promise<string | undefined> {
  const va = await db
    .selectFrom('transaction_va as v')
    .innerJoin('transactions as t', 't.trctId', 'v.trvaTrctId')
    .select('t.trctTotalAmount as total')
    .where('v.trvaVirtualAccountNo', '=', key)
    .orderBy('t.trctId', 'desc')
    .limit(1)
    .executeTakeFirst();
  const row =
    va ??
    (await db
      .selectFrom('transactions as t')
      .leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
      .select((eb) => eb.fn.coalesce('t.trctTotalAmount', 'q.trqrTotalAmount').as('total'))
      .where('t.trctType', '=', 'QRIS')
      .where('t.trctOrderId', '=', key)
      .orderBy('t.trctId', 'desc')
      .limit(1)
      .executeTakeFirst());
  return row?.total === null || row?.total === undefined
    ? undefined
    : plainMinor(Number(row.total));
}
