/**
 * A kill -9 while banks' payments are in flight. The real server runs in a process of its own
 * (real HTTP, its own port) on a database file (SQLite) or a database of its own (PostgreSQL); a
 * merchant opens bills over /snap; two banks pay them all, VA payments and a few QRIS notifies,
 * signed, many at once; once a third of them has answered the server gets SIGKILL. Restarted on
 * the same database, every bill is wholly paid or wholly unpaid (status, booking, audit event and
 * notification together, or none of them) and the rollup is exact. Then each bank retries every
 * payment with the same paymentRequestId (flagAdvise Y; half of them under the same X-EXTERNAL-ID
 * as before): each answers success, a payment answered before the kill gets the very same answer
 * again, and every bill ends paid exactly once.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { verifyNotificationTotals } from '../../src/modules/notifications/service.ts';
import { auditKeysOf } from '../../src/modules/audit/chain-key.ts';
import { verifyAuditChain } from '../../src/modules/audit/service.ts';
import { SecretBox } from '../../src/security/secret-box.ts';
import {
  killServer,
  listeningPort,
  startServer,
  type ServerProcess,
} from '../ops/support/server-process.ts';
import { DIALECTS } from '../support/test-app.ts';
import {
  bankConfigFile,
  httpMerchant,
  httpSnap,
  httpToken,
  inPool,
  type HttpAnswer,
} from './over-http.ts';
import {
  amountText,
  makeBank,
  newExternalId,
  snapTime,
  type TestBank,
  type TestCaller,
} from './support.ts';

const PAYMENT = '/snap/v1.0/transfer-va/payment';
const NOTIFY = '/snap/v1.0/qr/qr-mpm-notify';
const VA_BILLS = 90;
const QRIS_BILLS = 10;
/** Calls in flight at any time (so at the kill this many are cut, or answered but unread). */
const IN_FLIGHT = 24;
/** The first kill comes when this many payments have answered, the second when this many retries have. */
const KILL_AFTER = 35;
const KILL_AFTER_RETRY = 60;
const ADMIN = { username: 'admin', password: 'admin-pass-1' };
const DATA_KEY = Buffer.alloc(32, 9);

interface Payment {
  trctId: number;
  orderId: string;
  /** Where it goes in the firing order (the QRIS ones spread among the VA ones). */
  order: number;
  bank: TestBank;
  path: string;
  body: Record<string, unknown>;
  /** The bank's retry: the same request, as an advice. */
  retryBody: Record<string, unknown>;
  externalId: string;
  amountMinor: number;
  /** The first answer it got (none yet: not sent, or cut by a kill). */
  first?: HttpAnswer;
}

/** A database the server in its own process can open, and how to remove it. */
async function freshDatabase(
  dialect: string,
  dir: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'tagih.db')}`, drop: async () => {} };
  const admin = openDatabase(process.env.TEST_DATABASE_URL!, { pool: { size: 1 } });
  const name = `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_kill_${randomBytes(4).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.kysely);
  return {
    url: Object.assign(new URL(process.env.TEST_DATABASE_URL!), {
      pathname: `/${name}`,
    }).toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
      await admin.close();
    },
  };
}

