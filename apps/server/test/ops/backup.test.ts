/**
 * `npm run backup` copies a database while the server uses it, and `npm run restore` puts
 * that copy into an empty database with every row of every table; a non-empty target is refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, API_PATHS } from '@tagih/contract';
import { openDatabase } from '../../src/db/database.ts';
import {
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from './support/server-process.ts';
import { tableChecksums } from './support/table-checksums.ts';

const CLI = fileURLToPath(new URL('../../src/db/backup-cli.ts', import.meta.url));
const PG_URL = process.env.TEST_DATABASE_URL;
const hasPgTools =
  spawnSync('pg_dump', ['--version']).status === 0 &&
  spawnSync('pg_restore', ['--version']).status === 0;

function cli(
  command: 'backup' | 'restore',
  file: string,
  databaseUrl: string,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, command, file], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: databaseUrl },
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A served database with demo data, a fresh target, and what to compare; per dialect. */
function backupWhileServing(
  name: string,
  urls: () => Promise<{ source: string; target: string; cleanup: () => Promise<void> }>,
) {
  describe(`backup and restore (${name})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'tagih-backup-'));
    const file = join(dir, 'backup.bin');
    let server: ServerProcess | undefined;
    let source = '';
    let target = '';
    let cleanup = async () => {};

    beforeAll(async () => {
      ({ source, target, cleanup } = await urls());
      server = startServer({
        DATABASE_URL: source,
        DEMO_DATA: 'true',
        DEMO_PASSWORD: 'demo-pass-1',
        ADMIN_PASSWORD: 'admin-pass-1',
        SIMULATORS: 'off',
        NOTIFICATION_WORKER: 'false',
        PORT: '0',
        LOG_LEVEL: 'info',
      });
      const base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;
      const login = await fetch(`${base}${API_PATHS.auth.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'rina', password: 'demo-pass-1' }),
      });
      expect(login.status).toBe(200);
      // The server keeps serving (reads) while the backup runs.
      let serving = true;
      const load = (async () => {
        let answered = 0;
        while (serving)
          answered += (await fetch(`${base}${API_PATHS.health.ready}`)).status === 200 ? 1 : 0;
        return answered;
      })();
      const backup = await cli('backup', file, source);
      serving = false;
      expect(backup.output).toContain('Backed up to');
      expect(backup.code).toBe(0);
      expect(await load).toBeGreaterThan(0);
    });
    afterAll(async () => {
      await stopServer(server);
      await cleanup();
      rmSync(dir, { recursive: true, force: true });
    });

    it('restores every row of every table into an empty database', async () => {
      const restore = await cli('restore', file, target);
      expect(restore.output).toContain('Restored from');
      expect(restore.code).toBe(0);
      const [before, after] = [await tableChecksums(source), await tableChecksums(target)];
      expect(before.transactions!.rows).toBeGreaterThan(0);
      expect(before.sessions!.rows).toBeGreaterThan(0); // the sign-in made just before the backup is in it
      expect(after).toEqual(before);
    });

    it('refuses to restore into a database that holds data, and to overwrite a backup', async () => {
      const again = await cli('restore', file, target);
      expect(again.code).toBe(1);
      expect(again.output).toMatch(/not empty|already holds/);
      const over = await cli('backup', file, source);
      expect(over.code).toBe(1);
      expect(over.output).toContain('already exists');
    });
  });
}

backupWhileServing('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-backup-db-'));
  return {
    source: `sqlite:${join(dir, 'served.db')}`,
    target: `sqlite:${join(dir, 'restored', 'tagih.db')}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

if (PG_URL && hasPgTools) {
  backupWhileServing('postgres', async () => {
    const admin = openDatabase(PG_URL, { pool: { size: 1 } });
    const names = [
      `tagih_bk_src_${randomBytes(4).toString('hex')}`,
      `tagih_bk_dst_${randomBytes(4).toString('hex')}`,
    ];
    for (const name of names) await sql`create database ${sql.id(name)}`.execute(admin.kysely);
    const urlOf = (name: string) =>
      Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString();
    return {
      source: urlOf(names[0]!),
      target: urlOf(names[1]!),
      cleanup: async () => {
        for (const name of names)
          await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
        await admin.close();
      },
    };
  });
}
