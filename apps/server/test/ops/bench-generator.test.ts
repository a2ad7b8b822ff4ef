/**
 * The bench generator's fast path (bench/bulk-generate.ts: PostgreSQL COPY with indexes and
 * constraints made again, SQLite multi-row prepared statements) stores exactly the rows the
 * previous batch path stores, leaves the schema as the migrations made it, keeps both rollups
 * exact and the search tables complete, and moves the id sequences past the new ids.
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS_TZ } from '@tagih/contract';
import {
  connect,
  PENDING_TABLE,
  resumePendingLoad,
  setAside,
} from '../../../../bench/bulk-copy-pg.ts';
import {
  activeCompanies,
  generateTransactions,
  type GenerateMethod,
} from '../../../../bench/bulk-generate.ts';
import { openDatabase, type Db, type Dialect } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedBase, seedDemo } from '../../src/db/seed/index.ts';
import { syntheticTransactions } from '../../src/db/seed/synthetic-transactions.ts';
import type { Database } from '../../src/db/tables.ts';
import { verifyRollup } from '../../src/db/transaction-rollup.ts';
import { ADMIN, DEMO_PASSWORD, DIALECTS } from '../support/test-app.ts';

const NOW = new Date('2026-11-20T03:00:00.000Z');
const RUN_PREFIX = `G${NOW.getTime().toString(36).toUpperCase()}`;

interface Opened {
  db: Db;
  url: string;
  drop(): Promise<void>;
}

/** A migrated, seeded database the generator can reach with a connection of its own (a file, or a schema). */
async function openGeneratorDatabase(dialect: Dialect): Promise<Opened> {
  let opened: Opened;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `tagih-generator-${randomBytes(6).toString('hex')}.db`);
    const db = openDatabase(`sqlite:${file}`);
    opened = {
      db,
      url: `sqlite:${file}`,
      drop: async () => {
        await db.close();
        for (const s of ['', '-wal', '-shm']) rmSync(`${file}${s}`, { force: true });
      },
    };
  } else {
    const url = process.env.TEST_DATABASE_URL!;
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = openDatabase(url);
    await sql`create schema ${sql.id(schema)}`.execute(admin.kysely);
    await admin.close();
    const db = openDatabase(url, { pgSchema: schema });
    opened = {
      db,
      url,
      drop: async () => {
        await db.close();
        const cleaner = openDatabase(url);
        await sql`drop schema ${sql.id(schema)} cascade`.execute(cleaner.kysely);
        await cleaner.close();
      },
    };
  }
  await migrateToLatest(opened.db.kysely, opened.db.schema);
  await seedBase(opened.db.kysely, {
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    now: NOW.toISOString(),
  });
  await seedDemo(
    { db: opened.db.kysely, now: NOW, businessTz: DEFAULT_BUSINESS_TZ },
    DEMO_PASSWORD,
  );
  return opened;
}

async function generate(
  o: Opened,
  method: GenerateMethod,
  counts: { VA: number; QRIS: number },
  seed: number,
  now = NOW,
) {
  const companies = (await activeCompanies(o.db.kysely)).slice(0, 2);
  return generateTransactions(
    { db: o.db, url: o.url },
    { counts, days: 30, now, timeZone: DEFAULT_BUSINESS_TZ, companies, method, seed },
  );
}

