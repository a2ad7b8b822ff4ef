/**
 * `npm run bench:recon -w @tagih/bench -- [--va 100000] [--days 30] [--bank BRI] [--planted 5]
 *   [--statement-days N] [--url <DATABASE_URL>] [--reuse] [--server-profile <dir>] [--root <checkout>]`
 *
 * Reconciliation at size, from outside: the bench company's paid VA bills of one bank become a
 * bank statement (MT940, one section per business day, one credit line per paid bill, opening +
 * credits = closing), with --planted breaks of every category written in: paid bills left out
 * (missing at the bank), credits naming no bill (missing in Tagih), credits one rupiah over
 * (amount), credits for unpaid bills (status) and bills credited twice (duplicate). The real
 * server, in its own process, imports the file through `POST /api/recon/statements` as an operator
 * would. Prints lines/s, the whole run's time and the server's RSS growth; then the same match done
 * as one raw SQL join over the imported lines, for comparison; then checks the answer key: every
 * planted break found in its category, no other break among the statement's bills, and every match
 * on the bill its line was written for (each line's reference carries its bill's id).
 */
import { mkdtempSync, openAsBlob, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  addDays,
  BANKS,
  BREAK_CATEGORIES,
  businessDate,
  type BreakCategory,
} from '@tagih/contract';
import type * as ConfigModule from '@tagih/server/src/config.ts';
import type * as DatabaseModule from '@tagih/server/src/db/database.ts';
import type * as PrepareModule from './prepare.ts';
import { wholeArg } from './cli-args.ts';
import { startServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    va: { type: 'string', default: '100000' },
    days: { type: 'string', default: '30' },
    bank: { type: 'string', default: 'BRI' },
    planted: { type: 'string', default: '5' },
    /** The statement's last N days with payments (default: the whole generated period). */
    'statement-days': { type: 'string' },
    /** A directory for the server's CPU profile (node --cpu-prof), written when it stops. */
    'server-profile': { type: 'string' },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    url: { type: 'string' },
    reuse: { type: 'boolean', default: false },
  },
});
const va = wholeArg('va', args.va, 1);
const days = wholeArg('days', args.days, 2);
const planted = wholeArg('planted', args.planted, 1);
const statementDaysArg =
  args['statement-days'] === undefined
    ? null
    : wholeArg('statement-days', args['statement-days'], 1);
const bank = args.bank!;
if (!(BANKS as readonly string[]).includes(bank)) {
  console.error(`--bank must be one of ${BANKS.join(', ')} (got ${bank})`);
  process.exit(2);
}
const root = resolve(args.root!);
const fromRoot = (path: string) => pathToFileURL(join(root, path)).href;
const { prepareDatabase, BENCH_ADMIN } = (await import(
  fromRoot('bench/prepare.ts')
)) as typeof PrepareModule;
const { loadConfig } = (await import(fromRoot('apps/server/src/config.ts'))) as typeof ConfigModule;
const { openDatabase } = (await import(
  fromRoot('apps/server/src/db/database.ts')
)) as typeof DatabaseModule;

const config = loadConfig();
const tz = config.businessTz;
const prepared = await prepareDatabase(
  { va, qris: 0, days, reuse: args.reuse, timeZone: tz, ...(args.url ? { url: args.url } : {}) },
  (line) => console.log(line),
);
const db = prepared.db.kysely;
// A reused database starts each run with no reconciliation: an earlier run's matches would make
// this run's lines duplicates (correctly so, for the server).
for (const table of [
  'recon_break_events',
  'recon_breaks',
  'recon_matches',
  'recon_lines',
  'recon_statements',
] as const)
  await db.deleteFrom(table).execute();
const today = businessDate(new Date(), tz);

interface Bill {
  trctId: number;
  vaNo: string;
  amount: number;
  day: string;
}

// The statement covers every business day before today on which the bank credited a bill: paid
// today would be "expected", not a break, and is left out of the run.
const paidRows = await db
  .selectFrom('transactions as t')
  .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
  .select([
    't.trctId',
    'v.trvaVirtualAccountNo',
    't.trctTotalAmountPaid',
    't.trctTotalAmount',
    't.trctLunasTime',
  ])
  .where('t.trctCompId', '=', prepared.compId)
  .where('t.trctBank', '=', bank)
  .where('t.trctStatus', '=', '00')
  .where('t.trctLunasTime', 'is not', null)
  .execute();
