/**
 * A database for the benchmarks: migrated, seeded (base + demo, known passwords) and filled
 * with N VA and M QRIS transactions for one company by the bulk generator. SQLite: a file in
 * the temp directory named after the sizes (kept, so `--reuse` can skip the work next time);
 * PostgreSQL: DATABASE_URL, which must be empty unless `--reuse` is given.
 */
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type Db } from '@tagih/server/src/db/database.ts';
import { migrateToLatest } from '@tagih/server/src/db/migrate.ts';
import { seedBase, seedDemo } from '@tagih/server/src/db/seed/index.ts';
import { resumePendingLoad } from './bulk-copy-pg.ts';
import {
  activeCompanies,
  finishLoad,
  generateTransactions,
  type GenerateMethod,
} from './bulk-generate.ts';

export const BENCH_COMPANY = 'PT Toko Maju';
export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-1' };
export const BENCH_DEMO_PASSWORD = 'bench-demo-1';
/** Demo Admin role: the dashboards and master data, linked to every demo company (not superadmin: scoping is checked). */
export const BENCH_USER = { username: 'rina', password: BENCH_DEMO_PASSWORD };

export interface PrepareOptions {
  va: number;
  qris: number;
  days: number;
  reuse: boolean;
  timeZone: string;
  /** DATABASE_URL; default a temp SQLite file per size. */
  url?: string;
  /** How the generator stores the rows (bulk-generate.ts); default `fast`. */
  method?: GenerateMethod;
}

export interface Prepared {
  db: Db;
  url: string;
  compId: number;
  reused: boolean;
}

export function defaultSqliteUrl(o: Pick<PrepareOptions, 'va' | 'qris' | 'days'>): string {
  return `sqlite:${join(tmpdir(), `tagih-bench-va${o.va}-qris${o.qris}-d${o.days}.db`)}`;
}

async function benchCompanyVaCount(db: Db): Promise<{ compId: number; va: number } | null> {
  const tables = await db.kysely.introspection.getTables();
  if (!tables.some((t) => t.name === 'companies')) return null;
  const company = await db.kysely
    .selectFrom('companies')
    .select('compId')
    .where('compName', '=', BENCH_COMPANY)
    .executeTakeFirst();
  if (!company) return null;
  const row = await db.kysely
    .selectFrom('transactions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('trctCompId', '=', company.compId)
    .where('trctType', '=', 'VA')
    .executeTakeFirstOrThrow();
  return { compId: company.compId, va: Number(row.n) };
}

async function isEmpty(db: Db): Promise<boolean> {
  const tables = await db.kysely.introspection.getTables();
  if (!tables.some((t) => t.name === 'transactions')) return true;
  return (
    (await db.kysely.selectFrom('transactions').select('trctId').limit(1).executeTakeFirst()) ===
    undefined
  );
}

export async function prepareDatabase(
  o: PrepareOptions,
  log: (line: string) => void,
): Promise<Prepared> {
  const url = o.url ?? defaultSqliteUrl(o);
  const sqliteFile = url.startsWith('sqlite:') ? url.slice('sqlite:'.length) : null;

  if (o.reuse && (!sqliteFile || existsSync(sqliteFile))) {
    // A reused database gets new migrations (an index, a column): minutes at 10M rows, so no statement timeout.
    const db = openDatabase(url, { pool: { statementTimeoutMs: 0 } });
    await migrateToLatest(db.kysely);
    if (!sqliteFile) {
      // A build stopped while its indexes were being made again (bulk-copy-pg.ts) is finished first.
      const resumed = await resumePendingLoad({ url, log });
      if (resumed !== null) {
        await finishLoad({ db, url }, o.timeZone);
        log(
          `Finished an interrupted load's indexes, constraints and rollup (${resumed.toFixed(1)} s for the indexes).`,
        );
      }
    }
    const found = await benchCompanyVaCount(db);
    if (found && found.va >= o.va) {
      log(`Reusing ${url} (${found.va.toLocaleString('en')} VA rows for ${BENCH_COMPANY}).`);
      return { db, url, compId: found.compId, reused: true };
    }
    if (!(await isEmpty(db))) {
      await db.close();
      throw new Error(
        `--reuse: ${url} holds other data (not ${o.va} VA rows for ${BENCH_COMPANY}); use an empty database.`,
      );
    }
    await db.close();
  }

  if (sqliteFile) {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${sqliteFile}${suffix}`, { force: true });
  }
  const db = openDatabase(url);
  if (!sqliteFile && !(await isEmpty(db))) {
    await db.close();
    throw new Error(
      `${url} is not empty: pass --reuse to use it as it is, or recreate it (dropdb/createdb).`,
    );
  }
  await migrateToLatest(db.kysely);
  const now = new Date();
  await seedBase(db.kysely, {
    adminUsername: BENCH_ADMIN.username,
    adminPassword: BENCH_ADMIN.password,
    now: now.toISOString(),
  });
  await seedDemo({ db: db.kysely, now, businessTz: o.timeZone }, BENCH_DEMO_PASSWORD);
  const companies = await activeCompanies(db.kysely, [BENCH_COMPANY]);
  if (companies.length !== 1) throw new Error(`demo company ${BENCH_COMPANY} not found`);
  log(
    `Generating ${o.va.toLocaleString('en')} VA + ${o.qris.toLocaleString('en')} QRIS rows over ${o.days} days for ${BENCH_COMPANY} into ${url} …`,
  );
  const result = await generateTransactions(
    { db, url },
    {
      counts: { VA: o.va, QRIS: o.qris },
      days: o.days,
      now,
      timeZone: o.timeZone,
      companies,
      log,
      ...(o.method ? { method: o.method } : {}),
    },
  );
  log(
    `Generated ${result.total.toLocaleString('en')} rows in ${result.seconds.toFixed(1)} s (${result.rowsPerSecond.toLocaleString('en')} rows/s, method ${result.method}).`,
  );
  return { db, url, compId: companies[0]!.compId, reused: false };
}
