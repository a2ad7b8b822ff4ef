/**
 * Where the data key comes from (DATA_KEY, the key file of an embedded database, or a refusal
 * on production PostgreSQL), a whole start that seals the demo secrets, and
 * `npm run data-key:rotate` as an operator runs it.
 */
import { execFile } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { openDatabase } from '../../src/db/database.ts';
import { listClientSecrets } from '../../src/db/client-secrets-repo.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedBase, seedDemo } from '../../src/db/seed/index.ts';
import { CLIENT_SECRET_CONTEXT, sealClientSecrets } from '../../src/security/client-secrets.ts';
import { loadDataKeys } from '../../src/security/data-key.ts';
import { keyIdOf, keyIdOfValue, parseDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { listeningPort, startServer, stopServer } from '../ops/support/server-process.ts';

const KEY_A = Buffer.alloc(32, 0x0a);
const KEY_B = Buffer.alloc(32, 0x0b);
const dir = mkdtempSync(join(tmpdir(), 'tagih-data-key-'));
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});
const fresh = (name: string) => mkdtempSync(join(dir, `${name}-`));

describe('DATA_KEY settings', () => {
  it('reads 32-byte keys as base64 or hex, and never echoes a bad one', () => {
    const c = loadConfig({
      DATA_KEY: KEY_A.toString('base64'),
      DATA_KEY_PREVIOUS: KEY_B.toString('hex'),
    });
    expect(c.dataKey).toEqual(KEY_A);
    expect(c.dataKeyPrevious).toEqual(KEY_B);
    expect(loadConfig({}).dataKey).toBeUndefined();
    for (const name of ['DATA_KEY', 'DATA_KEY_PREVIOUS']) {
      const bad = 'too-short-but-secret-value';
      let message = '';
      try {
        loadConfig({ [name]: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toContain(
        `${name}=(hidden): must be 32 bytes written as 64 hex digits or 44 base64 characters`,
      );
      expect(message).not.toContain(bad);
    }
  });
});

describe('loading the data key', () => {
  it('DATA_KEY wins, with DATA_KEY_PREVIOUS opening the old values', () => {
    const keys = loadDataKeys({
      databaseUrl: 'postgres://u@h/db',
      demoData: undefined,
      dataKey: KEY_B,
      dataKeyPrevious: KEY_A,
    });
    expect(keys).toMatchObject({ source: 'DATA_KEY', file: null, generated: false });
    expect(keys.box.keyIds).toEqual([keyIdOf(KEY_B), keyIdOf(KEY_A)]);
  });

  it('an embedded database without DATA_KEY: a key file next to the database, generated once with mode 0600', () => {
    const folder = fresh('sqlite');
    const config = {
      databaseUrl: 'sqlite:./db/tagih.db',
      demoData: undefined,
      dataKey: undefined,
      dataKeyPrevious: undefined,
    };
    const first = loadDataKeys(config, folder);
    const file = join(folder, 'db', 'data.key');
    expect(first).toMatchObject({ source: 'key file', file, generated: true, warning: null });
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.box.keyId).toBe(keyIdOf(parseDataKey(readFileSync(file, 'utf8'))));
    const second = loadDataKeys(config, folder);
    expect(second).toMatchObject({ file, generated: false, warning: null });
    expect(second.box.keyId).toBe(first.box.keyId);
    chmodSync(file, 0o644);
    expect(loadDataKeys(config, folder).warning).toBe(
      `The data key file ${file} can be read by other users; make it private: chmod 600 ${file}`,
    );
    writeFileSync(file, 'not a key');
    expect(() => loadDataKeys(config, folder)).toThrow(
      `DATA_KEY: the key file ${file} cannot be used (must be 32 bytes`,
    );
  });

  it('an in-memory database gets a key for the life of the process; nothing is written', () => {
    const keys = loadDataKeys({
      databaseUrl: 'sqlite::memory:',
      demoData: undefined,
      dataKey: undefined,
      dataKeyPrevious: undefined,
    });
    expect(keys).toMatchObject({ source: 'memory', file: null, generated: false });
  });

  it('PostgreSQL without DATA_KEY: refused with one clear line, unless demo data is on (then the data folder holds the key file)', () => {
    const folder = fresh('pg');
    const production = {
      databaseUrl: 'postgres://u@h/db',
      demoData: undefined,
      dataKey: undefined,
      dataKeyPrevious: undefined,
    };
    expect(() => loadDataKeys(production, folder)).toThrow(ConfigError);
    expect(() => loadDataKeys({ ...production, demoData: false }, folder)).toThrow(
      'DATA_KEY: not set, and PostgreSQL needs the key that encrypts the client secrets. Fix: set DATA_KEY to 32 random bytes (openssl rand -base64 32), the same on every server, kept apart from the database backups.',
    );
    expect(existsSync(join(folder, 'data'))).toBe(false);
    const demo = loadDataKeys({ ...production, demoData: true }, folder);
    expect(demo).toMatchObject({
      source: 'key file',
      file: join(folder, 'data', 'data.key'),
      generated: true,
    });
  });
});

describe('a whole start on an embedded database', () => {
  it('generates the key file once (one log line), seals the demo secrets, and reuses the key at the next start', async () => {
    const folder = fresh('start');
    const env = {
      DATABASE_URL: `sqlite:${join(folder, 'tagih.db')}`,
      DEMO_DATA: 'true',
      DEMO_PASSWORD: 'demo-pass-1',
      ADMIN_PASSWORD: 'admin-pass-1',
      SIMULATORS: 'off',
      NOTIFICATION_WORKER: 'false',
      PORT: '0',
      LOG_LEVEL: 'info',
    };
    const file = join(folder, 'data.key');
    const lines = async () => {
      const server = startServer(env);
      await listeningPort(server);
      await stopServer(server);
      return server.stdout
        .map((line) => (JSON.parse(line) as { msg: string }).msg)
        .filter((msg) => /data key/i.test(msg));
    };
    expect(await lines()).toEqual([
      `Data key generated in ${file} (mode 0600; DATA_KEY is not set): back it up apart from the database, the client secrets cannot be read without it`,
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const box = new SecretBox(parseDataKey(readFileSync(file, 'utf8')));
    const db = openDatabase(env.DATABASE_URL);
    const secrets = await listClientSecrets(db.kysely);
    await db.close();
    expect(secrets.length).toBeGreaterThan(0);
    for (const s of secrets) {
      expect(keyIdOfValue(s.clntSecret)).toBe(box.keyId);
      expect(box.open(s.clntSecret, CLIENT_SECRET_CONTEXT)).toMatch(/^demo-secret-\d+$/);
    }
    expect(await lines()).toEqual([]);
    expect(box.keyId).toBe(keyIdOf(parseDataKey(readFileSync(file, 'utf8'))));
  });

  it('refuses to start with a key that opens none of the stored secrets: one line, exit 1', async () => {
    const folder = fresh('wrong');
    const url = `sqlite:${join(folder, 'tagih.db')}`;
    const db = openDatabase(url);
    await migrateToLatest(db.kysely);
    await seedBase(db.kysely, {
      adminUsername: 'admin',
      adminPassword: 'admin-pass-1',
      now: new Date().toISOString(),
    });
    await seedDemo({ db: db.kysely, now: new Date(), businessTz: 'Asia/Jakarta' }, 'demo-pass-1');
    await sealClientSecrets(db.kysely, new SecretBox(KEY_A), { rotate: false });
    await db.close();
    const server = startServer({
      DATABASE_URL: url,
      DATA_KEY: KEY_B.toString('base64'),
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'admin-pass-1',
      PORT: '0',
      LOG_LEVEL: 'info',
    });
    expect(await server.exited).toBe(1);
    const out = [...server.stdout, ...server.stderr].filter((l) => l.trim() !== '');
    expect(out).toHaveLength(1);
    expect(JSON.parse(out[0]!).msg).toMatch(
      new RegExp(
        `^DATA_KEY: 4 client secret\\(s\\) cannot be decrypted \\(clntid 1, 2, 3, 4\\): they are sealed under data key ${keyIdOf(KEY_A)}, the data keys given are ${keyIdOf(KEY_B)} \\(current\\)\\. Fix: `,
      ),
    );
    expect(out[0]).not.toContain(KEY_B.toString('base64'));
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'PostgreSQL without DATA_KEY (no demo data): one line, exit 1',
    async () => {
      const server = startServer({
        DATABASE_URL: process.env.TEST_DATABASE_URL!,
        SIMULATORS: 'off',
        DEMO_DATA: 'false',
        ADMIN_PASSWORD: 'admin-pass-1',
        PORT: '0',
        LOG_LEVEL: 'info',
        NOTIFICATION_WORKER: 'false',
      });
      expect(await server.exited).toBe(1);
      const out = [...server.stdout, ...server.stderr].filter((l) => l.trim() !== '');
      expect(out).toHaveLength(1);
      expect(JSON.parse(out[0]!).msg).toMatch(
        /^DATA_KEY: not set, and PostgreSQL needs the key that encrypts the client secrets\. Fix: /,
      );
    },
  );
});

const CLI = new URL('../../src/security/data-key-cli.ts', import.meta.url).pathname;
function rotate(
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout: stdout.trim(),
          stderr: stderr.trim(),
        });
      },
    );
  });
}

