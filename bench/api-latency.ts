/**
 * `npm run bench:api -w @tagih/bench -- [--va 200000] [--qris 50000] [--days 30] [--reuse]
 *   [--connections 10] [--duration 10 | --amount N] [--timeout 10] [--warmup 1] [--only text] [--skip-export] [--skip-latency]
 *   [--export-row-by-row] [--export-days N]
 *   [--totals rollup|rows]`
 *
 * API latency under load: prepares a database (DATABASE_URL, or a temp SQLite file; see
 * prepare.ts), starts the real app on an ephemeral loopback port, signs in as a demo Admin,
 * selects the bench company and runs autocannon (in a worker thread, off the server's event
 * loop) over the calls operators make all day. Prints one row per scenario: requests/s,
 * latency percentiles (ms) and non-2xx answers, and beside them the database's own time for the
 * same work (raw-sql.ts: the SQL one call ran, run again in this process) and the ratio. Then
 * streams the full VA CSV export of the period once and prints rows, bytes, seconds, rows/s and
 * the process's peak memory growth, beside the database's own dump of the same rows and columns
 * (export-bench.ts: COPY on PostgreSQL) and, with --export-row-by-row, the row-by-row reference path.
 * Between scenarios it waits until the server has finished every request it accepted (requests
 * a timed-out client gave up on still run), so one overloaded scenario does not slow the next.
 * `--totals rows` measures the lists as before the rollup (db/transaction-rollup.ts): it marks
 * the rollup unbuilt for the run, so every list counts and sums its rows, and rebuilds it after.
 */
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_PATHS, NOTIFICATIONS_EPOCH, TRX_STATUS, businessDate } from '@tagih/contract';
import { buildApp } from '@tagih/server/src/app.ts';
import { systemClock } from '@tagih/server/src/clock.ts';
import { loadConfig } from '@tagih/server/src/config.ts';
import { ensureRollup } from '@tagih/server/src/db/transaction-rollup.ts';
import type { AppDeps } from '@tagih/server/src/deps.ts';
import { SERVER_KINDS } from '@tagih/server/src/modules/transactions/kinds.ts';
import { databaseDump, httpExport, inProcessExport, type ExportRun } from './export-bench.ts';
import { BENCH_USER, prepareDatabase } from './prepare.ts';
import { QueryRecorder, rawSqlTime } from './raw-sql.ts';
import {
  COMPANIES,
  LOGIN,
  NOTIFICATIONS,
  QR,
  STATUS,
  VA,
  api,
  daysBefore,
  q,
  setCompanyPath,
} from './operator-calls.ts';

const { values: args } = parseArgs({
  options: {
    va: { type: 'string', default: '200000' },
    qris: { type: 'string', default: '50000' },
    days: { type: 'string', default: '30' },
    reuse: { type: 'boolean', default: false },
    connections: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    amount: { type: 'string' },
    timeout: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '1' },
    only: { type: 'string' },
    'skip-export': { type: 'boolean', default: false },
    'export-row-by-row': { type: 'boolean', default: false },
    'export-days': { type: 'string' },
    'skip-latency': { type: 'boolean', default: false },
    totals: { type: 'string', default: 'rollup' },
  },
});
const num = (name: string, text: string | undefined, min: number): number => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min) {
    console.error(`--${name} must be a whole number >= ${min} (got ${text})`);
    process.exit(2);
  }
  return n;
};
const sizes = {
  va: num('va', args.va, 0),
  qris: num('qris', args.qris, 0),
  days: num('days', args.days, 1),
};
const connections = num('connections', args.connections, 1);
const duration = num('duration', args.duration, 1);
const amount = args.amount === undefined ? undefined : num('amount', args.amount, 1);
const warmup = num('warmup', args.warmup, 0);
const timeout = num('timeout', args.timeout, 1);

if (args.totals !== 'rollup' && args.totals !== 'rows') {
  console.error(`--totals must be rollup or rows (got ${args.totals})`);
  process.exit(2);
}

