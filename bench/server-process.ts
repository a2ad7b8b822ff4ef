/**
 * The real server in a process of its own, as in production, for the benchmarks that measure it
 * from outside: a free loopback port, the given database and settings, no demo data, no
 * simulators, warnings only; ready once /api/health/ready answers 200.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

export interface ServerProcess {
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** The process's resident memory now (VmRSS) or at its peak so far (VmHWM), in bytes. */
  rss(field: 'VmRSS' | 'VmHWM'): number;
  /** The last few kB it printed (for a failure's message). */
  output(): string;
  stop(): void;
}

export interface ServerProcessOptions {
  /** The checkout whose server runs. */
  root: string;
  databaseUrl: string;
  /** More settings (they win over the defaults here, not over DATABASE_URL, PORT and HOST). */
  env?: Record<string, string>;
}

/** A fixed data key, so secrets sealed by one run open in the next on the same database. */
export const BENCH_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

export function freePort(): Promise<number> {
  return new Promise((done) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export async function startServerProcess(o: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const server = spawn(process.execPath, [join(o.root, 'apps/server/src/main.ts')], {
    env: {
      DATA_KEY: BENCH_DATA_KEY,
      ...process.env,
      DEMO_DATA: 'false',
      SIMULATORS: 'off',
      NOTIFICATION_WORKER: 'false',
      EXPIRY_INTERVAL_SECONDS: 'off',
      LOG_LEVEL: 'warn',
      ...o.env,
      DATABASE_URL: o.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  for (const stream of [server.stdout, server.stderr])
    stream.on('data', (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-4000)));
  const stop = () => (server.exitCode === null ? void server.kill('SIGTERM') : undefined);
  process.on('exit', stop);
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 600)
      throw new Error(`the server did not become ready:\n${printed}`);
    const ready = await fetch(`${base}/api/health/ready`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    rss: (field) =>
      Number(
        new RegExp(`${field}:\\s+(\\d+) kB`).exec(
          readFileSync(`/proc/${server.pid}/status`, 'utf8'),
        )?.[1],
      ) * 1024,
    output: () => printed,
    stop,
  };
}
