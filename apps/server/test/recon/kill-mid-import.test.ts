/**
 * A kill -9 in the middle of a statement import (issue 34 item 3). The real server runs in a
 * process of its own on a database of its own; an operator uploads a statement of LINES lines over
 * HTTP, and once the import reports that it is writing lines (some batches committed, more to
 * come) the server gets SIGKILL. Restarted on the same database, the half-written statement shows
 * nowhere (statements list, break queue); when its lease has run out the housekeeping takes it
 * back: no line, match, break or break event of it is left, and the statement is listed as failed
 * with why (Indonesian). The same file imported again is then imported whole.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../../src/db/database.ts';
import type { AppDeps } from '../../src/deps.ts';
import {
  ABANDONED_REASON,
  cleanAbandonedImports,
  IMPORT_LEASE_MS,
} from '../../src/modules/recon/import-cleanup.ts';
import {
  killServer,
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from '../ops/support/server-process.ts';
import { DIALECTS, type TestContext } from '../support/test-app.ts';
import { createCompany } from '../monitoring/support.ts';
import { multipartFile } from './support.ts';

const LINES = 3_000;
const ADMIN = { username: 'admin', password: 'admin-pass-1' };
const ACCOUNT = '0123456789012';

/** A balanced MT940 of LINES credits that name no bill (each one a break: the slow path). */
function statement(): string {
  const out = [':20:KILL261119', `:25:BRINIDJA/${ACCOUNT}`, ':28C:1/1', ':60F:C261118IDR0,00'];
  let total = 0;
  for (let i = 0; i < LINES; i++) {
    const amount = 10_000 + i;
    total += amount;
    out.push(`:61:2611191119C${amount},00NTRFNONREF//K${i}`, `:86:SETORAN TUNAI ${i} CABANG`);
  }
  out.push(`:62F:C261119IDR${total},00`);
  return `${out.join('\n')}\n`;
}