const config = { ...loadConfig(), logLevel: 'silent', notificationWorker: false };
const prepared = await prepareDatabase(
  {
    ...sizes,
    reuse: args.reuse,
    timeZone: config.businessTz,
    ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
  },
  (line) => console.log(line),
);
const { db } = prepared;
if (args.totals === 'rows') {
  await db.kysely.updateTable('transaction_rollup_state').set({ rlstTimeZone: null }).execute();
} else {
  await ensureRollup(db.kysely, config.businessTz);
}

// The real app, as main.ts builds it (no simulators, no retry worker: nothing else runs).
// The app's handle records the SQL of a probe call (raw-sql.ts); it runs the queries unchanged.
const recorder = new QueryRecorder();
const deps: AppDeps = {
  db: db.kysely.withPlugin(recorder),
  dialect: db.dialect,
  config: { ...config, databaseUrl: prepared.url },
  clock: systemClock,
};
const app = await buildApp(deps, { webRoot: null });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('no TCP address');
const base = `http://127.0.0.1:${address.port}`;

async function call(
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authentication: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, json: await res.json() };
}

const login = await call('POST', LOGIN, undefined, BENCH_USER);
if (login.status !== 200)
  throw new Error(
    `sign-in failed (${login.status}): ${JSON.stringify(login.json)}; was the database prepared by this benchmark?`,
  );
const token = login.json.data.token as string;
/**
 * Waits until the server has worked off what it accepted: requests a timed-out client gave up
 * on still run, and queue ahead of new ones. A probe waits its turn; done when one is quick.
 */
async function drained(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const t = performance.now();
    await call('GET', STATUS, token);
    if (performance.now() - t < 250) return (performance.now() - started) / 1000;
  }
}
const setCompany = await call('POST', setCompanyPath(prepared.compId), token);
if (setCompany.status !== 200)
  throw new Error(`SetCompany failed: ${JSON.stringify(setCompany.json)}`);

const today = businessDate(new Date(), config.businessTz);
const monthFrom = daysBefore(today, sizes.days);

// Ids the cycling scenarios ask for: what an operator would click on or paste.
const orderIds = (
  await db.kysely
    .selectFrom('transactions')
    .select('trctOrderId')
    .where('trctCompId', '=', prepared.compId)
    .where('trctType', '=', 'VA')
    .orderBy('trctId', 'desc')
    .limit(2000)
    .execute()
)
  .filter((_, i) => i % 40 === 0)
  .map((r) => r.trctOrderId);
// VA numbers and names of the same recent rows (a name is shared by many rows: a broad search).
const vaDetails = (
  await db.kysely
    .selectFrom('transaction_va as v')
    .innerJoin('transactions as t', 't.trctId', 'v.trvaTrctId')
    .select(['v.trvaVirtualAccountNo', 'v.trvaVirtualAccountName'])
    .where('t.trctCompId', '=', prepared.compId)
    .where('t.trctType', '=', 'VA')
    .orderBy('t.trctId', 'desc')
    .limit(2000)
    .execute()
).filter((_, i) => i % 40 === 0);
const notiIds = (
  await db.kysely
    .selectFrom('notifications')
    .select('notiId')
    .where('notiCompId', '=', prepared.compId)
    .orderBy('notiId', 'desc')
    .limit(2000)
    .execute()
)
  .filter((_, i) => i % 40 === 0)
  .map((r) => r.notiId);