const paidBills: Bill[] = paidRows
  .map((r) => ({
    trctId: Number(r.trctId),
    vaNo: r.trvaVirtualAccountNo ?? '',
    amount: Number(r.trctTotalAmountPaid ?? r.trctTotalAmount),
    day: businessDate(new Date(r.trctLunasTime as string), tz),
  }))
  .filter(
    (b) =>
      b.vaNo !== '' &&
      Number.isFinite(b.amount) &&
      b.amount > 0 &&
      b.day < addDays(today, -config.reconExpectedDays - 3),
  )
  .sort((a, b) => (a.day === b.day ? a.trctId - b.trctId : a.day < b.day ? -1 : 1));
const paidDays = [...new Set(paidBills.map((b) => b.day))].sort();
const sinceDay = statementDaysArg === null ? paidDays[0] : paidDays.at(-statementDaysArg);
const bills = paidBills.filter((b) => sinceDay !== undefined && b.day >= sinceDay);
const unpaid = await db
  .selectFrom('transactions as t')
  .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
  .select(['t.trctId', 'v.trvaVirtualAccountNo', 't.trctTotalAmount', 't.trctCreatedTime'])
  .where('t.trctCompId', '=', prepared.compId)
  .where('t.trctBank', '=', bank)
  .where('t.trctStatus', '=', '03')
  .where('t.trctTotalAmount', 'is not', null)
  .limit(planted)
  .execute();
if (bills.length < planted * 4 || unpaid.length < planted) {
  console.error(
    `Too few ${bank} bills for the bench company (${bills.length} paid, ${unpaid.length} unpaid): generate more with --va.`,
  );
  process.exit(2);
}

// The answer key: which bills carry which break. Picked evenly through the period.
const every = Math.floor(bills.length / (planted * 4));
const pick = (offset: number) =>
  Array.from(
    { length: planted },
    (_, i) => bills[(i * 4 + offset) * every + Math.floor(every / 2)]!,
  );
const key = {
  missing_at_bank: pick(0),
  amount: pick(1),
  duplicate: pick(2),
};
const left = new Set(key.missing_at_bank.map((b) => b.trctId));
const over = new Set(key.amount.map((b) => b.trctId));
const twice = new Set(key.duplicate.map((b) => b.trctId));
const lastDay = bills.at(-1)!.day;

const statusBills: Bill[] = unpaid.map((r) => ({
  trctId: Number(r.trctId),
  vaNo: r.trvaVirtualAccountNo ?? '',
  amount: Number(r.trctTotalAmount),
  day: lastDay,
}));

// The statement file: a section per day with lines, balances carried from day to day.
// Its own account each run, so a --reuse database takes the run again (the lines are new to it).
const accountNo = `99${String(Date.now()).slice(-11)}`;
/** Amounts are kept in sen (minor units); the statement writes rupiah with a decimal comma. */
const rupiah = (minor: number) => (minor / 100).toFixed(2).replace('.', ',');
const yymmdd = (day: string) => day.slice(2).replaceAll('-', '');
const mmdd = (day: string) => day.slice(5).replaceAll('-', '');
const byDay = new Map<string, string[]>();
let lines = 0;
const credit = (day: string, amount: number, reference: string, narrative: string) => {
  const list = byDay.get(day) ?? [];
  list.push(
    `:61:${yymmdd(day)}${mmdd(day)}C${rupiah(amount)}NTRFNONREF//${reference}`,
    `:86:${narrative}`,
  );
  byDay.set(day, list);
  lines += 1;
  return amount;
};
const totals = new Map<string, number>();
const add = (day: string, amount: number) => totals.set(day, (totals.get(day) ?? 0) + amount);
for (const b of bills) {
  if (left.has(b.trctId)) continue;
  const amount = over.has(b.trctId) ? b.amount + 100 : b.amount; // one rupiah over
  add(b.day, credit(b.day, amount, `B${b.trctId}`, `TRANSFER VA ${b.vaNo} BENCH`));
  if (twice.has(b.trctId))
    add(b.day, credit(b.day, b.amount, `B${b.trctId}D`, `TRANSFER VA ${b.vaNo} BENCH`));
}
for (const b of statusBills)
  add(b.day, credit(b.day, b.amount, `B${b.trctId}`, `TRANSFER VA ${b.vaNo} BENCH`));
