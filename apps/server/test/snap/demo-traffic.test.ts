/**
 * The demo is alive: a whole demo start (`node src/main.ts`, the simulators in-process) plays
 * DEMO_TRAFFIC bills a minute through the real signed /snap endpoints. Run fast for a few seconds,
 * then stopped: the bills were opened by the demo merchants over /snap, most were paid by the
 * demo banks over /snap, each paid one notified its merchant (the flaky one refused some), the
 * short-lived ones expired, the rollup is exact, and the traffic left no request lines in the log.
 * DEMO_TRAFFIC=off plays nothing; a junk value stops the start with a message naming it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { API_BASE, API_PATHS, AUDIT_ACTIONS } from '@tagih/contract';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import {
  listeningPort,
  startServer,
  stopServer,
  unusedPort,
  type ServerProcess,
} from '../ops/support/server-process.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const DATA_KEY = randomBytes(32).toString('base64');
/** How long the fast traffic plays. */
const PLAY_MS = 6_000;

interface Target {
  url: string;
  cleanup: () => Promise<void>;
}

async function demoStart(url: string, env: Record<string, string>): Promise<ServerProcess> {
  return startServer({
    DATABASE_URL: url,
    DATA_KEY,
    DEMO_DATA: 'true',
    DEMO_PASSWORD: 'demo-pass-1',
    ADMIN_PASSWORD: 'admin-pass-1',
    PORT: '0',
    BANK_SIM_PORT: String(await unusedPort()),
    MERCHANT_SIM_PORT: String(await unusedPort()),
    // Request lines are written at debug (ops/request-log.ts): the demo traffic's are left out even there.
    LOG_LEVEL: 'debug',
    ...env,
  });
}

const logLines = (server: ServerProcess) =>
  server.stdout.flatMap((line) => {
    try {
      return [JSON.parse(line) as { level: number; msg: string; req?: { url?: string } }];
    } catch {
      return [];
    }
  });

