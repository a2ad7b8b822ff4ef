/**
 * `npm run bench:large-page -w @tagih/bench -- [--va 100000] [--days 30] [--calls 10] [--same-user]
 *   [--root <checkout>] [--url <DATABASE_URL>] [--reuse] [--probe-pause 10]`
 *
 * Ten (--calls) `max=1000000` VA lists at once against the real server process (its own
 * process, as in production) over --va rows of one company, each by a user of its own (or all by
 * one with --same-user: then one large page runs and the others answer 429), while one client
 * calls /api/health/live back to back (--probe-pause ms apart). Prints each call's status, bytes
 * and time, the server's RSS before and its peak (VmHWM) during the calls, and the health
 * latencies (p50, p99, max).
 *
 * --root: the checkout whose server and database preparation run (default this one), e.g. a
 * checkout of main for the figures before a change; its own migrations prepare the database, so
 * give each checkout a database of its own (--url; default a temp SQLite file per root and size).
 */
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createHash } from 'node:crypto';
import type * as ConfigModule from '@tagih/server/src/config.ts';
import type * as PasswordsModule from '@tagih/server/src/security/passwords.ts';
import type * as PrepareModule from './prepare.ts';
import { wholeArg } from './cli-args.ts';
import { startServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    va: { type: 'string', default: '100000' },
    days: { type: 'string', default: '30' },
    calls: { type: 'string', default: '10' },
    'same-user': { type: 'boolean', default: false },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    url: { type: 'string' },
    reuse: { type: 'boolean', default: false },
    'probe-pause': { type: 'string', default: '10' },
  },
});
const va = wholeArg('va', args.va, 1);
const days = wholeArg('days', args.days, 1);
const calls = wholeArg('calls', args.calls, 1);
const probePause = wholeArg('probe-pause', args['probe-pause'], 0);
const root = resolve(args.root!);
const fromRoot = (path: string) => pathToFileURL(join(root, path)).href;

// The checkout's own code: its migrations, seeds and server.
const { prepareDatabase, BENCH_DEMO_PASSWORD } = (await import(
  fromRoot('bench/prepare.ts')
)) as typeof PrepareModule;
const { loadConfig } = (await import(fromRoot('apps/server/src/config.ts'))) as typeof ConfigModule;
const { hashPassword } = (await import(
  fromRoot('apps/server/src/security/passwords.ts')
)) as typeof PasswordsModule;

const config = loadConfig();
const rootTag = createHash('sha256').update(root).digest('hex').slice(0, 8);
const url =
  args.url ?? `sqlite:${join(tmpdir(), `tagih-bench-large-page-${rootTag}-va${va}-d${days}.db`)}`;
const prepared = await prepareDatabase(
  { va, qris: 0, days, reuse: args.reuse, timeZone: config.businessTz, url },
  (line) => console.log(line),
);

// One user per call (the demo Admin role, linked to the bench company), made once per database.
const users = Array.from({ length: args['same-user'] ? 1 : calls }, (_, i) => ({
  username: `bigpage${i + 1}`,
  password: BENCH_DEMO_PASSWORD,
}));
{
  const db = prepared.db.kysely;
  const now = new Date().toISOString();
  const audit = (p: string) => ({
    [`${p}CreatedTime`]: now,
    [`${p}CreatedUserId`]: 'bench',
    [`${p}UpdatedTime`]: now,
    [`${p}UpdatedUserId`]: 'bench',
  });
  const hash = await hashPassword(BENCH_DEMO_PASSWORD);
  for (const { username } of users) {
    const userId = `${username}@tagih.id`;
    if (
      await db.selectFrom('users').select('userId').where('userId', '=', userId).executeTakeFirst()
    )
      continue;
    await db
      .insertInto('users')
      .values({ userId, userStatus: 1, ...audit('user') } as never)
      .execute();
    await db
      .insertInto('user_logins')
      .values({
        usloUserId: userId,
        usloUserName: username,
        usloPassword: hash,
        ...audit('uslo'),
      } as never)
      .execute();
    await db
      .insertInto('user_roles')
      .values({ usroUserId: userId, usroRoleId: 2, ...audit('usro') } as never)
      .execute();
    await db
      .insertInto('user_companies')
      .values({ uscoUserId: userId, uscoCompId: prepared.compId, ...audit('usco') } as never)
      .execute();
  }
}
await prepared.db.close(); // the server process opens it