interface Scenario {
  name: string;
  paths: string[];
}
const scenarios: Scenario[] = [
  {
    name: 'VA list, today (default page)',
    paths: [`${VA}?${q({ page: 1, max: 10, from: today, to: today })}`],
  },
  {
    name: `VA list, last ${sizes.days} days, page 1`,
    paths: [`${VA}?${q({ page: 1, max: 10, from: monthFrom, to: today })}`],
  },
  {
    name: 'VA list, status+bank, last 7 days',
    paths: [
      `${VA}?${q({ page: 1, max: 10, 'finds[trctStatus][equal]': TRX_STATUS.UNPAID, 'finds[trctBank]': 'BRI', from: daysBefore(today, 7), to: today })}`,
    ],
  },
  {
    name: `VA list, last ${sizes.days} days, page 500`,
    paths: [`${VA}?${q({ page: 500, max: 10, from: monthFrom, to: today })}`],
  },
  {
    name: `VA search order id, ${sizes.days} days`,
    paths: orderIds.map(
      (id) =>
        `${VA}?${q({ page: 1, max: 10, 'finds[trctOrderId]': id, from: monthFrom, to: today })}`,
    ),
  },
  {
    name: `VA search VA number, ${sizes.days} days`,
    paths: vaDetails.map(
      (v) =>
        `${VA}?${q({ page: 1, max: 10, 'finds[trvaVirtualAccountNo]': v.trvaVirtualAccountNo, from: monthFrom, to: today })}`,
    ),
  },
  {
    name: `VA search name, ${sizes.days} days`,
    paths: vaDetails.map(
      (v) =>
        `${VA}?${q({ page: 1, max: 10, 'finds[trvaVirtualAccountName]': v.trvaVirtualAccountName ?? '', from: monthFrom, to: today })}`,
    ),
  },
  {
    name: 'QRIS list, today (default page)',
    paths: [`${QR}?${q({ page: 1, max: 10, from: today, to: today })}`],
  },
  {
    name: 'Notifications list (default)',
    paths: [`${NOTIFICATIONS}?${q({ page: 1, max: 10, from: NOTIFICATIONS_EPOCH, to: today })}`],
  },
  {
    name: 'Notification detail',
    paths: notiIds.map((notiId) => api(API_PATHS.notifications.one, { notiId })),
  },
  { name: 'Master company list', paths: [`${COMPANIES}?${q({ page: 1, max: 10 })}`] },
  { name: 'Status (auth overhead)', paths: [STATUS] },
].filter((s) => !args.only || s.name.toLowerCase().includes(args.only.toLowerCase()));

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);
const padLeft = (text: string, width: number) =>
  text.length >= width ? text : ' '.repeat(width - text.length) + text;
const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

console.log(
  `\nTagih API latency — ${db.dialect}, ${sizes.va.toLocaleString('en')} VA + ${sizes.qris.toLocaleString('en')} QRIS rows over ${sizes.days} days (one company), ` +
    `Node ${process.version}, ${cpus().length} CPUs; list totals from the ${args.totals === 'rows' ? 'rows (no rollup)' : 'rollup'}; autocannon ${connections} connections, ${amount ? `${amount} requests` : `${duration} s`} per scenario (after ${warmup} s warm-up).`,
);

