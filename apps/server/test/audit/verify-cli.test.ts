/** `npm run audit:verify` as an operator runs it: on the configured embedded database and its key file, by exit code and one line. */
import { execFile } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { systemClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { installAuditKeys } from '../../src/modules/audit/chain-key.ts';
import {
  publishAuditCheckpoint,
  type AuditCheckpoint,
} from '../../src/modules/audit/checkpoint.ts';
import { recordAudit } from '../../src/modules/audit/service.ts';
import { loadConfig } from '../../src/config.ts';
import { loadDataKeys } from '../../src/security/data-key.ts';
import { restoreTestAuditKeys } from '../support/audit-key.ts';
import { ALICE } from './support.ts';

const CLI = new URL('../../src/modules/audit/verify-cli.ts', import.meta.url).pathname;

function verify(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
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

// Each run starts a Node process (~2-7 s on a busy 2-core machine).
describe('audit:verify', { timeout: 120_000 }, () => {
  let dir: string;
  let file: string;
  let checkpoint: AuditCheckpoint;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagih-audit-'));
    file = join(dir, 'tagih.db');
    // The server's keys for this database: no DATA_KEY, so the key file generated next to it.
    installAuditKeys(loadDataKeys({ ...loadConfig({}), databaseUrl: `sqlite:${file}` }).box);
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db.kysely);
    for (let i = 0; i < 3; i++)
      await recordAudit(db.kysely, systemClock, ALICE, {
        action: AUDIT_ACTIONS.logout,
        details: { i },
      });
    checkpoint = await publishAuditCheckpoint(
      { db: db.kysely, clock: systemClock },
      { info: () => {} },
    );
    await db.close();
  });
  afterAll(() => {
    restoreTestAuditKeys();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints "audit: ok, N events" and exits 0 on an untouched chain (a relative path is read from where npm started)', async () => {
    expect(await verify({ DATABASE_URL: `sqlite:${file}` })).toEqual({
      code: 0,
      stdout: 'audit: ok, 3 events',
      stderr: '',
    });
    expect(await verify({ DATABASE_URL: 'sqlite:./tagih.db', INIT_CWD: dir })).toMatchObject({
      code: 0,
      stdout: 'audit: ok, 3 events',
    });
  });

  it('takes the last checkpoint line or head, and refuses a checkpoint that was altered', async () => {
    const line = JSON.stringify({
      level: 30,
      auditCheckpoint: checkpoint,
      msg: 'audit checkpoint',
    });
    expect(await verify({ DATABASE_URL: `sqlite:${file}` }, ['--checkpoint', line])).toEqual({
      code: 0,
      stdout: 'audit: ok, 3 events, reaching event 3 of the checkpoint',
      stderr: '',
    });
    const altered = JSON.stringify({ ...checkpoint, headId: 2 });
    expect(
      await verify({ DATABASE_URL: `sqlite:${file}` }, ['--checkpoint', altered]),
    ).toMatchObject({ code: 2, stderr: expect.stringMatching(/altered or made up/) });
    expect(await verify({ DATABASE_URL: `sqlite:${file}` }, ['--head', '3:abc'])).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/--head must be/),
    });
  });

  it('finds a cut tail against the checkpoint', async () => {
    const cut = join(dir, 'cut.db');
    copyFileSync(file, cut);
    const db = openDatabase(`sqlite:${cut}`);
    await sql`drop trigger audit_events_no_delete`.execute(db.kysely);
    await db.kysely.deleteFrom('audit_events').where('audtId', '=', 3).execute();
    await db.close();
    expect(await verify({ DATABASE_URL: `sqlite:${cut}` })).toMatchObject({
      code: 0,
      stdout: 'audit: ok, 2 events',
    });
    const result = await verify({ DATABASE_URL: `sqlite:${cut}` }, [
      '--head',
      `3:${checkpoint.headHash}`,
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^audit: event 3 does not match: the checkpoint's head is missing: the chain ends at event 2/,
    );
  });

  it('needs the data key: without DATA_KEY or the key file it cannot verify, and makes no key', async () => {
    const other = mkdtempSync(join(tmpdir(), 'tagih-audit-nokey-'));
    try {
      copyFileSync(file, join(other, 'tagih.db'));
      const result = await verify({ DATABASE_URL: `sqlite:${join(other, 'tagih.db')}` });
      expect(result).toMatchObject({
        code: 2,
        stderr: expect.stringMatching(/^audit: no data key/),
      });
      expect(existsSync(join(other, 'data.key'))).toBe(false);
      // A wrong key: every event is signed under one it was not given.
      const wrong = await verify({
        DATABASE_URL: `sqlite:${join(other, 'tagih.db')}`,
        DATA_KEY: Buffer.alloc(32, 3).toString('base64'),
      });
      expect(wrong).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(
          /^audit: event 1 does not match: it is signed under data key [0-9a-f]{8}, which is not given/,
        ),
      });
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('names the first event that does not match and exits non-zero', async () => {
    const db = openDatabase(`sqlite:${file}`);
    await sql`drop trigger audit_events_no_update`.execute(db.kysely);
    // Not enough to rewrite an event and hash it again with the plain SHA-256 recipe: the chain is signed.
    await db.kysely
      .updateTable('audit_events')
      .set({ audtActorUsername: 'someone-else' })
      .where('audtId', '=', 2)
      .execute();
    await db.close();
    const result = await verify({ DATABASE_URL: `sqlite:${file}` });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^audit: event 2 does not match/);
  });

  it('does not create a database that is not there', async () => {
    const missing = join(dir, 'missing.db');
    const result = await verify({ DATABASE_URL: `sqlite:${missing}` });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`audit: no database at ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });
});