const server = await startServerProcess({ root, databaseUrl: url });
const base = server.base;

async function json(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authentication: token } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, text: await res.text() };
}

const tokens: string[] = [];
for (const user of users) {
  const login = await json('POST', '/api/security/authentication/login', undefined, user);
  if (login.status !== 200)
    throw new Error(`sign-in of ${user.username} failed (${login.status}): ${login.text}`);
  const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;
  const selected = await json(
    'POST',
    `/api/security/Authentication/SetCompany/${prepared.compId}`,
    token,
  );
  if (selected.status !== 200) throw new Error(`SetCompany failed: ${selected.text}`);
  tokens.push(token);
}

const rssOf = server.rss;
const MB = 1024 * 1024;
const from = new Date(Date.now() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
const to = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const LIST = `/api/dashboard/transactionVa?from=${from}&to=${to}&page=1&max=1000000`;

// A warm-up list (the server's first query plans and code), then the figures.
await json('GET', LIST.replace('max=1000000', 'max=10'), tokens[0]);
await new Promise((r) => setTimeout(r, 1000));
const rssBefore = rssOf('VmRSS');

let probing = true;
const health: number[] = [];
const probe = (async () => {
  while (probing) {
    const started = performance.now();
    const res = await fetch(`${base}/api/health/live`);
    await res.arrayBuffer();
    health.push(performance.now() - started);
    if (probePause > 0) await new Promise((r) => setTimeout(r, probePause));
  }
})();

const started = performance.now();
const results = await Promise.all(
  Array.from({ length: calls }, async (_, i) => {
    const t0 = performance.now();
    const res = await fetch(`${base}${LIST}`, {
      headers: { authentication: tokens[i % tokens.length]! },
    });
    let bytes = 0;
    for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
    return {
      status: res.status,
      bytes,
      ms: performance.now() - t0,
      retryAfter: res.headers.get('retry-after'),
    };
  }),
);
const wall = performance.now() - started;
probing = false;
await probe;
const peak = rssOf('VmHWM');
server.stop();

const sorted = [...health].sort((a, b) => a - b);
const pct = (p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
console.log(
  `\nTagih large pages — ${url.startsWith('sqlite:') ? 'sqlite' : 'postgres'}, ${va.toLocaleString('en')} VA rows over ${days} days, root ${root}; Node ${process.version}`,
);
console.log(
  `${calls} × GET ${LIST} at once, ${args['same-user'] ? 'all by one user' : 'each by a user of its own'}:`,
);
const byStatus = new Map<number, typeof results>();
for (const r of results) byStatus.set(r.status, [...(byStatus.get(r.status) ?? []), r]);
for (const [status, rs] of byStatus) {
  const mb = rs.map((r) => (r.bytes / MB).toFixed(1)).join(', ');
  const ms = rs.map((r) => r.ms.toFixed(0)).join(', ');
  console.log(
    `  ${rs.length} × ${status}${rs[0]!.retryAfter ? ` (Retry-After ${rs[0]!.retryAfter})` : ''}: MB ${mb}; ms ${ms}`,
  );
}
console.log(`  all answered in ${(wall / 1000).toFixed(1)} s`);
console.log(
  `server RSS before ${(rssBefore / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB: growth +${((peak - rssBefore) / MB).toFixed(0)} MB`,
);
console.log(
  `/api/health/live meanwhile: ${health.length} calls, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