if (!args['skip-latency']) {
  const header = `${pad('scenario', 36)} ${padLeft('rows', 8)} ${padLeft('req/s', 8)} ${padLeft('p50', 7)} ${padLeft('p90', 7)} ${padLeft('p99', 7)} ${padLeft('max', 7)} ${padLeft('non-2xx', 8)} ${padLeft('errors', 7)} ${padLeft('db ms', 8)} ${padLeft('p50/db', 7)}`;
  console.log(`\n${header}\n${'-'.repeat(header.length)}`);
  for (const s of scenarios) {
    // One call first: a scenario that fails is reported, not measured.
    let probe = { status: 0, json: null as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    const sqlOfCall = await recorder.record(async () => {
      probe = await call('GET', s.paths[0]!, token);
    });
    if (probe.status !== 200) {
      console.log(
        `${pad(s.name, 36)} FAILED ${probe.status}: ${JSON.stringify(probe.json).slice(0, 200)}`,
      );
      continue;
    }
    const rows: number | undefined = probe.json.data?.pagination?.totalData;
    const options = {
      url: base,
      connections,
      timeout,
      headers: { authentication: token },
      requests: s.paths.map((path) => ({ method: 'GET', path })),
      workers: 1,
    };
    if (warmup > 0) await autocannon({ ...options, duration: warmup });
    await drained();
    const r = await autocannon({ ...options, ...(amount ? { amount } : { duration }) });
    const backlog = await drained();
    // The database's own time for the probe call's SQL, once the load is over.
    const own = await rawSqlTime(db.kysely, sqlOfCall);
    const answered = r['2xx'] + r.non2xx > 0;
    const ms = (n: number) => padLeft(answered ? fmt(n) : '-', 7);
    console.log(
      `${pad(s.name, 36)} ${padLeft(rows === undefined ? '-' : fmt(rows), 8)} ${padLeft(fmt(r.requests.average), 8)} ` +
        `${ms(r.latency.p50)} ${ms(r.latency.p90)} ${ms(r.latency.p99)} ${ms(r.latency.max)} ` +
        `${padLeft(String(r.non2xx), 8)} ${padLeft(String(r.errors + r.timeouts), 7)} ` +
        `${padLeft(fmt(own.ms, 1), 8)} ${padLeft(answered && own.ms > 0 ? `${(r.latency.p50 / own.ms).toFixed(1)}x` : '-', 7)}` +
        (backlog > 1
          ? `  (server busy ${backlog.toFixed(1)} s more with requests given up on)`
          : ''),
    );
  }
  console.log(
    `(latency in ms; rows = totalData of the list; errors = socket errors + timeouts after ${timeout} s; ` +
      `db ms = the SQL one call ran (its reads, one after another; median of 5), run again in this process against the same database; p50/db = p50 / db ms)`,
  );
}

if (!args['skip-export'] && (!args.only || 'export'.includes(args.only.toLowerCase()))) {
  const exportDays =
    args['export-days'] === undefined ? sizes.days : num('export-days', args['export-days'], 1);
  const range = { from: daysBefore(today, exportDays), to: today };
  const kind = SERVER_KINDS.find((k) => k.type === 'VA')!;
  const mb = (n: number | null) => (n === null ? '-' : `${(n / 1048576).toFixed(1)} MB`);
  const line = (label: string, run: ExportRun) =>
    `${pad(label, 52)} ${padLeft(fmt(run.rows), 11)} ${padLeft(mb(run.bytes), 10)} ${padLeft(run.seconds.toFixed(2), 8)} ${padLeft(fmt(run.rows / run.seconds), 10)} ` +
    `${padLeft(`+${run.rssMb.toFixed(1)}`, 9)} ${padLeft(`+${run.heapMb.toFixed(1)}`, 9)} ${padLeft(`+${run.buffersMb.toFixed(1)}`, 10)}`;
  console.log(`\nCSV export, VA, last ${exportDays} days (${range.from} .. ${range.to}):`);
  const header = `${pad('run', 52)} ${padLeft('rows', 11)} ${padLeft('size', 10)} ${padLeft('s', 8)} ${padLeft('rows/s', 10)} ${padLeft('RSS MB', 9)} ${padLeft('heap MB', 9)} ${padLeft('buffers MB', 10)}`;
  console.log(`${header}\n${'-'.repeat(header.length)}`);
  // The database's own dump before and after ours (the cache is as warm for it as for us): the mean is the yardstick.
  const own =
    db.dialect === 'postgres'
      ? 'COPY (SELECT same rows, columns) TO STDOUT csv'
      : 'same SELECT, raw arrays (better-sqlite3)';
  const dumpBefore = await databaseDump(prepared.url, deps, kind, prepared.compId, range);
  console.log(line(`database: ${own}`, dumpBefore));
  const ours = await httpExport(`${base}${VA}/export.csv?${q(range)}`, token);
  console.log(line('our export over HTTP (as served)', ours));
  const dumpAfter = await databaseDump(prepared.url, deps, kind, prepared.compId, range);
  console.log(line(`database again`, dumpAfter));
  const dumpRate = (dumpBefore.rows / dumpBefore.seconds + dumpAfter.rows / dumpAfter.seconds) / 2;
  console.log(
    `ours / database: ${((ours.rows / ours.seconds / dumpRate) * 100).toFixed(0)} % of the database's own rows/s (goal >= 50 %)`,
  );
  if (args['export-row-by-row']) {
    const before = await inProcessExport(deps, kind, prepared.compId, range, 'rowByRow');
    console.log(line('row by row (the reference path), in process, no HTTP', before));
    const after = await inProcessExport(deps, kind, prepared.compId, range, 'fast');
    console.log(line('fast path, in process, no HTTP', after));
  }
  console.log(
    '(RSS, heap and buffers (Buffer memory outside the heap): peak growth of this process, sampled every 20 ms: the server alone for the HTTP run, whose client runs in a process of its own; heap and buffers include garbage not yet collected)',
  );
}

await app.close();
if (args.totals === 'rows') await ensureRollup(db.kysely, config.businessTz);
await db.close();
console.log(
  `\nDatabase: ${prepared.url}${prepared.url.startsWith('sqlite:') ? ' (kept; --reuse runs again without generating)' : ''}`,
);