/** The generated rows of every table, keyed by order id instead of ids (the paths number detail and history rows differently). */
async function generatedRows(db: Kysely<Database>, prefix: string) {
  const like = `${prefix}%`;
  const q = async (text: ReturnType<typeof sql>) => (await text.execute(db)).rows;
  return {
    transactions:
      await q(sql`select "trctCompId", "trctClntId", "trctType", "trctOrderId", "trctBank", "trctVirtualAccountNo", "trctVirtualAccountName",
      "trctQrName", "trctQrBank", "trctTotalAmount", "trctTotalAmountPaid", "trctStatus", "trctCreatedTime", "trctLunasTime", "trctUpdatedTime"
      from transactions where "trctOrderId" like ${like} order by "trctOrderId"`),
    va: await q(sql`select t."trctOrderId", v."trvaPartnerServiceId", v."trvaCustomerNo", v."trvaVirtualAccountNo", v."trvaVirtualAccountName", v."trvaExpiredDate"
      from transaction_va v join transactions t on t."trctId" = v."trvaTrctId" where t."trctOrderId" like ${like} order by 1`),
    qr: await q(sql`select t."trctOrderId", r."trqrReferenceNo", r."trqrMerchantId", r."trqrTotalAmount", r."trqrCreatedTime", r."trqrExpiredDate"
      from transaction_qr r join transactions t on t."trctId" = r."trqrTrctId" where t."trctOrderId" like ${like} order by 1`),
    notifications:
      await q(sql`select n."notiOrderId", n."notiCompId", n."notiStatus", n."notiCreatedTime", n."notiUpdatedTime", n."notiAttempts", n."notiNextAttemptAt", n."notiLockedUntil",
      t."trctOrderId" from notifications n join transactions t on t."trctId" = n."notiTrctId" where t."trctOrderId" like ${like} order by 1`),
    history:
      await q(sql`select n."notiOrderId", h."nohiRequest", h."nohiResponse", h."nohiCreatedTime"
      from notification_history h join notifications n on n."notiId" = h."nohiNotiId" where n."notiOrderId" like ${like} order by 1, h."nohiId"`),
  };
}

/** Indexes, constraints and triggers as the database describes them. */
async function schemaOf(o: Opened): Promise<unknown[]> {
  if (o.db.dialect === 'sqlite') {
    return (
      await sql`select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%' order by type, name`.execute(
        o.db.kysely,
      )
    ).rows;
  }
  const indexes =
    await sql`select indexname, indexdef from pg_indexes where schemaname = current_schema() order by 1`.execute(
      o.db.kysely,
    );
  const constraints =
    await sql`select conrelid::regclass::text as t, conname, pg_get_constraintdef(oid) as d, convalidated
    from pg_constraint where connamespace = current_schema()::regnamespace order by 1, 2`.execute(
      o.db.kysely,
    );
  const triggers =
    await sql`select tgrelid::regclass::text as t, tgname, tgenabled from pg_trigger t join pg_class c on c.oid = t.tgrelid
    where c.relnamespace = current_schema()::regnamespace and not tgisinternal order by 1, 2`.execute(
      o.db.kysely,
    );
  return [indexes.rows, constraints.rows, triggers.rows];
}

/** The notification rollup (migration 0014), when there is one, against a recount of the notifications. */
async function expectNotificationRollupExact(db: Kysely<Database>): Promise<void> {
  const tables = await db.introspection.getTables();
  if (!tables.some((t) => t.name === 'notification_rollup')) return;
  const expected = new Map<string, number>();
  const rows = await sql<{
    c: number;
    t: string;
    s: number;
  }>`select "notiCompId" as c, "notiCreatedTime" as t, "notiStatus" as s from notifications`.execute(
    db,
  );
  for (const r of rows.rows) {
    const key = `${Number(r.c)}|${new Date(r.t).toISOString().slice(0, 13)}|${Number(r.s)}`;
    expected.set(key, (expected.get(key) ?? 0) + 1);
  }
  const stored = new Map<string, number>();
  const kept = await sql<{
    c: number;
    h: string;
    s: number;
    n: number;
  }>`select "nrlpCompId" as c, "nrlpHour" as h, "nrlpStatus" as s, "nrlpCount" as n from notification_rollup`.execute(
    db,
  );
  for (const r of kept.rows) {
    const key = `${Number(r.c)}|${r.h}|${Number(r.s)}`; // a group's stripes (migration 0040) summed
    stored.set(key, (stored.get(key) ?? 0) + Number(r.n));
  }
  for (const [key, n] of stored) if (n === 0) stored.delete(key);
  expect(stored).toEqual(expected);
}

