/**
 * A start that cannot reach or use its database ends with exit code 1 and ONE line that names
 * DATABASE_URL, what it points at (never the password) and the fix; a stack only at debug level.
 */
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { LATEST_MIGRATION, migrateToLatest } from '../../src/db/migrate.ts';
import { asUnprivileged, startServer, unusedPort } from './support/server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const PASSWORD = 'pw-Never-Shown-5521';
const DATA_KEY = randomBytes(32).toString('base64');
const dir = mkdtempSync(join(tmpdir(), 'tagih-start-'));
afterAll(() => {
  chmodSync(dir, 0o755);
  rmSync(dir, { recursive: true, force: true });
});

async function failedStart(env: Record<string, string>, wrap: string[] = []) {
  // A data key, as production PostgreSQL needs one: without it the start stops before the database is opened.
  const server = startServer(
    {
      PORT: '0',
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'admin-pass-1',
      LOG_LEVEL: 'info',
      DATA_KEY: DATA_KEY,
      ...env,
    },
    wrap,
  );
  const code = await server.exited;
  const lines = [...server.stdout, ...server.stderr].filter((line) => line.trim() !== '');
  return {
    code,
    lines,
    message: lines.length === 1 ? (JSON.parse(lines[0]!) as { msg: string }).msg : lines.join('\n'),
  };
}

function expectOneClearLine(result: Awaited<ReturnType<typeof failedStart>>, target: string) {
  expect(result.code).toBe(1);
  expect(result.lines).toHaveLength(1);
  expect(result.message).toMatch(/^DATABASE_URL: /);
  expect(result.message).toContain(target);
  expect(result.message).toContain('Fix: ');
  expect(result.lines[0]).not.toContain(PASSWORD);
  expect(result.lines[0]).not.toMatch(/\bat .+:\d+:\d+/); // no stack frame
}

const hostPort = (url: string) => {
  const u = new URL(url);
  return { host: u.hostname, port: u.port || '5432' };
};

describe('clear start-up failures', () => {
  it('PostgreSQL with nothing listening: names host:port', async () => {
    const port = await unusedPort();
    const result = await failedStart({
      DATABASE_URL: `postgres://tagih:${PASSWORD}@127.0.0.1:${port}/tagih`,
      DB_ACQUIRE_TIMEOUT_MS: '3000',
    });
    expectOneClearLine(result, `127.0.0.1:${port}`);
    expect(result.message).toContain('start PostgreSQL');
  });

  it.runIf(PG_URL)('PostgreSQL without the database: names it and how to create it', async () => {
    const { host, port } = hostPort(PG_URL!);
    const name = `tagih_missing_${randomBytes(4).toString('hex')}`;
    const result = await failedStart({
      DATABASE_URL: `postgres://postgres:${PASSWORD}@${host}:${port}/${name}`,
    });
    expectOneClearLine(result, `has no database "${name}"`);
    expect(result.message).toContain(`createdb -h ${host} -p ${port}`);
  });

  it.runIf(PG_URL)('PostgreSQL refusing the user: names the user, not the password', async () => {
    const { host, port } = hostPort(PG_URL!);
    const result = await failedStart({
      DATABASE_URL: `postgres://no_such_role_tagih:${PASSWORD}@${host}:${port}/postgres`,
    });
    expectOneClearLine(result, `refused user "no_such_role_tagih"`);
  });

  it('an SQLite path that cannot be created: names the file', async () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, 'not a folder');
    const file = join(blocker, 'tagih.db');
    expectOneClearLine(await failedStart({ DATABASE_URL: `sqlite:${file}` }), file);
  });

  const unprivileged = asUnprivileged();
  const canDropPrivileges =
    unprivileged.length === 0 || spawnSync(unprivileged[0]!, ['--version']).status === 0;
  it.runIf(canDropPrivileges)(
    'a read-only SQLite file: names the file and says read-only',
    async () => {
      const file = join(dir, 'read-only.db');
      const db = openDatabase(`sqlite:${file}`);
      await migrateToLatest(db.kysely);
      await db.close();
      chmodSync(file, 0o444);
      const result = await failedStart({ DATABASE_URL: `sqlite:${file}` }, unprivileged);
      expectOneClearLine(result, `${file} is read-only`);
    },
  );

  it('shows the stack (still one JSON line) at LOG_LEVEL=debug', async () => {
    const port = await unusedPort();
    const result = await failedStart({
      DATABASE_URL: `postgres://tagih:${PASSWORD}@127.0.0.1:${port}/tagih`,
      LOG_LEVEL: 'debug',
    });
    expect(result.code).toBe(1);
    expect(result.lines).toHaveLength(1);
    expect((JSON.parse(result.lines[0]!) as { err: { stack: string } }).err.stack).toContain(
      'ECONNREFUSED',
    );
  });

  it('names the migration it was going to run when the database cannot even be read', async () => {
    const port = await unusedPort();
    const db = openDatabase(`postgres://tagih@127.0.0.1:${port}/tagih`);
    await expect(migrateToLatest(db.kysely)).rejects.toThrow(
      `Migrating to ${LATEST_MIGRATION} (no migration ran) failed`,
    );
    await db.close();
  });
});