async function freshDatabase(
  dialect: string,
  dir: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { url: `sqlite:${join(dir, 'tagih.db')}`, drop: async () => {} };
  const admin = openDatabase(process.env.TEST_DATABASE_URL!, { pool: { size: 1 } });
  const name = `${new URL(process.env.TEST_DATABASE_URL!).pathname.slice(1)}_kill_${randomBytes(4).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(admin.kysely);
  return {
    url: Object.assign(new URL(process.env.TEST_DATABASE_URL!), {
      pathname: `/${name}`,
    }).toString(),
    drop: async () => {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
      await admin.close();
    },
  };
}

describe.each(DIALECTS)('a kill -9 in the middle of a statement import (%s)', (dialect) => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-kill-import-'));
  let url = '';
  let drop = async () => {};
  let server: ServerProcess | undefined;
  let db: Db | undefined;
  let base = '';
  const killOnExit = () => void server?.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const start = async () => {
    server = startServer({
      DATABASE_URL: url,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      DATA_KEY: Buffer.alloc(32, 5).toString('base64'),
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_DATA: 'false',
      SIMULATORS: 'off',
      DEMO_TRAFFIC: 'off',
      NOTIFICATION_WORKER: 'false',
      EXPIRY_INTERVAL_SECONDS: 'off',
      DB_ACQUIRE_TIMEOUT_MS: '60000',
    });
    base = `http://127.0.0.1:${await listeningPort(server, 240_000)}`; // a loaded machine starts slowly
  };
  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authentication: token } : {}),
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      json: (await res.json()) as {
        data: Record<string, unknown> & {
          data?: Record<string, unknown>[];
          pagination?: { totalData: number };
        };
      },
    };
  };
  const signIn = async () =>
    (await call('POST', '/api/security/authentication/login', undefined, ADMIN)).json.data
      .token as string;
  const upload = (token: string, progressId: string) => {
    const { payload, headers } = multipartFile(
      { progressId },
      { name: 'day.mt940', content: statement() },
    );
    return fetch(`${base}/api/recon/statements`, {
      method: 'POST',
      headers: { ...headers, authentication: token },
      body: payload,
    });
  };
  const counts = async () => {
    const k = db!.kysely;
    const n = async (q: Promise<{ n: unknown } | undefined>) => Number((await q)?.n ?? 0);
    return {
      lines: await n(
        k
          .selectFrom('recon_lines')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst(),
      ),
      matches: await n(
        k
          .selectFrom('recon_matches')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst(),
      ),
      breaks: await n(
        k
          .selectFrom('recon_breaks')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst(),
      ),
      events: await n(
        k
          .selectFrom('recon_break_events')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirst(),
      ),
    };
  };

  afterAll(async () => {
    await stopServer(server);
    await db?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
    process.removeListener('exit', killOnExit);
  });

  it('leaves either the whole statement or nothing', { timeout: 900_000 }, async () => {
    ({ url, drop } = await freshDatabase(dialect, dir));
    await start();
    db = openDatabase(url, { pool: { size: 2 } });
    const company = await createCompany({
      db,
      clock: { now: () => new Date() },
    } as unknown as TestContext);
    let token = await signIn();
    expect(
      (await call('POST', `/api/security/Authentication/SetCompany/${company.compId}`, token))
        .status,
    ).toBe(200);
    const account = await call('POST', '/api/master/Bank_Account', token, {
      baccBank: 'BRI',
      baccAccountNo: ACCOUNT,
      baccName: 'BRI Operasional',
      baccCompIds: [company.compId],
    });
    expect(account.status).toBe(200);

    // The upload, and the kill once some batches are written and more are coming.
    const progressId = randomUUID();
    const answer = upload(token, progressId).then(
      (r) => r.status,
      () => 'cut',
    );
    let seen = { phase: '', lines: 0 };
    for (
      let i = 0;
      i < 3000 && !(seen.phase === 'writing' && seen.lines >= 1000 && seen.lines < LINES);
      i++
    ) {
      await new Promise((r) => setTimeout(r, 20));
      const progress = await call('GET', `/api/recon/statements/progress/${progressId}`, token);
      if (progress.status === 200) seen = progress.json.data as typeof seen;
      expect(seen.phase).not.toBe('done');
    }
    await killServer(server);
    expect(await answer).toBe('cut');
    const half = await counts();
    expect(half.lines).toBeGreaterThan(0);
    expect(half.lines).toBeLessThan(LINES);
    const importing = await db.kysely
      .selectFrom('recon_statements')
      .select(['stmtId', 'stmtState'])
      .execute();
    expect(importing.map((s) => s.stmtState)).toEqual(['importing']);

    // Restarted: the half-written statement is nobody's yet.
    await start();
    token = await signIn();
    expect(
      (await call('POST', `/api/security/Authentication/SetCompany/${company.compId}`, token))
        .status,
    ).toBe(200);
    expect(
      (await call('GET', '/api/recon/statements', token)).json.data.pagination?.totalData,
    ).toBe(0);
    expect(
      (await call('GET', '/api/recon/breaks?page=1&max=10', token)).json.data.pagination?.totalData,
    ).toBe(0);

    // Its lease runs out: the housekeeping takes it back, wholly.
    const later = {
      db: db.kysely,
      clock: { now: () => new Date(Date.now() + IMPORT_LEASE_MS + 1000) },
    } as unknown as AppDeps;
    expect(await cleanAbandonedImports(later)).toBe(1);
    expect(await counts()).toEqual({ lines: 0, matches: 0, breaks: 0, events: 0 });
    const listed = (await call('GET', '/api/recon/statements', token)).json.data.data!;
    expect(listed).toMatchObject([{ state: 'failed', lines: 0, failure: ABANDONED_REASON }]);

    // The killed server's slots (the user's, the account's) free themselves as their leases run out too.
    const past = new Date(Date.now() - 1000).toISOString();
    await db.kysely
      .updateTable('action_throttle')
      .set({ acthLeaseUntil: past })
      .where('acthKey', 'like', 'reconImport:%')
      .execute();
    // The same file again: imported whole.
    const again = await upload(token, randomUUID());
    expect(again.status).toBe(200);
    const result = (
      (await again.json()) as {
        data: { lines: number; alreadyImported: boolean; breaks: Record<string, number> };
      }
    ).data;
    expect(result).toMatchObject({
      lines: LINES,
      alreadyImported: false,
      breaks: { missing_in_tagih: LINES },
    });
    expect(await counts()).toMatchObject({ lines: LINES, matches: 0, breaks: LINES });
  });
});
