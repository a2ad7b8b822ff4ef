/**
 * `npm run bench:upload-flood -w @tagih/bench -- [--mb 200,250,250] [--root <checkout>] [--url <DATABASE_URL>]`
 *
 * Statement uploads as a flood (issue 32 item 4): hostile MT940 files, each one `:86:` line of
 * the given size (MB), uploaded at once by one operator through `POST /api/recon/statements` to the
 * real server in its own process, while another client asks `/api/health/live` every 20 ms.
 * Prints each upload's answer and time, the server's RSS before, its peak growth (VmHWM − VmRSS
 * before) and its RSS after, and the health calls' p50/p99/max. `--root` runs another checkout's
 * server (the "before").
 */
import { createWriteStream, mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as PrepareModule from './prepare.ts';
import { startServerProcess } from './server-process.ts';

const { values: args } = parseArgs({
  options: {
    mb: { type: 'string', default: '200,250,250' },
    root: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) },
    url: { type: 'string' },
  },
});
const sizes = args.mb!.split(',').map((v) => Number(v));
if (sizes.some((n) => !Number.isInteger(n) || n < 1 || n > 2048)) {
  console.error('--mb takes whole numbers of MB (1..2048), comma-separated');
  process.exit(2);
}
const root = resolve(args.root!);
const { prepareDatabase, BENCH_ADMIN } = (await import(
  pathToFileURL(join(root, 'bench/prepare.ts')).href
)) as typeof PrepareModule;
const dir = mkdtempSync(join(tmpdir(), 'tagih-flood-'));
const prepared = await prepareDatabase(
  {
    va: 2000,
    qris: 0,
    days: 2,
    reuse: false,
    timeZone: 'Asia/Jakarta',
    url: args.url ?? `sqlite:${join(dir, 'flood.db')}`,
  },
  () => undefined,
);
await prepared.db.close();
const ACCOUNT = '0123456789012';

async function hostileFile(mb: number, i: number): Promise<string> {
  const path = join(dir, `hostile-${i}.mt940`);
  const out = createWriteStream(path);
  out.write(
    `:20:FLOOD${i}\n:25:BRINIDJA/${ACCOUNT}\n:28C:1/1\n:60F:C261118IDR0,00\n:61:2611191119C1,00NTRFNONREF//F${i}\n:86:`,
  );
  const chunk = Buffer.alloc(1024 * 1024, 'A');
  for (let n = 0; n < mb; n++) if (!out.write(chunk)) await once(out, 'drain');
  out.end(`\n:62F:C261119IDR1,00\n`);
  await once(out, 'finish');
  return path;
}
const files = await Promise.all(sizes.map((mb, i) => hostileFile(mb, i)));

const server = await startServerProcess({ root, databaseUrl: prepared.url });
const MB = 1024 * 1024;
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
    return (await res.json()) as { data: Record<string, unknown> };
  };
  const token = (await call('POST', '/api/security/authentication/login', undefined, BENCH_ADMIN))
    .data.token as string;
  await call('POST', `/api/security/Authentication/SetCompany/${prepared.compId}`, token);
  await call('POST', '/api/master/Bank_Account', token, {
    baccBank: 'BRI',
    baccAccountNo: ACCOUNT,
    baccName: 'Flood BRI',
    baccCompIds: [prepared.compId],
  });

  const rssBefore = server.rss('VmRSS');
  const health: number[] = [];
  let flooding = true;
  const probe = (async () => {
    while (flooding) {
      const t = performance.now();
      await fetch(`${server.base}/api/health/live`).then((r) => r.arrayBuffer());
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  const started = performance.now();
  const answers = await Promise.all(
    files.map(async (file, i) => {
      const form = new FormData();
      form.set('file', await openAsBlob(file), `hostile-${i}.mt940`);
      const t = performance.now();
      const res = await fetch(`${server.base}/api/recon/statements`, {
        method: 'POST',
        headers: { authentication: token },
        body: form,
      }).catch((error: unknown) => ({
        status: `cut (${(error as Error).message})`,
        text: async () => '',
      }));
      const text = (await res.text()).slice(0, 160);
      return `  upload ${i + 1} (${sizes[i]} MB): ${res.status} in ${((performance.now() - t) / 1000).toFixed(1)} s ${text}`;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, 2000));
  flooding = false;
  await probe;
  const sorted = [...health].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  console.log(
    `Uploads (${sizes.join(', ')} MB at once, one user), ${seconds.toFixed(1)} s:\n${answers.join('\n')}`,
  );
  console.log(
    `Server RSS: ${(rssBefore / MB).toFixed(0)} MB before, peak growth ${((server.rss('VmHWM') - rssBefore) / MB).toFixed(0)} MB, ${(server.rss('VmRSS') / MB).toFixed(0)} MB after`,
  );
  console.log(
    `Health meanwhile: ${health.length} calls, p50 ${pct(50).toFixed(1)} ms, p99 ${pct(99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
} finally {
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
