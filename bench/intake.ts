/**
 * `npm run bench:intake -w @tagih/bench -- [--va 100000] [--days 30] [--payments 5000]
 *   [--concurrency 32] [--retries 0.05] [--url <DATABASE_URL>] [--reuse] [--root <checkout>]
 *   [--servers 1] [--create-va 1000] [--raw 2000]`
 * (the database: --url, else DATABASE_URL, else a temp SQLite file per size; prepare.ts)
 *
 * Payment intake over HTTP, as banks do it: the real server in its own process, the three banks
 * of the data with inbound SNAP credentials (BANK_CONFIG_FILE), and --concurrency callers paying
 * --payments distinct open VA bills through `POST /snap/v1.0/transfer-va/payment`, each call
 * signed (token by RSA, call by HMAC-SHA512, from @tagih/bank-sim's client, written apart from
 * the server). A share (--retries) of the payments is sent a second time with the same
 * `paymentRequestId`, as a bank retries after a time-out. Prints payments/s, p50/p99/max of the
 * calls and the server's RSS, then checks the database: every bill paid once (one booking, one
 * notification, one `transaction.paid` event), none lost or doubled, and the rollup exact.
 *
 * With --servers 2 the callers are split over two server processes on the same database (a
 * payment's retry goes to the other one). --create-va N: then one merchant (the bench company's
 * client, credentials written straight into the database) opens N VA bills through
 * `transfer-va/create-va` with the same callers: create-va/s. --raw N: in the same run, the
 * database's own rate for the same writes as a payment (the bill turned paid, the booking, the
 * notification and the audit row inserted, one transaction each; raw-loop.ts) with the same number
 * of connections, and the ratio of the payments/s to it.
 *
 * The merchant notifications go nowhere here: the bench's clients have no allowed callback host,
 * so each is refused at once without a network call (what the queueing costs is measured, not a
 * merchant's answer).
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createTagihSnapClient, type TagihSnapClient } from '@tagih/bank-sim';
import { BANKS } from '@tagih/contract';
import { demoPartnerServiceId } from '@tagih/contract/demo-bank';
import type * as ConfigModule from '@tagih/server/src/config.ts';
import type * as DatabaseModule from '@tagih/server/src/db/database.ts';
import type * as RollupModule from '@tagih/server/src/db/transaction-rollup.ts';
import type * as NotificationsModule from '@tagih/server/src/modules/notifications/service.ts';
import type * as PrepareModule from './prepare.ts';
import { wholeArg } from './cli-args.ts';
import { benchMerchant, rawPaymentRate, snapTimestampOf } from './raw-loop.ts';
import { startServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    va: { type: 'string', default: '100000' },
    days: { type: 'string', default: '30' },
    payments: { type: 'string', default: '5000' },
    concurrency: { type: 'string', default: '32' },
    retries: { type: 'string', default: '0.05' },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    url: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    servers: { type: 'string', default: '1' },
    'create-va': { type: 'string', default: '0' },
    raw: { type: 'string', default: '0' },
  },
});
const serverCount = wholeArg('servers', args.servers, 1);
const createVaCalls = wholeArg('create-va', args['create-va'], 0);
const rawLoops = wholeArg('raw', args.raw, 0);
const va = wholeArg('va', args.va, 1);
const days = wholeArg('days', args.days, 1);
const payments = wholeArg('payments', args.payments, 1);
const concurrency = wholeArg('concurrency', args.concurrency, 1);
const retryShare = Number(args.retries);
if (!(retryShare >= 0 && retryShare <= 1)) {
  console.error(`--retries must be a share from 0 to 1 (got ${args.retries})`);
  process.exit(2);
}
const root = resolve(args.root!);
const fromRoot = (path: string) => pathToFileURL(join(root, path)).href;
const { prepareDatabase } = (await import(fromRoot('bench/prepare.ts'))) as typeof PrepareModule;
const { loadConfig } = (await import(fromRoot('apps/server/src/config.ts'))) as typeof ConfigModule;
const { verifyRollup } = (await import(
  fromRoot('apps/server/src/db/transaction-rollup.ts')
)) as typeof RollupModule;
const { verifyNotificationTotals } = (await import(
  fromRoot('apps/server/src/modules/notifications/service.ts')
)) as typeof NotificationsModule;

const config = loadConfig();
const url = args.url ?? process.env.DATABASE_URL;
const prepared = await prepareDatabase(
  { va, qris: 0, days, reuse: args.reuse, timeZone: config.businessTz, ...(url ? { url } : {}) },
  (line) => console.log(line),
);
const db = prepared.db.kysely;

// The bills to pay: open VA bills of the bench company whose VA number names one bill only.
const bills = await db
  .selectFrom('transactions as t')
  .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
  .where('t.trctCompId', '=', prepared.compId)
  .where('t.trctStatus', '=', '03')
  .where('t.trctTotalAmount', 'is not', null)
  .where('v.trvaExpiredDate', '>', new Date(Date.now() + 3_600_000).toISOString())
  .where((eb) =>
    eb.not(
      eb.exists(
        eb
          .selectFrom('transaction_va as w')
          .select('w.trvaId')
          .whereRef('w.trvaVirtualAccountNo', '=', 'v.trvaVirtualAccountNo')
          .whereRef('w.trvaId', '<>', 'v.trvaId'),
      ),
    ),
  )
  .select([
    't.trctId',
    't.trctBank',
    't.trctTotalAmount',
    'v.trvaPartnerServiceId',
    'v.trvaCustomerNo',
    'v.trvaVirtualAccountName',
  ])
  .orderBy('t.trctId', 'desc')
  .limit(payments)
  .execute();
if (bills.length < payments) {
  console.error(
    `only ${bills.length} open VA bills with a unique number; use a larger --va or fewer --payments (a bench run pays them: prepare a fresh database with --reuse off)`,
  );
  process.exit(2);
}
await prepared.db.close(); // the server process opens it

// Each bank of the data calls us with credentials of its own.
const dir = mkdtempSync(join(tmpdir(), 'tagih-bench-intake-'));
const banks = BANKS.map((code) => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return {
    code,
    clientId: `${code.toLowerCase()}-bench`,
    publicKey,
    privateKey,
    clientSecret: randomBytes(32).toString('base64url'),
  };
});
writeFileSync(
  join(dir, 'banks.json'),
  JSON.stringify(
    banks.map((b) => ({
      code: b.code,
      baseUrl: 'http://127.0.0.1:9',
      clientId: `tagih-${b.code}`,
      clientSecret: 'outbound-not-used',
      privateKey: b.privateKey,
      partnerServiceId: demoPartnerServiceId(b.code),
      channelId: '95221',
      inbound: { clientId: b.clientId, publicKey: b.publicKey, clientSecret: b.clientSecret },
    })),
  ),
);
const servers = await Promise.all(
  Array.from({ length: serverCount }, () =>
    startServerProcess({
      root,
      databaseUrl: prepared.url,
      env: {
        BANK_CONFIG_FILE: join(dir, 'banks.json'),
        MERCHANT_ALLOWED_HOSTS: 'merchant.invalid',
      },
    }),
  ),
);
const server = servers[0]!;
/** Per server, a client per bank (each asks its server for its own token). */
const clientsOf = servers.map(
  (s) =>
    new Map<string, TagihSnapClient>(banks.map((b) => [b.code, createTagihSnapClient(s.base, b)])),
);