/** SQLite: every FTS5 table over our tables holds exactly its content table's rows. */
async function expectSearchTablesComplete(o: Opened): Promise<void> {
  if (o.db.dialect !== 'sqlite') return;
  const fts = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and sql like 'create virtual table%fts5%'`.execute(
    o.db.kysely,
  );
  expect(fts.rows.length).toBeGreaterThan(0);
  for (const { name } of fts.rows) {
    // With rank 1, the integrity check also compares the index with the content table.
    await sql`insert into ${sql.table(name)} (${sql.ref(name)}, rank) values ('integrity-check', 1)`.execute(
      o.db.kysely,
    );
  }
}

describe('the synthetic rows the generator stores', () => {
  it('write their JSON and instants exactly as JSON.stringify and toISOString do (they are written out by hand for speed)', () => {
    const instants: string[] = [];
    const json: string[] = [];
    for (const type of ['VA', 'QRIS'] as const) {
      const items = syntheticTransactions({
        type,
        compId: 3,
        clntId: 2,
        count: 5_000,
        days: 30,
        now: new Date('2026-11-20T03:00:00.123Z'),
        timeZone: DEFAULT_BUSINESS_TZ,
        seed: 5,
        orderPrefix: 'GT',
        todayEach: 2,
        callbackUrl: 'https://merchant.example/cb?x="1"&y=\\ü',
      });
      for (const { transaction: t, va, qr, notification: n } of items) {
        instants.push(
          t.trctCreatedTime,
          ...[
            t.trctLunasTime,
            t.trctUpdatedTime,
            va?.trvaExpiredDate,
            qr?.trqrCreatedTime,
            qr?.trqrExpiredDate,
          ].filter((v) => v != null),
        );
        if (!n) continue;
        instants.push(n.notiCreatedTime, ...(n.notiNextAttemptAt ? [n.notiNextAttemptAt] : []));
        for (const h of n.history) {
          instants.push(h.nohiCreatedTime);
          json.push(h.nohiRequest, h.nohiResponse);
        }
      }
    }
    expect(json.length).toBeGreaterThan(1_000);
    expect(instants.filter((v) => new Date(v).toISOString() !== v)).toEqual([]);
    expect(json.filter((v) => JSON.stringify(JSON.parse(v)) !== v)).toEqual([]);
    const request = JSON.parse(json[0]!) as Record<string, unknown>;
    expect(Object.keys(request)).toEqual(['url', 'method', 'headers', 'body']);
    expect(request.url).toBe('https://merchant.example/cb?x="1"&y=\\ü');
  });
});

describe.each(DIALECTS)('the bench generator (%s)', (dialect) => {
  let fast: Opened;
  let batches: Opened;
  let schemaBefore: unknown[];

  beforeAll(async () => {
    [fast, batches] = await Promise.all([
      openGeneratorDatabase(dialect),
      openGeneratorDatabase(dialect),
    ]);
    schemaBefore = await schemaOf(fast);
  }, 120_000);
  afterAll(async () => {
    await fast?.drop();
    await batches?.drop();
  });

  it('stores the rows the batch path stores, with the schema, rollups and search tables intact', async () => {
    const counts = { VA: 3_000, QRIS: 1_000 };
    const result = await generate(fast, 'fast', counts, 42);
    expect(result).toMatchObject({ total: 4_000, method: 'fast' });
    expect((await generate(batches, 'batches', counts, 42)).method).toBe('batches');

    const rows = await generatedRows(fast.db.kysely, RUN_PREFIX);
    expect(rows.transactions).toHaveLength(4_000);
    expect(rows.va).toHaveLength(3_000);
    expect(rows.qr).toHaveLength(1_000);
    expect(rows.notifications.length).toBeGreaterThan(1_000);
    expect(rows.history.length).toBeGreaterThan(1_000);
    expect(rows).toEqual(await generatedRows(batches.db.kysely, RUN_PREFIX));

    expect(await schemaOf(fast)).toEqual(schemaBefore);
    const rollup = await verifyRollup(fast.db.kysely);
    expect(rollup.timeZone).toBe(DEFAULT_BUSINESS_TZ);
    expect(rollup.differences).toEqual([]);
    await expectNotificationRollupExact(fast.db.kysely);
    await expectSearchTablesComplete(fast);
  }, 120_000);

  it('adds a small load to a larger database the same way, indexes kept, and new ids follow the generated ones', async () => {
    const later = new Date(NOW.getTime() + 60_000);
    await generate(fast, 'fast', { VA: 200, QRIS: 50 }, 7, later);
    expect(
      (await generatedRows(fast.db.kysely, `G${later.getTime().toString(36).toUpperCase()}`))
        .transactions,
    ).toHaveLength(250);
    expect(await schemaOf(fast)).toEqual(schemaBefore);
    expect((await verifyRollup(fast.db.kysely)).differences).toEqual([]);
    await expectNotificationRollupExact(fast.db.kysely);
    await expectSearchTablesComplete(fast);

    // The sequences (PostgreSQL) and AUTOINCREMENT counters (SQLite) are past the generated ids.
    const db = fast.db.kysely;
    const max = await db
      .selectFrom('notification_history')
      .select((eb) => eb.fn.max('nohiId').as('m'))
      .executeTakeFirstOrThrow();
    const noti = await db
      .selectFrom('notifications')
      .select('notiId')
      .limit(1)
      .executeTakeFirstOrThrow();
    const added = await db
      .insertInto('notification_history')
      .values({
        nohiNotiId: noti.notiId,
        nohiRequest: '{}',
        nohiResponse: '{}',
        nohiCreatedTime: later.toISOString(),
      })
      .returning('nohiId')
      .executeTakeFirstOrThrow();
    expect(Number(added.nohiId)).toBe(Number(max.m) + 1);
  }, 120_000);

  it.runIf(dialect === 'postgres')(
    'leaves a record of what an interrupted load had yet to make again, and the next load makes it first',
    async () => {
      // A load's own transaction sets the indexes and constraints aside and records them; it commits
      // its rows, then makes them again on other sessions. Stopped before those finish:
      const client = await connect({ url: fast.url, schema: fast.db.schema! });
      try {
        await client.query('begin');
        const items = await setAside(client);
        await client.query('commit');
        expect(items.map((d) => d.kind).sort()).toEqual(
          expect.arrayContaining(['foreign', 'index', 'unique']),
        );
        // Part of the work done before the stop: one index made again.
        const index = items.find((d) => d.kind === 'index')!;
        await client.query(index.definition);
      } finally {
        await client.end();
      }
      expect(await schemaOf(fast)).not.toEqual(schemaBefore);
      const pending = await sql<{
        t: string | null;
      }>`select to_regclass(${PENDING_TABLE}) as t`.execute(fast.db.kysely);
      expect(pending.rows[0]!.t).not.toBeNull();

      // The next load finishes that work before its own (and then its own small load keeps the indexes).
      const later = new Date(NOW.getTime() + 120_000);
      await generate(fast, 'fast', { VA: 100, QRIS: 20 }, 11, later);
      expect(await schemaOf(fast)).toEqual(schemaBefore);
      expect(
        (
          await sql<{ t: string | null }>`select to_regclass(${PENDING_TABLE}) as t`.execute(
            fast.db.kysely,
          )
        ).rows[0]!.t,
      ).toBeNull();
      expect(await resumePendingLoad({ url: fast.url, schema: fast.db.schema! })).toBeNull();
      expect((await verifyRollup(fast.db.kysely)).differences).toEqual([]);
      await expectNotificationRollupExact(fast.db.kysely);
    },
    120_000,
  );
});