/** Per bill: its status and paid amount, and how many bookings, transaction.paid events and notifications it has. */
async function recordsOf(db: Db, trctIds: number[]) {
  const k = db.kysely;
  const counts = async (
    rows: Promise<{ id: number | string | null; n: number | string | bigint }[]>,
  ) => new Map((await rows).map((r) => [Number(r.id), Number(r.n)]));
  const bookings = await counts(
    k
      .selectFrom('bank_payments')
      .select(['bkpyTrctId as id', sql<number>`count(*)`.as('n')])
      .where('bkpyTrctId', 'in', trctIds)
      .groupBy('bkpyTrctId')
      .execute(),
  );
  const notifications = await counts(
    k
      .selectFrom('notifications')
      .select(['notiTrctId as id', sql<number>`count(*)`.as('n')])
      .where('notiTrctId', 'in', trctIds)
      .groupBy('notiTrctId')
      .execute(),
  );
  // Sealed or still unsealed (an event the killed server wrote that no sealer has chained yet is
  // in the trail too), read in one statement so that a seal between two reads cannot hide or double one.
  const ids = sql.join(trctIds.map(String));
  const paidEvents = await counts(
    sql<{ id: string; n: number }>`select id, count(*) as n from (
        select "audtTargetId" as id from audit_events where "audtAction" = ${AUDIT_ACTIONS.transactionPaid} and "audtTargetId" in (${ids})
        union all
        select "pndgTargetId" as id from audit_pending where "pndgAction" = ${AUDIT_ACTIONS.transactionPaid} and "pndgTargetId" in (${ids})
      ) e group by id`
      .execute(k)
      .then((r) => r.rows),
  );
  const rows = await k
    .selectFrom('transactions')
    .select(['trctId', 'trctStatus', 'trctTotalAmountPaid'])
    .where('trctId', 'in', trctIds)
    .execute();
  return new Map(
    rows.map((r) => [
      r.trctId,
      {
        status: r.trctStatus,
        paidMinor: r.trctTotalAmountPaid === null ? null : Number(r.trctTotalAmountPaid),
        bookings: bookings.get(r.trctId) ?? 0,
        paidEvents: paidEvents.get(r.trctId) ?? 0,
        notifications: notifications.get(r.trctId) ?? 0,
      },
    ]),
  );
}

const SUCCESS = new Set(['2002500', '2005200']);