function demoTraffic(dialect: string, target: () => Promise<Target>) {
  describe(`demo traffic (${dialect})`, () => {
    let db: Db;
    let server: ServerProcess | undefined;
    let cleanup = async () => {};

    beforeAll(async () => {
      const t = await target();
      cleanup = t.cleanup;
      server = await demoStart(t.url, { DEMO_TRAFFIC: '600', EXPIRY_INTERVAL_SECONDS: '1' });
      const base = `http://127.0.0.1:${await listeningPort(server)}${API_BASE}`;
      await new Promise((resolve) => setTimeout(resolve, PLAY_MS / 2));
      // A request of somebody else meanwhile: its lines stay in the log.
      expect((await fetch(`${base}${API_PATHS.health.ready}`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, PLAY_MS / 2));
      await stopServer(server);
      db = openDatabase(t.url, { pool: { size: 2 } });
    }, 120_000);
    afterAll(async () => {
      await stopServer(server);
      await db?.close();
      await cleanup();
    });

    const demoBills = () =>
      db.kysely
        .selectFrom('transactions')
        .select(['trctId', 'trctStatus', 'trctType', 'trctClntId'])
        .where('trctOrderId', 'like', 'DEMO-%')
        .execute();
    const eventsOf = (action: string) =>
      db.kysely
        .selectFrom('audit_events')
        .select(['audtActorUsername', 'audtActorUserId', 'audtTargetId'])
        .where('audtAction', '=', action)
        .execute();

    it('opened bills through /snap, paid most, left some to expire; the rollup is exact', async () => {
      const bills = await demoBills();
      const count = (status: string) => bills.filter((b) => b.trctStatus === status).length;
      expect(bills.length, server!.stdout.join('\n')).toBeGreaterThanOrEqual(15);
      expect(new Set(bills.map((b) => b.trctType))).toEqual(new Set(['VA', 'QRIS']));
      expect(new Set(bills.map((b) => b.trctClntId)).size).toBe(3);
      expect(count('00')).toBeGreaterThan(bills.length / 2);
      expect(count('05')).toBeGreaterThanOrEqual(1);
      expect((await verifyRollup(db.kysely)).differences).toEqual([]);
      // Nothing the traffic asked for was refused.
      expect(logLines(server!).filter((l) => l.msg.startsWith('Demo traffic'))).toEqual([]);
    });

    it('wrote every bill and payment through /snap: created by a merchant partner, paid by a bank partner, access given by the demo start', async () => {
      const bills = await demoBills();
      const created = new Map(
        (await eventsOf(AUDIT_ACTIONS.transactionCreated)).map((e) => [String(e.audtTargetId), e]),
      );
      const paid = new Map(
        (await eventsOf(AUDIT_ACTIONS.transactionPaid)).map((e) => [String(e.audtTargetId), e]),
      );
      for (const bill of bills) {
        expect(created.get(String(bill.trctId))).toMatchObject({
          audtActorUserId: null,
          audtActorUsername: expect.stringMatching(
            new RegExp(`^merchant:merchant-${bill.trctClntId}-`),
          ),
        });
        if (bill.trctStatus === '00')
          expect(paid.get(String(bill.trctId))).toMatchObject({
            audtActorUserId: null,
            audtActorUsername: expect.stringMatching(/^bank:(BRI|BJB|Mandiri)$/),
          });
      }
      const issued = await eventsOf(AUDIT_ACTIONS.clientApiIssued);
      expect(issued.map((e) => e.audtActorUsername)).toEqual([
        'demo traffic',
        'demo traffic',
        'demo traffic',
      ]);
      // No person changed anything: every event of the run is a partner's or the system's.
      const byUsers = await db.kysely
        .selectFrom('audit_events')
        .select('audtAction')
        .where('audtActorUserId', 'is not', null)
        .execute();
      expect(byUsers).toEqual([]);
    });

    it('notified the merchant of every paid bill; the flaky merchant refused some, so retries show', async () => {
      const rows = await db.kysely
        .selectFrom('transactions as t')
        .innerJoin('notifications as n', 'n.notiTrctId', 't.trctId')
        .leftJoin('notification_history as h', 'h.nohiNotiId', 'n.notiId')
        .select(['t.trctId', 't.trctClntId', 'n.notiAttempts', 'h.nohiResponse'])
        .where('t.trctOrderId', 'like', 'DEMO-%')
        .execute();
      const paid = (await demoBills()).filter((b) => b.trctStatus === '00');
      expect(new Set(rows.map((r) => r.trctId))).toEqual(new Set(paid.map((b) => b.trctId)));
      const statusOf = (r: (typeof rows)[number]) =>
        r.nohiResponse
          ? (JSON.parse(String(r.nohiResponse)) as { status?: number }).status
          : undefined;
      const flakyClient = Math.max(...paid.map((b) => b.trctClntId));
      expect(
        rows.filter((r) => r.trctClntId === flakyClient).some((r) => statusOf(r) === 500),
      ).toBe(true);
      expect(
        rows.filter((r) => r.trctClntId !== flakyClient).every((r) => statusOf(r) === 200),
      ).toBe(true);
    });

    it('kept the traffic out of the request log, not the other requests', () => {
      const lines = logLines(server!);
      expect(lines.filter((l) => l.req?.url?.startsWith('/snap/'))).toEqual([]);
      expect(
        lines.some(
          (l) =>
            l.msg === 'incoming request' && l.req?.url === `${API_BASE}${API_PATHS.health.ready}`,
        ),
      ).toBe(true);
      // "request completed" carries no URL: as many as "incoming request", so none of the traffic's either.
      const count = (msg: string) => lines.filter((l) => l.msg === msg).length;
      expect(count('request completed')).toBe(count('incoming request'));
      // The banner is plain text on stderr (ops/start-banner.ts).
      expect([...server!.stdout, ...server!.stderr].join('\n')).toContain(
        'demo traffic: 600 bills a minute over /snap (DEMO_TRAFFIC=off stops it)',
      );
    });
  });
}

demoTraffic('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-traffic-'));
  return {
    url: `sqlite:${join(dir, 'tagih.db')}`,
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

if (PG_URL) {
  demoTraffic('postgres', async () => {
    const admin = openDatabase(PG_URL, { pool: { size: 1 } });
    const name = `tagih_traffic_${randomBytes(4).toString('hex')}`;
    await sql`create database ${sql.id(name)}`.execute(admin.kysely);
    return {
      url: Object.assign(new URL(PG_URL), { pathname: `/${name}` }).toString(),
      cleanup: async () => {
        await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.kysely);
        await admin.close();
      },
    };
  });
}

describe('DEMO_TRAFFIC at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-traffic-off-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('off: the demo starts with its simulators and plays nothing', async () => {
    const url = `sqlite:${join(dir, 'off.db')}`;
    const server = await demoStart(url, { DEMO_TRAFFIC: 'off' });
    try {
      await listeningPort(server);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    } finally {
      await stopServer(server);
    }
    const printed = [...server.stdout, ...server.stderr].join('\n');
    expect(printed).toContain('bank simulator: ');
    expect(printed).not.toContain('demo traffic');
    const db = openDatabase(url);
    try {
      expect(
        await db.kysely
          .selectFrom('transactions')
          .select('trctId')
          .where('trctOrderId', 'like', 'DEMO-%')
          .execute(),
      ).toEqual([]);
      expect(
        await db.kysely.selectFrom('client_snap_credentials').select('clsnClientId').execute(),
      ).toEqual([]);
    } finally {
      await db.close();
    }
  }, 60_000);

  it('a junk value stops the start, naming the setting and what it takes', async () => {
    const server = await demoStart(`sqlite:${join(dir, 'junk.db')}`, { DEMO_TRAFFIC: 'lots' });
    expect(await server.exited).toBe(1);
    const lines = [...server.stdout, ...server.stderr].filter((line) => line.trim() !== '');
    expect(lines).toHaveLength(1);
    expect((JSON.parse(lines[0]!) as { msg: string }).msg).toBe(
      `Invalid configuration: DEMO_TRAFFIC="lots": must be a number of bills per minute from 0.1 to 600 (e.g. 4) or 'off'`,
    );
  }, 60_000);
});
