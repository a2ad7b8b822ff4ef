/**
 * The seeded passwords under PASSWORD_POLICY=pci, on the real server (node src/main.ts) started
 * with demo data: the Superadmin and the demo users must change the password they were seeded
 * with before they can do anything else; the seeded password then joins the history (refused
 * again after two changes). Under the default `spec` the demo users sign in unrestricted, as the
 * browser tests expect.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, MESSAGES, fillPath } from '@tagih/contract';
import {
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from '../ops/support/server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'tagih-seeded-'));
const ADMIN_PASSWORD = 'Rumah-Makan-Padang-88';
const DEMO_PASSWORD = 'Benih-Demo-2026';
const SEEDED = [
  { username: 'admin', password: ADMIN_PASSWORD },
  { username: 'rina', password: DEMO_PASSWORD },
  { username: 'budi', password: DEMO_PASSWORD },
];

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
const made: string[] = [];
async function freshPostgresDatabase(): Promise<string> {
  const url = new URL(PG_URL!);
  const name = `${url.pathname.slice(1)}_seeded_${randomBytes(4).toString('hex')}`;
  await onPostgres(`create database "${name}"`);
  made.push(name);
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  for (const name of made) await onPostgres(`drop database if exists "${name}" with (force)`);
  rmSync(dir, { recursive: true, force: true });
});

const databases: [string, () => Promise<Record<string, string>>][] = [
  [
    'sqlite',
    async () => ({
      DATABASE_URL: `sqlite:${join(dir, `demo-${randomBytes(4).toString('hex')}.db`)}`,
    }),
  ],
  ...(PG_URL
    ? [
        [
          'postgres',
          async () => ({
            DATABASE_URL: await freshPostgresDatabase(),
            DATA_KEY: randomBytes(32).toString('base64'),
          }),
        ] as [string, () => Promise<Record<string, string>>],
      ]
    : []),
];

/** The real server with demo data, nothing running on its own (no simulators, traffic, worker, expiry, statement pull). */
const demoServer = (env: Record<string, string>) =>
  startServer({
    PORT: '0',
    LOG_LEVEL: 'info',
    SIMULATORS: 'off',
    DEMO_DATA: 'true',
    DEMO_TRAFFIC: 'off',
    NOTIFICATION_WORKER: 'false',
    EXPIRY_INTERVAL_SECONDS: 'off',
    RECON_PULL_AT: 'off',
    ADMIN_PASSWORD,
    DEMO_PASSWORD,
    ...env,
  });

// Each test starts the real server and seeds the demo data: seconds on a busy machine.
describe.each(databases)(
  'seeded passwords on the real server (%s)',
  { timeout: 120_000 },
  (_dialect, database) => {
    let server: ServerProcess | undefined;
    let base = '';
    afterEach(async () => {
      await stopServer(server);
      server = undefined;
    });

    const call = async (method: string, path: string, token: string | null, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: {
          ...(token ? { authentication: token } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { status: { message: string }; data: Record<string, unknown> },
      };
    };
    const signIn = (username: string, password: string) =>
      call('POST', API_PATHS.auth.login, null, { username, password });
    const firstCompany = async (token: string) => {
      const status = await call('GET', API_PATHS.auth.status, token);
      return (status.body.data.company as { available: { compId: number }[] }).available[0]!.compId;
    };
    const changeOwn = (
      token: string,
      username: string,
      currentPassword: string,
      usloPassword: string,
    ) =>
      call('PUT', API_PATHS.account.login, token, {
        usloUserName: username,
        currentPassword,
        usloPassword,
      });

    it('pci: the Superadmin and the demo users may do nothing but change the seeded password; it is then refused again', async () => {
      server = demoServer({ PASSWORD_POLICY: 'pci', ...(await database()) });
      base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;
      for (const user of SEEDED) {
        const first = await signIn(user.username, user.password);
        expect(first.status).toBe(200);
        expect(first.body.data.passwordChangeRequired).toBe('set-by-other');
        const token = first.body.data.token as string;
        const compId = await firstCompany(token);
        // What worked before with the seeded password is refused now, and says why.
        for (const [method, path] of [
          ['POST', fillPath(API_PATHS.auth.setCompany, { compId })],
          ['GET', '/master/user'],
          ['GET', API_PATHS.live],
          ['GET', '/dashboard/transactionVa'],
        ] as const) {
          const refused = await call(method, path, token);
          expect(refused.status, `${user.username} ${method} ${path}`).toBe(403);
          expect(refused.body.status.message).toBe(MESSAGES.passwordMustChange);
        }
        expect(
          (await call('GET', API_PATHS.auth.status, token)).body.data.passwordChangeRequired,
        ).toBe('set-by-other');
        // A new password lifts it (and ends the session, as every credential change does).
        const next = 'Kopi-Baru-2026';
        expect((await changeOwn(token, user.username, user.password, next)).status).toBe(200);
        expect((await signIn(user.username, user.password)).status).toBe(401);
        const again = await signIn(user.username, next);
        expect(again.body.data.passwordChangeRequired).toBeUndefined();
        const fresh = again.body.data.token as string;
        expect(
          (await call('POST', fillPath(API_PATHS.auth.setCompany, { compId }), fresh)).status,
        ).toBe(200);
        // Two changes on, the seeded password is still refused (it joined the history when it was replaced).
        expect((await changeOwn(fresh, user.username, next, 'Kopi-Lagi-2026')).status).toBe(200);
        const later = (await signIn(user.username, 'Kopi-Lagi-2026')).body.data.token as string;
        const back = await changeOwn(later, user.username, 'Kopi-Lagi-2026', user.password);
        expect(back.status).toBe(400);
        expect(back.body.data.errors).toEqual({ usloPassword: MESSAGES.passwordPciReused });
        expect((await signIn(user.username, 'Kopi-Lagi-2026')).status).toBe(200);
      }
    });

    it('spec (default): the demo users sign in and work with the seeded password', async () => {
      server = demoServer(await database());
      base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;
      for (const user of SEEDED) {
        const first = await signIn(user.username, user.password);
        expect(first.status).toBe(200);
        expect(first.body.data.passwordChangeRequired).toBeUndefined();
        const token = first.body.data.token as string;
        expect(
          (
            await call(
              'POST',
              fillPath(API_PATHS.auth.setCompany, { compId: await firstCompany(token) }),
              token,
            )
          ).status,
        ).toBe(200);
      }
    });
  },
);
