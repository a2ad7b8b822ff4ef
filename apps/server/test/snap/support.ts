/**
 * A bank or a merchant calling /snap, as the written recipe says (docs/protocols.md "SNAP BI: what
 * banks send us", "what merchants send us"), computed here with node:crypto directly, never with the
 * server's own signing code.
 */
import { createHash, createHmac, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { demoPartnerServiceId } from '@tagih/contract/demo-bank';
import type { SnapPartner } from '../../src/modules/snap/caller/partners.ts';
import { sealPending } from '../../src/modules/audit/sealer.ts';
import type { TestContext } from '../support/test-app.ts';

/** Whoever calls /snap: its client id and secret, and the private key that signs its token call. */
export interface TestCaller {
  partner: { clientId: string; clientSecret: string };
  privateKey: string;
}

export interface TestBank extends TestCaller {
  partner: SnapPartner;
}

const rsaPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

/** A bank with inbound credentials, the demo's VA prefix, and a QRIS acquirer identity (merchant id `<BANK>-MID-0001`). */
export function makeBank(bank: string): TestBank {
  const { publicKey, privateKey } = rsaPair();
  return {
    partner: {
      bank,
      clientId: `${bank.toLowerCase()}-test-client`,
      publicKey,
      clientSecret: randomBytes(32).toString('base64url'),
      partnerServiceId: demoPartnerServiceId(bank),
      merchantId: `${bank.toUpperCase()}-MID-0001`,
      qris: {
        acquirerDomain: `ID.CO.BANK${bank.toUpperCase()}.WWW`,
        merchantPan: '9360000200000012345',
        nmid: 'ID1026000012345',
        criteria: 'UMI',
        mcc: '5812',
      },
    },
    privateKey,
  };
}

/** A merchant: the client's API access given by the Superadmin through the API (the app needs a secretBox). */
export async function makeMerchant(ctx: TestContext, clntid: number): Promise<TestCaller> {
  const { publicKey, privateKey } = rsaPair();
  const res = await ctx.inject({
    method: 'POST',
    url: `/api/master/client/${clntid}/snap-credentials`,
    token: await ctx.login(),
    payload: { publicKey },
  });
  if (res.statusCode !== 200) throw new Error(`snap-credentials: ${res.body}`);
  const { clientId, clientSecret } = res.json().data as { clientId: string; clientSecret: string };
  return { partner: { clientId, clientSecret }, privateKey };
}

/** X-TIMESTAMP in Jakarta time, `minutesOff` from the test clock. */
export function snapTime(now: Date, minutesOff = 0): string {
  const local = new Date(now.getTime() + minutesOff * 60_000 + 7 * 3_600_000);
  return `${local.toISOString().slice(0, 19)}+07:00`;
}

export const tokenSignature = (privateKey: string, clientId: string, timestamp: string): string =>
  sign('RSA-SHA256', Buffer.from(`${clientId}|${timestamp}`, 'utf8'), privateKey).toString(
    'base64',
  );

/** HMAC-SHA512 over METHOD:path:token:lowercase(hex(sha256(minified body))):timestamp, base64. */
export function serviceSignature(
  secret: string,
  method: string,
  path: string,
  token: string,
  minifiedBody: string,
  timestamp: string,
): string {
  const bodyHash = createHash('sha256').update(minifiedBody, 'utf8').digest('hex').toLowerCase();
  return createHmac('sha512', secret)
    .update(`${method}:${path}:${token}:${bodyHash}:${timestamp}`, 'utf8')
    .digest('base64');
}

let externalSeq = 0;
export const newExternalId = (): string =>
  `${Date.now()}${String((externalSeq += 1)).padStart(6, '0')}`;

export async function getToken(
  app: FastifyInstance,
  ctx: TestContext,
  bank: TestCaller,
): Promise<string> {
  const ts = snapTime(ctx.clock.now());
  const res = await app.inject({
    method: 'POST',
    url: '/snap/v1.0/access-token/b2b',
    headers: {
      'content-type': 'application/json',
      'x-client-key': bank.partner.clientId,
      'x-timestamp': ts,
      'x-signature': tokenSignature(bank.privateKey, bank.partner.clientId, ts),
    },
    payload: '{"grantType":"client_credentials"}',
  });
  if (res.statusCode !== 200) throw new Error(`token: ${res.body}`);
  return res.json().accessToken as string;
}

export interface CallOptions {
  externalId?: string;
  timestamp?: string;
  /** The text sent (default: JSON.stringify(body)); the signature covers its minified form. */
  raw?: string;
  signature?: string;
  /** The minified text the signature covers (default: JSON.stringify(body)). */
  signed?: string;
  headers?: Record<string, string>;
  method?: 'POST' | 'DELETE';
}

export function callSnap(
  app: FastifyInstance,
  ctx: TestContext,
  bank: TestCaller,
  token: string,
  path: string,
  body: unknown,
  o: CallOptions = {},
): Promise<LightMyRequestResponse> {
  const minified = o.signed ?? JSON.stringify(body);
  const ts = o.timestamp ?? snapTime(ctx.clock.now());
  const method = o.method ?? 'POST';
  return app.inject({
    method,
    url: path,
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'x-timestamp': ts,
      'x-signature':
        o.signature ??
        serviceSignature(bank.partner.clientSecret, method, path, token, minified, ts),
      'x-partner-id': bank.partner.clientId,
      'x-external-id': o.externalId ?? newExternalId(),
      'channel-id': '95221',
      ...o.headers,
    },
    payload: o.raw ?? minified,
  });
}

