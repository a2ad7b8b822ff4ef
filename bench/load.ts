/**
 * `npm run bench:load -w @tagih/bench -- [--seconds 60] [--connections 200] [--timeout 10]
 *   [--va 200000] [--qris 50000] [--days 30] [--reuse] [--skip-load] [--skip-export-probe]
 *   [--probe-pause 10]`
 *
 * Load test: the real server (`node apps/server/src/main.ts`, as in production: JSON logs,
 * metrics, its own process) over a database prepared like bench:api's (prepare.ts; DATABASE_URL
 * or a temp SQLite file), hit by N clients cycling through the operator mix (operator-calls.ts)
 * for --seconds. Prints requests/s, latency p50/p99, answers by status, socket errors, timeouts,
 * the server's peak RSS, and the mean time per route from the server's own metrics. Then the
 * export probe: one client calls status back to back (--probe-pause ms between calls) while the
 * full VA CSV export of --days days streams, and prints the status latencies (a slow request must
 * not freeze the others) and the server's RSS growth. Those calls' own garbage grows the V8 heap
 * too (~100 calls a second at the default 10 ms); `--probe-pause 1000` shows the export's own.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { API_PATHS, businessDate } from '@tagih/contract';
import { loadConfig } from '@tagih/server/src/config.ts';
import { BENCH_USER, prepareDatabase } from './prepare.ts';
import {
  LOGIN,
  STATUS,
  VA,
  api,
  daysBefore,
  operatorMix,
  q,
  setCompanyPath,
} from './operator-calls.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    connections: { type: 'string', default: '200' },
    timeout: { type: 'string', default: '10' },
    va: { type: 'string', default: '200000' },
    qris: { type: 'string', default: '50000' },
    days: { type: 'string', default: '30' },
    reuse: { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
    'skip-export-probe': { type: 'boolean', default: false },
    'probe-pause': { type: 'string', default: '10' },
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
const seconds = num('seconds', args.seconds, 1);
const connections = num('connections', args.connections, 1);
const timeout = num('timeout', args.timeout, 1);
const probePause = num('probe-pause', args['probe-pause'], 0);
const sizes = {
  va: num('va', args.va, 0),
  qris: num('qris', args.qris, 0),
  days: num('days', args.days, 1),
};

const config = loadConfig();
const prepared = await prepareDatabase(
  {
    ...sizes,
    reuse: args.reuse,
    timeZone: config.businessTz,
    ...(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL } : {}),
  },
  (line) => console.log(line),
);
await prepared.db.close(); // the server process opens it

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
const port = await freePort();
const metricsToken = randomBytes(16).toString('hex');
// A fixed key for the bench database's client secrets (PostgreSQL requires one): no secret, but the same every run (--reuse).
const BENCH_DATA_KEY = Buffer.alloc(32, 7).toString('base64');
const server = spawn(
  process.execPath,
  [fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url))],
  {
    env: {
      DATA_KEY: BENCH_DATA_KEY,
      ...process.env,
      DATABASE_URL: prepared.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'false',
      SIMULATORS: 'off',
      NOTIFICATION_WORKER: 'false',
      EXPIRY_INTERVAL_SECONDS: 'off',
      LOG_LEVEL: 'warn',
      METRICS_TOKEN: metricsToken,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  },
);
let serverOutput = '';
for (const stream of [server.stdout, server.stderr])
  stream.on(
    'data',
    (chunk: Buffer) => (serverOutput = (serverOutput + chunk.toString()).slice(-4000)),
  );
const base = `http://127.0.0.1:${port}`;
const stop = () => (server.exitCode === null ? server.kill('SIGTERM') : undefined);
process.on('exit', stop);

async function call(
  method: string,
  path: string,
  token?: string,
): Promise<{ status: number; text: string }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(token ? { authentication: token } : {}),
      ...(method === 'POST' && path.endsWith('/login')
        ? { 'content-type': 'application/json' }
        : {}),
    },
    ...(path.endsWith('/login') ? { body: JSON.stringify(BENCH_USER) } : {}),
  });
  return { status: res.status, text: await res.text() };
}

// Ready = migrated, database answering; give a big database a minute.
for (let i = 0; ; i++) {
  if (server.exitCode !== null || i > 600)
    throw new Error(`the server did not become ready:\n${serverOutput}`);
  const ready = await call('GET', api(API_PATHS.health.ready)).catch(() => null);
  if (ready?.status === 200) break;
  await new Promise((resolve) => setTimeout(resolve, 100));
}
const login = await call('POST', LOGIN);
if (login.status !== 200) throw new Error(`sign-in failed (${login.status}): ${login.text}`);
const token = (JSON.parse(login.text) as { data: { token: string } }).data.token;
const selected = await call('POST', setCompanyPath(prepared.compId), token);
if (selected.status !== 200) throw new Error(`SetCompany failed: ${selected.text}`);

const mix = operatorMix(businessDate(new Date(), config.businessTz), sizes.days);
for (const { name, path } of mix) {
  const probe = await call('GET', path, token);
  if (probe.status !== 200)
    throw new Error(`${name} answered ${probe.status}: ${probe.text.slice(0, 200)}`);
}

// The server's peak resident set (Linux keeps it: VmHWM); sampled as a fallback elsewhere.
const rssOf = (field: 'VmHWM' | 'VmRSS') => {
  try {
    const kb = new RegExp(`${field}:\\s+(\\d+) kB`).exec(
      readFileSync(`/proc/${server.pid}/status`, 'utf8'),
    )?.[1];
    return kb ? Number(kb) * 1024 : null;
  } catch {
    return null;
  }
};

console.log(
  `\nTagih load — ${prepared.url.startsWith('sqlite:') ? 'sqlite' : 'postgres'}, ${sizes.va.toLocaleString('en')} VA + ${sizes.qris.toLocaleString('en')} QRIS rows over ${sizes.days} days; ` +
    `Node ${process.version}, ${cpus().length} CPUs; ${connections} clients for ${seconds} s (timeout ${timeout} s), ` +
    `each cycling through: ${mix.map((m) => m.name).join(', ')}.`,
);
if (!args['skip-load']) {
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    timeout,
    headers: { authentication: token },
    requests: mix.map(({ path }) => ({ method: 'GET', path })),
  });
  const peakRss = rssOf('VmHWM');

  const byStatus = Object.entries(result.statusCodeStats)
    .map(([code, { count }]) => `${code}: ${count.toLocaleString('en')}`)
    .join(', ');
  console.log(
    `\nrequests ${(result['2xx'] + result.non2xx).toLocaleString('en')} (${byStatus || 'none'}) | ${Math.round(result.requests.average).toLocaleString('en')} req/s | ` +
      `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms | ` +
      `errors ${result.errors}, timeouts ${result.timeouts} | server peak RSS ${peakRss === null ? 'n/a (no /proc)' : `${(peakRss / 1048576).toFixed(0)} MB`}`,
  );

  // Mean time per route, as the server measured it (tagih_http_request_duration_seconds).
  const scrape = await fetch(`${base}/api/metrics`, {
    headers: { authorization: `Bearer ${metricsToken}` },
  }).then((r) => r.text());
  const series = (suffix: 'sum' | 'count') =>
    new Map(
      [
        ...scrape.matchAll(
          new RegExp(
            `^tagih_http_request_duration_seconds_${suffix}\\{method="GET",route="([^"]+)",status="200"\\} (\\S+)$`,
            'gm',
          ),
        ),
      ].map((m) => [m[1]!, Number(m[2])]),
    );
  const [sums, counts] = [series('sum'), series('count')];
  console.log('\nserver-side mean per route (200s):');
  for (const [route, count] of counts)
    console.log(
      `  ${route.padEnd(44)} ${count.toLocaleString('en').padStart(9)} requests, mean ${((sums.get(route)! / count) * 1000).toFixed(1)} ms`,
    );
}

// Status calls, one after another, while the full VA CSV export of --days days streams.
if (!args['skip-export-probe']) {
  // First let the server drain what the load left queued (a status answering within 1 s).
  for (let i = 0; ; i++) {
    const started = performance.now();
    const answer = await call('GET', STATUS, token).catch(() => null);
    if (answer?.status === 200 && performance.now() - started < 1000) break;
    if (i > 120) throw new Error('the server did not settle after the load');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const today = businessDate(new Date(), config.businessTz);
  const exportUrl = `${base}${VA}/export.csv?${q({ from: daysBefore(today, sizes.days), to: today })}`;
  // The server's RSS growth during the export, in its own process (nothing else ran in it): its peak after, over its resident set before.
  const rssBefore = rssOf('VmRSS');
  const exportStarted = performance.now();
  let exportBytes = 0;
  let exporting = true;
  const exported = fetch(exportUrl, { headers: { authentication: token } })
    .then(async (res) => {
      for await (const chunk of res.body!) exportBytes += (chunk as Uint8Array).byteLength;
      return res.status;
    })
    .finally(() => (exporting = false));
  const latencies: number[] = [];
  while (exporting) {
    const started = performance.now();
    const answer = await call('GET', STATUS, token);
    if (answer.status !== 200)
      throw new Error(`status answered ${answer.status} during the export`);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, probePause));
  }
  const exportStatus = await exported;
  const exportSeconds = (performance.now() - exportStarted) / 1000;
  latencies.sort((x, y) => x - y);
  const pct = (p: number) =>
    latencies.length
      ? latencies[
          Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))
        ]!.toFixed(0)
      : '–';
  console.log(
    `\nexport probe: full VA CSV export over ${sizes.days} days (HTTP ${exportStatus}, ${(exportBytes / 1048576).toFixed(1)} MB in ${exportSeconds.toFixed(1)} s); ` +
      `status during it (${probePause} ms apart): ${latencies.length} calls, p50 ${pct(50)} ms, p99 ${pct(99)} ms, max ${latencies.at(-1)?.toFixed(0) ?? '–'} ms`,
  );
  const peakRss = rssOf('VmHWM');
  if (rssBefore !== null && peakRss !== null) {
    console.log(
      `server RSS before the export ${(rssBefore / 1048576).toFixed(0)} MB, peak ${(peakRss / 1048576).toFixed(0)} MB (growth +${((peakRss - rssBefore) / 1048576).toFixed(1)} MB; with --skip-load)`,
    );
  }
}

stop();
await new Promise((resolve) => server.once('close', resolve));
console.log(
  `\nDatabase: ${prepared.url}${prepared.url.startsWith('sqlite:') ? ' (kept; --reuse runs again without generating)' : ''}`,
);