describe('npm run data-key:rotate', () => {
  it('re-encrypts every secret under the current key with the old one as previous; a wrong key changes nothing and says why', async () => {
    const folder = fresh('rotate');
    const url = `sqlite:${join(folder, 'tagih.db')}`;
    const db = openDatabase(url);
    await migrateToLatest(db.kysely);
    await seedBase(db.kysely, {
      adminUsername: 'admin',
      adminPassword: 'admin-pass-1',
      now: new Date().toISOString(),
    });
    await seedDemo({ db: db.kysely, now: new Date(), businessTz: 'Asia/Jakarta' }, 'demo-pass-1');
    const plain = await listClientSecrets(db.kysely);
    await sealClientSecrets(db.kysely, new SecretBox(KEY_A), { rotate: false });
    // One plain value written by hand since.
    await db.kysely
      .updateTable('clients')
      .set({ clntSecret: 'hand-written' })
      .where('clntid', '=', plain[0]!.clntid)
      .execute();
    const underA = await listClientSecrets(db.kysely);
    await db.close();
    const A = KEY_A.toString('base64');
    const B = KEY_B.toString('hex');

    const wrong = await rotate({
      DATABASE_URL: url,
      DATA_KEY: B,
      DATA_KEY_PREVIOUS: Buffer.alloc(32, 0x0c).toString('base64'),
    });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(
      new RegExp(
        `^data-key: 0 client secret\\(s\\) re-encrypted and 1 plain one\\(s\\) encrypted under data key ${keyIdOf(KEY_B)} \\(DATA_KEY\\); 0 already were; 3 client secret\\(s\\) cannot be decrypted \\(clntid 2, 3, 4\\): they are sealed under data key ${keyIdOf(KEY_A)}`,
      ),
    );
    const check = openDatabase(url);
    const afterWrong = await listClientSecrets(check.kysely);
    expect(afterWrong.slice(1)).toEqual(underA.slice(1));

    // Relative to where npm was started, as the other commands.
    const ok = await rotate({
      DATABASE_URL: 'sqlite:./tagih.db',
      INIT_CWD: folder,
      DATA_KEY: B,
      DATA_KEY_PREVIOUS: A,
    });
    expect(ok).toEqual({
      code: 0,
      stdout: `data-key: 3 client secret(s) re-encrypted and 0 plain one(s) encrypted under data key ${keyIdOf(KEY_B)} (DATA_KEY); 1 already were.`,
      stderr: '',
    });
    const after = await listClientSecrets(check.kysely);
    await check.close();
    const boxB = new SecretBox(KEY_B);
    for (const [i, row] of after.entries()) {
      expect(keyIdOfValue(row.clntSecret)).toBe(keyIdOf(KEY_B));
      expect(boxB.open(row.clntSecret, CLIENT_SECRET_CONTEXT)).toBe(
        i === 0 ? 'hand-written' : plain[i]!.clntSecret,
      );
    }
    expect((await rotate({ DATABASE_URL: url, DATA_KEY: B })).stdout).toBe(
      `data-key: 0 client secret(s) re-encrypted and 0 plain one(s) encrypted under data key ${keyIdOf(KEY_B)} (DATA_KEY); 4 already were.`,
    );
  });

  it('does not create a database that is not there, and refuses PostgreSQL without DATA_KEY', async () => {
    const missing = join(dir, 'missing.db');
    expect(await rotate({ DATABASE_URL: `sqlite:${missing}` })).toEqual({
      code: 2,
      stdout: '',
      stderr: `data-key: no database at ${missing}`,
    });
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(join(dir, 'data.key'))).toBe(false);
    const pg = await rotate({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' });
    expect(pg.code).toBe(2);
    expect(pg.stderr).toMatch(/^data-key: DATA_KEY: not set, and PostgreSQL needs the key/);
  });
});