export async function unpaidVaBill(ctx: TestContext, bank: string) {
  return ctx.db.kysely
    .selectFrom('transactions as t')
    .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
    .where('t.trctBank', '=', bank)
    .where('t.trctStatus', '=', '03')
    .where('v.trvaExpiredDate', '>', ctx.clock.now().toISOString())
    .where('t.trctTotalAmount', 'is not', null)
    .select([
      't.trctId',
      't.trctOrderId',
      't.trctTotalAmount',
      't.trctCreatedTime',
      'v.trvaPartnerServiceId',
      'v.trvaCustomerNo',
      'v.trvaVirtualAccountName',
    ])
    .orderBy('t.trctId')
    .executeTakeFirstOrThrow();
}

export type VaBill = Awaited<ReturnType<typeof unpaidVaBill>>;

export const amountText = (minor: number) =>
  `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

export const vaNames = (bill: VaBill) => ({
  partnerServiceId: bill.trvaPartnerServiceId,
  customerNo: bill.trvaCustomerNo,
  virtualAccountNo: `${bill.trvaPartnerServiceId}${bill.trvaCustomerNo}`,
});

export function paymentBody(
  bill: VaBill,
  paymentRequestId: string,
  extra: Record<string, unknown> = {},
) {
  return {
    ...vaNames(bill),
    virtualAccountName: bill.trvaVirtualAccountName,
    paymentRequestId,
    paidAmount: { value: amountText(bill.trctTotalAmount!), currency: 'IDR' },
    totalAmount: { value: amountText(bill.trctTotalAmount!), currency: 'IDR' },
    referenceNo: `REF${paymentRequestId}`,
    flagAdvise: 'N',
    ...extra,
  };
}

/** What a payment may change, to compare before and after. */
export async function stateOf(ctx: TestContext, trctId: number) {
  const db = ctx.db.kysely;
  const t = await db
    .selectFrom('transactions')
    .select(['trctStatus', 'trctTotalAmountPaid', 'trctLunasTime'])
    .where('trctId', '=', trctId)
    .executeTakeFirstOrThrow();
  const count = async (
    table: 'notifications' | 'bank_payments',
    column: 'notiTrctId' | 'bkpyTrctId',
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where(column, '=', trctId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  await sealPending(db, { wait: true }); // the payment's event is chained after its commit (modules/audit/sealer.ts)
  const paidEvents = Number(
    (
      await db
        .selectFrom('audit_events')
        .select(sql<number>`count(*)`.as('n'))
        .where('audtAction', '=', 'transaction.paid')
        .where('audtTargetId', '=', String(trctId))
        .executeTakeFirstOrThrow()
    ).n,
  );
  return {
    ...t,
    notifications: await count('notifications', 'notiTrctId'),
    bankPayments: await count('bank_payments', 'bkpyTrctId'),
    paidEvents,
  };
}
