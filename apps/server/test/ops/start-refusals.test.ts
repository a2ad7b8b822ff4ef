/**
 * A start refused by a setting writes nothing: ADMIN_PASSWORD weaker than PASSWORD_POLICY, and
 * PostgreSQL without DATA_KEY, stop with one line naming the variable before a database file,
 * a table or an admin exists. Under PASSWORD_POLICY=pci the admin created from ADMIN_PASSWORD
 * must change it at the first sign-in (somebody else set it).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, MESSAGES } from '@tagih/contract';
import {
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const dir = mkdtempSync(join(tmpdir(), 'tagih-refusal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function refusedStart(env: Record<string, string>) {
  const server = startServer({
    PORT: '0',
    SIMULATORS: 'off',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'info',
    NOTIFICATION_WORKER: 'false',
    ...env,
  });
  const code = await server.exited;
  const lines = [...server.stdout, ...server.stderr].filter((line) => line.trim() !== '');
  expect(code).toBe(1);
  expect(lines).toHaveLength(1);
  return { line: lines[0]!, message: (JSON.parse(lines[0]!) as { msg: string }).msg };
}

/** A PostgreSQL database of its own, dropped after the test. */
async function onPostgres(statement: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end();
  }
}
const made: string[] = [];
async function freshPostgresDatabase(): Promise<string> {
  const url = new URL(PG_URL!);
  const name = `${url.pathname.slice(1)}_start_${randomBytes(4).toString('hex')}`;
  await onPostgres(`create database "${name}"`);
  made.push(name);
  url.pathname = `/${name}`;
  return url.toString();
}
async function tablesIn(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    return (result.rows[0] as { n: number }).n;
  } finally {
    await client.end();
  }
}
afterAll(async () => {
  for (const name of made) await onPostgres(`drop database if exists "${name}" with (force)`);
});

// Each test starts the real server (node src/main.ts): seconds each on a busy machine.
describe('start refusals write nothing', { timeout: 90_000 }, () => {
  let server: ServerProcess | undefined;
  afterEach(async () => {
    await stopServer(server);
    server = undefined;
  });

  it('PASSWORD_POLICY=pci: a weak ADMIN_PASSWORD stops the start, naming the variable, never its value; no database file', async () => {
    for (const [password, rule] of [
      ['Short-pw-1', MESSAGES.passwordPciTooShort],
      ['password1234', MESSAGES.passwordPciTooCommon],
    ] as const) {
      const file = join(dir, `weak-${password}.db`);
      const { line, message } = await refusedStart({
        DATABASE_URL: `sqlite:${file}`,
        PASSWORD_POLICY: 'pci',
        ADMIN_PASSWORD: password,
      });
      expect(message).toMatch(/^ADMIN_PASSWORD: refused by PASSWORD_POLICY=pci/);
      expect(message).toContain(rule);
      expect(message).toContain('Fix: ');
      expect(line).not.toContain(password);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('PASSWORD_POLICY=spec keeps accepting what the spec allows', async () => {
    server = startServer({
      PORT: '0',
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      NOTIFICATION_WORKER: 'false',
      DATABASE_URL: `sqlite:${join(dir, 'spec.db')}`,
      ADMIN_PASSWORD: 'admin-pass-1',
    });
    await listeningPort(server);
  });

  it('PASSWORD_POLICY=pci: the admin created from ADMIN_PASSWORD must change it at the first sign-in', async () => {
    const password = 'Rumah-Makan-Padang-88';
    server = startServer({
      PORT: '0',
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      NOTIFICATION_WORKER: 'false',
      DATABASE_URL: `sqlite:${join(dir, 'pci.db')}`,
      PASSWORD_POLICY: 'pci',
      ADMIN_PASSWORD: password,
    });
    const base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;
    const login = await fetch(`${base}${API_PATHS.auth.login}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password }),
    });
    expect(login.status).toBe(200);
    const data = (
      (await login.json()) as { data: { token: string; passwordChangeRequired?: string } }
    ).data;
    expect(data.passwordChangeRequired).toBe('set-by-other');
    const users = await fetch(`${base}/master/user`, { headers: { authentication: data.token } });
    expect(users.status).toBe(403);
  });

  it.runIf(PG_URL)(
    'PostgreSQL without DATA_KEY: refused before a table or an admin exists',
    async () => {
      const url = await freshPostgresDatabase();
      const { line, message } = await refusedStart({
        DATABASE_URL: url,
        ADMIN_PASSWORD: 'admin-pass-1',
      });
      expect(message).toMatch(/^DATA_KEY: not set/);
      expect(line).not.toContain('admin-pass-1');
      expect(await tablesIn(url)).toBe(0);
    },
  );

  it.runIf(PG_URL)(
    'PostgreSQL with a weak ADMIN_PASSWORD under pci: refused before a table exists',
    async () => {
      const url = await freshPostgresDatabase();
      const { message } = await refusedStart({
        DATABASE_URL: url,
        DATA_KEY: randomBytes(32).toString('base64'),
        PASSWORD_POLICY: 'pci',
        ADMIN_PASSWORD: 'Short-pw-1',
      });
      expect(message).toMatch(/^ADMIN_PASSWORD: /);
      expect(await tablesIn(url)).toBe(0);
    },
  );
});
