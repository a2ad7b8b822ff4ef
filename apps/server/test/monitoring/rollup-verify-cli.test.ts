/** `npm run rollups:verify` as an operator runs it: on the configured embedded database, by exit code and its lines. */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';

const CLI = new URL('../../src/modules/transactions/rollup-verify-cli.ts', import.meta.url)
  .pathname;

function verify(
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

describe('rollups:verify', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagih-rollup-'));
    file = join(dir, 'tagih.db');
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db.kysely);
    await db.close();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints "rollups: ok" and exits 0 when the rollup matches the rows', async () => {
    expect(await verify({ DATABASE_URL: 'sqlite:./tagih.db', INIT_CWD: dir })).toEqual({
      code: 0,
      stdout: 'rollups: ok, 0 groups in Asia/Jakarta\nnotification rollup: ok, 0 groups',
      stderr: '',
    });
  });

  it('checks the notification rollup too (migration 0014) and exits 1 when it differs', async () => {
    const db = openDatabase(`sqlite:${file}`);
    await db.kysely
      .insertInto('notification_rollup')
      .values({ nrlpCompId: 7, nrlpHour: '2026-11-20T03', nrlpStatus: 1, nrlpCount: 4 })
      .execute();
    const result = await verify({ DATABASE_URL: `sqlite:${file}` });
    await db.kysely.deleteFrom('notification_rollup').execute();
    await db.close();
    expect(result).toEqual({
      code: 1,
      stdout: 'rollups: ok, 0 groups in Asia/Jakarta',
      stderr:
        'notification rollup: 1 groups differ (company|UTC hour|status: stored -> recounted):\n  7|2026-11-20T03|1: 4 -> 0',
    });
  });

  it('lists the groups that differ and exits 1', async () => {
    const db = openDatabase(`sqlite:${file}`);
    await db.kysely
      .insertInto('transaction_rollup')
      .values({
        rlupCompId: 7,
        rlupType: 'VA',
        rlupDay: '2026-11-20',
        rlupStatus: '00',
        rlupBank: 'BRI',
        rlupCount: 2,
        rlupLunasMinor: 300,
      })
      .execute();
    await db.close();
    const result = await verify({ DATABASE_URL: `sqlite:${file}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'rollups: 1 groups differ (company|kind|day|status|bank: stored -> recomputed count/paid minor):\n  7|VA|2026-11-20|00|BRI: 2/300 -> 0/0',
    );
  });

  it('exits 2 when there is no database', async () => {
    expect(await verify({ DATABASE_URL: `sqlite:${join(dir, 'missing.db')}` })).toMatchObject({
      code: 2,
    });
  });
});