for (let i = 0; i < planted; i++)
  add(
    lastDay,
    credit(lastDay, 1_234_500 + i * 100, `X${i}`, `TRSF E-BANKING CR ${9_000_000 + i} ANONIM`),
  );

const statementDays = [...byDay.keys()].sort();
const [statementFrom, statementTo] = [statementDays[0]!, statementDays.at(-1)!];
// The bank's other paid bills of the statement's days (the demo data's QRIS) are not on this statement
// either: the server must name them missing at the bank too.
const billIds = new Set(bills.map((b) => b.trctId));
const otherPaid = (
  await db
    .selectFrom('transactions')
    .select(['trctId', 'trctLunasTime'])
    .where('trctCompId', '=', prepared.compId)
    .where((eb) =>
      eb.or([
        eb('trctBank', '=', bank),
        eb.and([eb('trctBank', 'is', null), eb('trctQrBank', '=', bank)]),
      ]),
    )
    .where('trctStatus', '=', '00')
    .where('trctLunasTime', 'is not', null)
    .execute()
).filter(
  (t) =>
    !billIds.has(Number(t.trctId)) &&
    businessDate(new Date(t.trctLunasTime as string), tz) >= statementFrom &&
    businessDate(new Date(t.trctLunasTime as string), tz) <= statementTo,
);

const dir = mkdtempSync(join(tmpdir(), 'tagih-bench-recon-'));
const file = join(dir, `${bank.toLowerCase()}-${statementFrom}-${statementTo}.mt940`);
{
  const out: string[] = [];
  let balance = 0;
  let n = 0;
  for (const day of statementDays) {
    n += 1;
    const opening = balance;
    balance += totals.get(day)!;
    out.push(
      `:20:BENCH${yymmdd(day)}`,
      `:25:BENCHBANK/${accountNo}`,
      `:28C:${n}/1`,
      `:60F:C${yymmdd(addDays(day, -1))}IDR${rupiah(opening)}`,
      ...byDay.get(day)!,
      `:62F:C${yymmdd(day)}IDR${rupiah(balance)}`,
    );
  }
  writeFileSync(file, `${out.join('\n')}\n`);
}
console.log(
  `Statement: ${lines.toLocaleString('en')} lines, ${statementFrom} .. ${statementTo}, ${byDay.size} days; planted ${planted} of each break category.`,
);
await prepared.db.close(); // the server process opens it