describe.each(DIALECTS)('a kill -9 while payments are in flight (%s)', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-crash-'));
  const bri = makeBank('BRI');
  const mandiri = makeBank('Mandiri');
  let url = '';
  let drop = async () => {};
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  let base = '';
  const env = (demo: boolean) => ({
    DATABASE_URL: url,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_KEY: DATA_KEY.toString('base64'),
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: String(demo),
    DEMO_PASSWORD: 'demo-pass-1',
    SIMULATORS: 'off',
    DEMO_TRAFFIC: 'off',
    NOTIFICATION_WORKER: 'false',
    EXPIRY_INTERVAL_SECONDS: 'off',
    SNAP_CALLS_PER_SECOND: '100000',
    // Generous: a loaded machine makes payments wait long for a connection, never a 503 here.
    DB_ACQUIRE_TIMEOUT_MS: '60000',
    BANK_CONFIG_FILE: join(dir, 'banks.json'),
    MERCHANT_ALLOWED_HOSTS: 'merchant.invalid',
  });
  // Should the test process end without afterAll (a crash of its own), the server ends with it.
  const killOnExit = () => void server?.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const start = async (demo: boolean) => {
    server = startServer(env(demo));
    base = `http://127.0.0.1:${await listeningPort(server)}`;
  };
  const payments: Payment[] = [];

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase(dialect, dir));
    writeFileSync(join(dir, 'banks.json'), bankConfigFile([bri, mandiri]));
    await start(true);
    db = openDatabase(url, { pool: { size: 2 } });
    const client = await db.kysely
      .selectFrom('companies')
      .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
      .select(['clients.clntid'])
      .orderBy('companies.compId')
      .executeTakeFirstOrThrow();
    const merchant: TestCaller = await httpMerchant(base, ADMIN, client.clntid);
    const merchantToken = await httpToken(base, merchant);

    // The merchant opens the bills: closed VA bills at both banks, dynamic QRIS acquired by BRI.
    const opened: Omit<Payment, 'trctId'>[] = [];
    const open = async (i: number) => {
      const amountMinor = 1_000_000 + i * 100 + (i % 7);
      const amount = { value: amountText(amountMinor), currency: 'IDR' };
      const paymentRequestId = randomUUID();
      if (i < VA_BILLS) {
        const bank = i % 2 === 0 ? bri : mandiri;
        const name = `Pembayar ${i}`;
        const made = await httpSnap(
          base,
          merchant,
          merchantToken,
          '/snap/v1.0/transfer-va/create-va',
          {
            partnerServiceId: bank.partner.partnerServiceId,
            virtualAccountName: name,
            trxId: `CRASH-VA-${i}`,
            totalAmount: amount,
            virtualAccountTrxType: 'C',
            expiredDate: snapTime(new Date(), 24 * 60),
          },
        );
        expect(made.body.responseCode, made.text).toBe('2002700');
        const va = made.body.virtualAccountData as {
          partnerServiceId: string;
          customerNo: string;
          virtualAccountNo: string;
        };
        const body = {
          partnerServiceId: va.partnerServiceId,
          customerNo: va.customerNo,
          virtualAccountNo: va.virtualAccountNo,
          virtualAccountName: name,
          paymentRequestId,
          paidAmount: amount,
          totalAmount: amount,
          referenceNo: `REF${i}`,
          flagAdvise: 'N',
        };
        opened.push({
          orderId: `CRASH-VA-${i}`,
          order: i,
          bank,
          path: PAYMENT,
          body,
          retryBody: { ...body, flagAdvise: 'Y' },
          externalId: newExternalId(),
          amountMinor,
        });
      } else {
        const ref = `CRASH-QR-${i}`;
        const made = await httpSnap(
          base,
          merchant,
          merchantToken,
          '/snap/v1.0/qr/qr-mpm-generate',
          {
            partnerReferenceNo: ref,
            amount,
            merchantId: bri.partner.merchantId,
            terminalId: 'T01',
            validityPeriod: snapTime(new Date(), 60),
          },
        );
        expect(made.body.responseCode, made.text).toBe('2004700');
        const body = {
          originalReferenceNo: made.body.referenceNo,
          originalPartnerReferenceNo: ref,
          latestTransactionStatus: '00',
          amount,
          paidTime: snapTime(new Date()),
        };
        opened.push({
          orderId: ref,
          order: (i - VA_BILLS) * 9 + 4.5,
          bank: bri,
          path: NOTIFY,
          body,
          retryBody: body,
          externalId: newExternalId(),
          amountMinor,
        });
      }
    };
    await inPool(
      Array.from({ length: VA_BILLS + QRIS_BILLS }, (_, i) => i),
      8,
      open,
    );
    const ids = new Map(
      (
        await db.kysely
          .selectFrom('transactions')
          .select(['trctId', 'trctOrderId'])
          .where('trctOrderId', 'like', 'CRASH-%')
          .execute()
      ).map((r) => [r.trctOrderId, r.trctId]),
    );
    payments.push(
      ...opened
        .map((o) => ({ ...o, trctId: ids.get(o.orderId)! }))
        .sort((a, b) => a.order - b.order),
    );
  }, 120_000);

  afterAll(async () => {
    process.off('exit', killOnExit);
    await killServer(server);
    await db?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves every payment wholly done or not done, also when killed again during the retries; the retries book each exactly once and repeat the answers given', async () => {
    expect(payments.map((p) => p.trctId).every(Number.isInteger)).toBe(true);
    // Tokens from before a crash still hold after it (they are in the database).
    const tokens = new Map([
      [bri, await httpToken(base, bri)],
      [mandiri, await httpToken(base, mandiri)],
    ]);
    const ids = payments.map((p) => p.trctId);
    const auditKeys = auditKeysOf(new SecretBox(DATA_KEY));

    /**
     * Every payment sent, IN_FLIGHT at a time; with `killAfter`, SIGKILL when that many have
     * answered (the ones in flight are cut, the rest not sent). A retry is the same request as an
     * advice, under the first call's X-EXTERNAL-ID for half of the bills and a new one for the
     * others. Each answer is a success, and the same as the first answer the payment got.
     */
    const round = async (retry: boolean, killAfter: number | null) => {
      let answered = 0;
      let cut = 0;
      let killed: Promise<void> | null = null;
      await inPool(
        payments,
        IN_FLIGHT,
        async (p) => {
          const externalId = p.trctId % 2 === 0 ? p.externalId : newExternalId();
          const answer = await httpSnap(
            base,
            p.bank,
            tokens.get(p.bank)!,
            p.path,
            retry ? p.retryBody : p.body,
            externalId,
          ).catch(() => null);
          if (answer === null) {
            cut += 1;
            return;
          }
          expect(answer.status, answer.text).toBe(200);
          expect(answer.body.responseCode, answer.text).toSatisfy((code: string) =>
            SUCCESS.has(code),
          );
          if (p.first)
            expect(answer.body, `bill ${p.trctId}: the answer repeated`).toEqual(p.first.body);
          else p.first = answer;
          if ((answered += 1) === killAfter) killed = killServer(server);
        },
        () => killed !== null,
      );
      await killed;
      return { answered, cut, unsent: payments.length - answered - cut };
    };

    /** After a crash: each bill wholly paid (booking, event, notification) or wholly unpaid; each one answered is paid; rollup and audit chain hold. */
    const expectWhole = async (when: string) => {
      const records = await recordsOf(db!, ids);
      for (const p of payments) {
        const r = records.get(p.trctId)!;
        const whole =
          r.status === '00'
            ? {
                status: '00',
                paidMinor: p.amountMinor,
                bookings: 1,
                paidEvents: 1,
                notifications: 1,
              }
            : { status: '03', paidMinor: null, bookings: 0, paidEvents: 0, notifications: 0 };
        expect(r, `bill ${p.trctId} ${when}`).toEqual(whole);
        if (p.first) expect(r.status, `bill ${p.trctId} answered paid ${when}`).toBe('00');
      }
      expect((await verifyRollup(db!.kysely)).differences).toEqual([]);
      expect((await verifyNotificationTotals(db!.kysely)).differences).toEqual([]);
      expect(await verifyAuditChain(db!.kysely, { keys: auditKeys })).toMatchObject({ ok: true });
      return [...records.values()].filter((r) => r.status === '00').length;
    };

    // 1. The banks pay; the server is killed a third of the way through.
    const first = await round(false, KILL_AFTER);
    // Answers already on their way when the kill came still arrive: at least KILL_AFTER.
    expect(first.answered).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(first.cut + first.unsent).toBeGreaterThan(0);
    await start(false);
    const paidAfterFirst = await expectWhole('after the first kill');
    expect(paidAfterFirst).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(paidAfterFirst).toBeLessThan(payments.length);

    // 2. The banks retry everything; the server is killed again half-way.
    const second = await round(true, KILL_AFTER_RETRY);
    expect(second.cut + second.unsent).toBeGreaterThan(0);
    await start(false);
    expect(await expectWhole('after the second kill')).toBeGreaterThanOrEqual(paidAfterFirst);

    // 3. The banks retry everything once more: all answered, each bill paid exactly once.
    const third = await round(true, null);
    expect(third).toEqual({ answered: payments.length, cut: 0, unsent: 0 });
    const final = await recordsOf(db!, ids);
    for (const p of payments)
      expect(final.get(p.trctId), `bill ${p.trctId} at the end`).toEqual({
        status: '00',
        paidMinor: p.amountMinor,
        bookings: 1,
        paidEvents: 1,
        notifications: 1,
      });
    expect((await verifyRollup(db!.kysely)).differences).toEqual([]);
    expect((await verifyNotificationTotals(db!.kysely)).differences).toEqual([]);
    expect(await verifyAuditChain(db!.kysely, { keys: auditKeys })).toMatchObject({ ok: true });
  }, 120_000);
});
