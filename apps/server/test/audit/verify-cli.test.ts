/** `npm run audit:verify` as an operator runs it: on the configured embedded database, by exit code and one line. */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { systemClock } from '../../src/clock.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { recordAudit } from '../../src/modules/audit/service.ts';
import { ALICE } from './support.ts';

const CLI = new URL('../../src/modules/audit/verify-cli.ts', import.meta.url).pathname;

function verify(env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [CLI], { env: { PATH: process.env.PATH ?? '', ...env } }, (error, stdout, stderr) => {
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout: stdout.trim(), stderr: stderr.trim() });
    });
  });
}

describe('audit:verify', () => {
  let dir: string;
  let file: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tagih-audit-'));
    file = join(dir, 'tagih.db');
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db.kysely);
    for (let i = 0; i < 3; i++) await recordAudit(db.kysely, systemClock, ALICE, { action: AUDIT_ACTIONS.logout, details: { i } });
    await db.close();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints "audit: ok, N events" and exits 0 on an untouched chain (a relative path is read from where npm started)', async () => {
    expect(await verify({ DATABASE_URL: `sqlite:${file}` })).toEqual({ code: 0, stdout: 'audit: ok, 3 events', stderr: '' });
    expect(await verify({ DATABASE_URL: 'sqlite:./tagih.db', INIT_CWD: dir })).toMatchObject({ code: 0, stdout: 'audit: ok, 3 events' });
  });

  it('names the first event that does not match and exits non-zero', async () => {
    const db = openDatabase(`sqlite:${file}`);
    await sql`drop trigger audit_events_no_update`.execute(db.kysely);
    await db.kysely.updateTable('audit_events').set({ audtActorUsername: 'someone-else' }).where('audtId', '=', 2).execute();
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