const server = await startServerProcess({
  root,
  databaseUrl: prepared.url,
  env: args['server-profile']
    ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${args['server-profile']}` }
    : {},
});
const MB = 1024 * 1024;
let status = 0;
try {
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...(token ? { authentication: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> };
  };
  const token = (await call('POST', '/api/security/authentication/login', undefined, BENCH_ADMIN))
    .data.token as string;
  await call('POST', `/api/security/Authentication/SetCompany/${prepared.compId}`, token);
  const account = await call('POST', '/api/master/Bank_Account', token, {
    baccBank: bank,
    baccAccountNo: accountNo,
    baccName: `Bench ${bank} ${accountNo}`,
    baccCompIds: [prepared.compId],
  });
  const baccId = account.data.baccId as number;

  const rssBefore = server.rss('VmRSS');
  const form = new FormData();
  form.set('baccId', String(baccId));
  form.set('format', 'mt940');
  form.set('file', await openAsBlob(file), 'statement.mt940');
  const started = performance.now();
  const res = await fetch(`${server.base}/api/recon/statements`, {
    method: 'POST',
    headers: { authentication: token },
    body: form,
  });
  const answer = (await res.json()) as {
    data: { stmtId: number; lines: number; matched: number; breaks: Record<BreakCategory, number> };
  };
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(answer)}`);
  const peakGrowth = (server.rss('VmHWM') - rssBefore) / MB;
  console.log(
    `Import + matching: ${seconds.toFixed(1)} s, ${Math.round(lines / seconds).toLocaleString('en')} lines/s; server RSS ${(rssBefore / MB).toFixed(0)} MB before, peak growth ${peakGrowth.toFixed(0)} MB`,
  );
  console.log(`Answer: ${JSON.stringify(answer.data)}`);

  // The same match as one raw SQL join: each imported credit's VA number (the narrative's third
  // word) against the VA bills of the account's company, amount equal (SQLite: `cross join` keeps
  // this order, lines, then their VA number in its index, then the bill).
  const check = openDatabase(prepared.url);
  const cdb = check.kysely;
  const isPg = !prepared.url.startsWith('sqlite:');
  const vaOf = isPg
    ? sql`split_part(l."stlnNarrative", ' ', 3)`
    : sql`substr(l.stlnNarrative, 13, instr(substr(l.stlnNarrative, 13), ' ') - 1)`;
  const rawStarted = performance.now();
  const raw = await sql<{ n: number | string }>`
    select count(*) as n from recon_lines l
    ${isPg ? sql`join` : sql`cross join`} transaction_va v on v."trvaVirtualAccountNo" = ${vaOf}
    ${isPg ? sql`join` : sql`cross join`} transactions t on t."trctId" = v."trvaTrctId"
    where l."stlnStmtId" = ${answer.data.stmtId} and l."stlnDirection" = 'C' and t."trctCompId" = ${prepared.compId}
      and t."trctStatus" = '00' and l."stlnAmountMinor" = coalesce(t."trctTotalAmountPaid", t."trctTotalAmount")`.execute(
    cdb,
  );
  const rawSeconds = (performance.now() - rawStarted) / 1000;
  console.log(
    `Raw SQL join (VA number + amount, no windows, no breaks): ${rawSeconds.toFixed(2)} s, ${Number(raw.rows[0]!.n).toLocaleString('en')} pairs; the import took ${(seconds / rawSeconds).toFixed(1)}× that`,
  );

  // The answer key.
  const found = await cdb
    .selectFrom('recon_breaks as b')
    .leftJoin('recon_lines as l', 'l.stlnId', 'b.rbrkLineId')
    .select(['b.rbrkCategory', 'b.rbrkTrctId', 'l.stlnReference'])
    .where('b.rbrkBaccId', '=', baccId)
    .execute();
  const wanted: Record<BreakCategory, Set<string>> = {
    missing_at_bank: new Set([...key.missing_at_bank, ...otherPaid].map((b) => `T${b.trctId}`)),
    amount: new Set(key.amount.map((b) => `L${b.trctId}`)),
    duplicate: new Set(key.duplicate.map((b) => `L${b.trctId}`)),
    status: new Set(statusBills.map((b) => `L${b.trctId}`)),
    missing_in_tagih: new Set(Array.from({ length: planted }, (_, i) => `X${i}`)),
  };
  const named = (r: (typeof found)[number]) => {
    const ref = r.stlnReference ?? '';
    if (ref.startsWith('X')) return ref;
    if (ref.startsWith('B')) return `L${ref.slice(1).replace(/D$/, '')}`;
    return `T${r.rbrkTrctId}`;
  };
  let wrong = 0;
  for (const category of BREAK_CATEGORIES) {
    const got = new Set(found.filter((r) => r.rbrkCategory === category).map(named));
    const missed = [...wanted[category]].filter((k) => !got.has(k));
    const extra = [...got].filter((k) => !wanted[category].has(k));
    wrong += missed.length + extra.length;
    console.log(
      `  ${category}: planted ${wanted[category].size}, found ${got.size}${missed.length ? `, MISSED ${missed.join(' ')}` : ''}${extra.length ? `, EXTRA ${extra.slice(0, 10).join(' ')}` : ''}`,
    );
  }
  const falseMatches = await cdb
    .selectFrom('recon_matches as m')
    .innerJoin('recon_lines as l', 'l.stlnId', 'm.rmatLineId')
    .select(['m.rmatTrctId', 'l.stlnReference'])
    .where('l.stlnStmtId', '=', answer.data.stmtId)
    .execute();
  const mismatched = falseMatches.filter(
    (m) => m.stlnReference?.replace(/D$/, '') !== `B${m.rmatTrctId}`,
  );
  console.log(
    `Matches: ${falseMatches.length.toLocaleString('en')}, on another bill than their line's: ${mismatched.length}`,
  );
  await check.close();
  if (wrong > 0 || mismatched.length > 0) {
    console.error('The answer key does not hold.');
    status = 1;
  } else console.log('Every planted break found in its category; no false match.');
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
