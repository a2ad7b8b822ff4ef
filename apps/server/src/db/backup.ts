/**
 * Backup and restore of the configured database (docs/operations.md).
 * SQLite: the online backup API of SQLite (better-sqlite3 `.backup()`): a consistent copy
 * while the server runs, WAL content included, which copying the file is not.
 * PostgreSQL: pg_dump --format=custom / pg_restore, with the password passed through the
 * environment (never on a command line other users can read in `ps`).
 * A restore goes only into an EMPTY database: it never merges into or overwrites data.
 */
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  constants,
  existsSync,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { openDatabase } from './database.ts';

export class BackupError extends Error {}

export interface BackupSummary {
  file: string;
  bytes: number;
  seconds: number;
}

const sqlitePathOf = (url: string) => resolve(url.slice('sqlite:'.length));

/** Connection settings for pg_dump/pg_restore: the URL without its password, and PGPASSWORD. */
function pgConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv; target: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  const target = `${u.hostname || 'localhost'}:${u.port || '5432'}/${decodeURIComponent(u.pathname.slice(1))}`;
  return {
    dbname: u.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
    target,
  };
}

function run(
  tool: 'pg_dump' | 'pg_restore',
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => {
      fail(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed (or not on PATH). Install the PostgreSQL client tools of the server's major version (Debian/Ubuntu: apt-get install postgresql-client).`,
            )
          : error,
      );
    });
    child.on('close', (code) =>
      code === 0
        ? done()
        : fail(new BackupError(`${tool} failed (exit ${code}): ${stderr.trim()}`)),
    );
  });
}

function refuseExisting(file: string): void {
  if (existsSync(file))
    throw new BackupError(
      `${file} already exists; choose a new file name (a backup never overwrites one).`,
    );
}

export async function backupDatabase(url: string, file: string): Promise<BackupSummary> {
  refuseExisting(file);
  const started = performance.now();
  const partial = `${file}.partial`;
  if (url.startsWith('sqlite:')) {
    const source = sqlitePathOf(url);
    if (!existsSync(source))
      throw new BackupError(`DATABASE_URL: the SQLite file ${source} does not exist.`);
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      await db.backup(partial);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    } finally {
      db.close();
    }
  } else {
    const { dbname, env } = pgConnection(url);
    await run('pg_dump', ['--format=custom', `--file=${partial}`, `--dbname=${dbname}`], env).catch(
      (error: unknown) => {
        rmSync(partial, { force: true }); // half a dump is no backup
        throw error;
      },
    );
  }
  // Written under another name and renamed when complete: a file with the name is a whole backup.
  renameSync(partial, file);
  return { file, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000 };
}

async function tableCount(url: string): Promise<number> {
  const db = openDatabase(url, { pool: { size: 1 } });
  try {
    return (await db.kysely.introspection.getTables({ withInternalKyselyTables: true })).length;
  } finally {
    await db.close();
  }
}

export async function restoreDatabase(url: string, file: string): Promise<BackupSummary> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const started = performance.now();
  if (url.startsWith('sqlite:')) {
    const target = sqlitePathOf(url);
    const empty = !existsSync(target) || statSync(target).size === 0;
    if (!empty || existsSync(`${target}-wal`)) {
      throw new BackupError(
        `DATABASE_URL: ${target} already exists and is not empty; restore only into a new path (or remove the file, with the server stopped).`,
      );
    }
    const check = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok')
        throw new BackupError(`${file} is damaged (quick_check: ${String(result)}).`);
    } catch (error) {
      throw error instanceof BackupError
        ? error
        : new BackupError(`${file} is not an SQLite backup (${(error as Error).message}).`);
    } finally {
      check.close();
    }
    rmSync(target, { force: true });
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(file, target, constants.COPYFILE_EXCL);
  } else {
    const { dbname, env, target } = pgConnection(url);
    const tables = await tableCount(url);
    if (tables > 0)
      throw new BackupError(
        `DATABASE_URL: ${target} already holds ${tables} tables; restore only into an empty database (createdb a new one).`,
      );
    // --no-owner: the tables belong to whoever restores, whatever the old server's roles were.
    await run(
      'pg_restore',
      ['--no-owner', '--exit-on-error', '--single-transaction', `--dbname=${dbname}`, file],
      env,
    );
  }
  return { file, bytes: statSync(file).size, seconds: (performance.now() - started) / 1000 };
}