const amount = (minor: number) => ({
  value: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
  currency: 'IDR',
});
type Bill = (typeof bills)[number];
const bodyOf = (bill: Bill, paymentRequestId: string) => ({
  partnerServiceId: bill.trvaPartnerServiceId,
  customerNo: bill.trvaCustomerNo,
  virtualAccountNo: `${bill.trvaPartnerServiceId}${bill.trvaCustomerNo}`,
  virtualAccountName: bill.trvaVirtualAccountName,
  paymentRequestId,
  paidAmount: amount(bill.trctTotalAmount!),
  totalAmount: amount(bill.trctTotalAmount!),
  referenceNo: paymentRequestId.slice(0, 20),
  flagAdvise: 'N',
});

// Warm-up: a token per bank (the first call of each client asks for one).
const calls: { bill: Bill; paymentRequestId: string; retry: boolean }[] = bills.map((bill) => ({
  bill,
  paymentRequestId: randomUUID(),
  retry: false,
}));
for (const call of calls.slice(0, Math.round(calls.length * retryShare)))
  calls.push({ ...call, retry: true });
for (let i = calls.length - 1; i > 0; i--) {
  const j = Math.floor(Math.random() * (i + 1));
  [calls[i], calls[j]] = [calls[j]!, calls[i]!];
}
const rssBefore = server.rss('VmRSS');
const latencies: number[] = [];
const outcomes = new Map<string, number>();
let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: concurrency }, async (_, caller) => {
    while (next < calls.length) {
      const call = calls[next++]!;
      const t0 = performance.now();
      const clients = clientsOf[(caller + (call.retry ? 1 : 0)) % servers.length]!;
      const answer = await clients
        .get(call.bill.trctBank!)!
        .call('/snap/v1.0/transfer-va/payment', {
          ...bodyOf(call.bill, call.paymentRequestId),
          ...(call.retry ? { flagAdvise: 'Y' } : {}),
        })
        .catch((error: Error) => ({
          status: 0,
          body: { responseCode: `error: ${error.message}` },
        }));
      latencies.push(performance.now() - t0);
      const code = String(answer.body.responseCode);
      outcomes.set(code, (outcomes.get(code) ?? 0) + 1);
    }
  }),
);
const wall = (performance.now() - started) / 1000;
const peak = server.rss('VmHWM');

// The merchant's side: create-va with the same callers.
let createVa: { perSecond: number; p50: number; p99: number; answers: Map<string, number> } | null =
  null;
if (createVaCalls > 0) {
  const merchant = await benchMerchant(prepared.url, prepared.compId);
  const merchantClients = servers.map((s) => createTagihSnapClient(s.base, merchant));
  const psid = demoPartnerServiceId(BANKS[0]);
  const runId = randomBytes(4).toString('hex');
  const times: number[] = [];
  const answers = new Map<string, number>();
  let made = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, caller) => {
      while (made < createVaCalls) {
        const i = made++;
        const t = performance.now();
        const answer = await merchantClients[caller % merchantClients.length]!.call(
          '/snap/v1.0/transfer-va/create-va',
          {
            partnerServiceId: psid,
            virtualAccountName: `Bench ${i}`,
            trxId: `BENCH-${runId}-${i}`,
            totalAmount: { value: '150000.00', currency: 'IDR' },
            virtualAccountTrxType: 'C',
            expiredDate: snapTimestampOf(new Date(Date.now() + 86_400_000)),
          },
        ).catch((error: Error) => ({
          status: 0,
          body: { responseCode: `error: ${error.message}` },
        }));
        times.push(performance.now() - t);
        const code = String(answer.body.responseCode);
        answers.set(code, (answers.get(code) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const byTime = [...times].sort((a, b) => a - b);
  const at = (p: number) =>
    byTime[Math.min(byTime.length - 1, Math.ceil((p / 100) * byTime.length) - 1)]!;
  createVa = { perSecond: createVaCalls / seconds, p50: at(50), p99: at(99), answers };
}
for (const s of servers) s.stop();
// Until they have exited (a server seals what is left as it stops): the check below then reads a still database.
for (const s of servers) {
  for (
    let i = 0;
    i < 300 &&
    (await fetch(`${s.base}/api/health/live`).then(
      () => true,
      () => false,
    ));
    i++
  )
    await new Promise((r) => setTimeout(r, 100));
}
rmSync(dir, { recursive: true, force: true });

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const MB = 1024 * 1024;
const dialect = prepared.url.startsWith('sqlite:') ? 'sqlite' : 'postgres';
console.log(
  `\nTagih payment intake — ${dialect}, ${va.toLocaleString('en')} VA rows, root ${root}; Node ${process.version}`,
);
console.log(
  `${calls.length} signed payment calls (${payments} bills, ${calls.length - payments} retries) by ${concurrency} callers over ${banks.length} banks in ${wall.toFixed(1)} s`,
);
console.log(
  `  ${(payments / wall).toFixed(0)} payments/s (${(calls.length / wall).toFixed(0)} calls/s); call p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
console.log(`  answers: ${[...outcomes].map(([code, n]) => `${code} × ${n}`).join(', ')}`);
console.log(`  server processes: ${servers.length}`);
if (createVa) {
  console.log(
    `  merchant create-va: ${createVaCalls} calls, ${createVa.perSecond.toFixed(0)}/s; p50 ${createVa.p50.toFixed(1)} ms, p99 ${createVa.p99.toFixed(1)} ms; answers: ${[...createVa.answers].map(([code, n]) => `${code} × ${n}`).join(', ')}`,
  );
}
console.log(
  `  server RSS ${(rssBefore / MB).toFixed(0)} MB before, peak ${(peak / MB).toFixed(0)} MB`,
);

// The answer key: every bill paid once, each with one booking, one notification and one transaction.paid event.
const { openDatabase } = (await import(
  fromRoot('apps/server/src/db/database.ts')
)) as typeof DatabaseModule;
const check = openDatabase(prepared.url, { pool: { statementTimeoutMs: 0 } }).kysely;
const pendingTable = (await check.introspection.getTables()).some(
  (t) => t.name === 'audit_pending',
);
const counted = { paid: 0, bookings: 0, notifications: 0, paidEvents: 0, notOnce: 0, unsealed: 0 };
type Counted = Promise<{ id: number | string | null; n: number | string | bigint }[]>;
const perBill = async (rows: Counted) =>
  new Map((await rows).map((r) => [Number(r.id), Number(r.n)]));
for (let i = 0; i < bills.length; i += 1000) {
  const ids = bills.slice(i, i + 1000).map((b) => b.trctId);
  const paid = new Set(
    (
      await check
        .selectFrom('transactions')
        .select('trctId')
        .where('trctId', 'in', ids)
        .where('trctStatus', '=', '00')
        .execute()
    ).map((r) => r.trctId),
  );
  const bookings = await perBill(
    check
      .selectFrom('bank_payments')
      .select((eb) => ['bkpyTrctId as id', eb.fn.countAll<number>().as('n')])
      .where('bkpyTrctId', 'in', ids)
      .groupBy('bkpyTrctId')
      .execute(),
  );
  const notifications = await perBill(
    check
      .selectFrom('notifications')
      .select((eb) => ['notiTrctId as id', eb.fn.countAll<number>().as('n')])
      .where('notiTrctId', 'in', ids)
      .groupBy('notiTrctId')
      .execute(),
  );
  const paidEvents = await perBill(
    check
      .selectFrom('audit_events')
      .select((eb) => ['audtTargetId as id', eb.fn.countAll<number>().as('n')])
      .where('audtAction', '=', 'transaction.paid')
      .where('audtTargetId', 'in', ids.map(String))
      .groupBy('audtTargetId')
      .execute(),
  );
  // Just after the run an event may still wait for the sealer (audit_pending, where the checkout has it): it counts, unsealed.
  const unsealed = pendingTable
    ? await perBill(
        check
          .selectFrom('audit_pending')
          .select((eb) => ['pndgTargetId as id', eb.fn.countAll<number>().as('n')])
          .where('pndgAction', '=', 'transaction.paid')
          .where('pndgTargetId', 'in', ids.map(String))
          .groupBy('pndgTargetId')
          .execute(),
      )
    : new Map<number, number>();
  for (const id of ids) {
    counted.unsealed += unsealed.get(id) ?? 0;
    const of = [
      bookings.get(id) ?? 0,
      notifications.get(id) ?? 0,
      (paidEvents.get(id) ?? 0) + (unsealed.get(id) ?? 0),
    ] as const;
    counted.paid += paid.has(id) ? 1 : 0;
    counted.bookings += of[0];
    counted.notifications += of[1];
    counted.paidEvents += of[2];
    if (!paid.has(id) || of.some((k) => k !== 1)) counted.notOnce += 1;
  }
}
const rollup = await verifyRollup(check);
const notificationRollup = await verifyNotificationTotals(check);
await check.destroy();
const lost = payments - counted.paid;
const duplicated = Math.max(
  0,
  Math.max(counted.bookings, counted.notifications, counted.paidEvents) - payments,
);
const exact = (r: { differences: unknown[] }) =>
  r.differences.length === 0 ? 'exact' : `${r.differences.length} differences`;
console.log(
  `  check: ${counted.paid} of ${payments} bills paid; ${counted.bookings} bookings, ${counted.notifications} notifications, ${counted.paidEvents} transaction.paid events: ${lost} lost, ${duplicated} duplicated, ${counted.notOnce} bills not recorded exactly once`,
);
console.log(
  `  rollups: transactions ${exact(rollup)}, notifications ${exact(notificationRollup)}${pendingTable ? `; ${counted.unsealed} of the events still unsealed at the check` : ''}`,
);
if (rawLoops > 0) {
  const raw = await rawPaymentRate(prepared.url, prepared.compId, rawLoops, concurrency);
  console.log(
    `  the database alone, the same writes (raw SQL, ${concurrency} connections, ${raw.loops} payments): ${raw.perSecond.toFixed(0)}/s; Tagih reached ${((100 * payments) / wall / raw.perSecond).toFixed(1)}% of it`,
  );
}
if (
  lost !== 0 ||
  duplicated !== 0 ||
  counted.notOnce !== 0 ||
  rollup.differences.length !== 0 ||
  notificationRollup.differences.length !== 0
)
  process.exitCode = 1;
