/**
 * A start migrates the database and builds the rollup on PostgreSQL without the queries' statement
 * timeout (db/bootstrap.ts, prepareSchema): on a large database a migration takes minutes (0015
 * rewrites the VA details), far above DB_STATEMENT_TIMEOUT_MS. The screens' queries keep their
 * timeout, and the migration's own connection is closed once it is done.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { prepareSchema } from '../../src/db/bootstrap.ts';
import { openDatabase } from '../../src/db/database.ts';
import { LATEST_MIGRATION } from '../../src/db/migrate.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const name = `tagih_migrate_${randomBytes(4).toString('hex')}`;

async function onServer<T>(statement: string, values: unknown[] = [], url = PG_URL!): Promise<T[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

describe.runIf(PG_URL)('migrating at start (postgres)', () => {
  afterAll(async () => {
    await onServer(`drop database if exists "${name}" with (force)`);
  });

  it("runs every migration and the rollup whatever the queries' statement timeout, which the screens' queries keep", async () => {
    await onServer(`create database "${name}"`);
    const url = new URL(PG_URL!);
    url.pathname = `/${name}`;
    const loaded = loadConfig({ DATABASE_URL: url.toString() });
    // 1 ms: every migration's DDL, and the rollup, take longer than that.
    const config = { ...loaded, dbPool: { ...loaded.dbPool, statementTimeoutMs: 1 } };
    const database = openDatabase(config.databaseUrl, { pool: config.dbPool });
    try {
      await prepareSchema(database, config);
      const [migrated] = await onServer<{ name: string }>(
        `select name from kysely_migration order by name desc limit 1`,
        [],
        url.toString(),
      );
      expect(migrated?.name).toBe(LATEST_MIGRATION);
      const [rollup] = await onServer<{ zone: string }>(
        `select "rlstTimeZone" as zone from transaction_rollup_state`,
        [],
        url.toString(),
      );
      expect(rollup?.zone).toBe(config.businessTz);
      const [left] = await onServer<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'tagih migrate'`,
        [name],
      );
      expect(left?.n).toBe(0);
      // PostgreSQL says "statement timeout", or "user request" when a 1 ms timer fires as the
      // previous statement ends and cancels the next one: either way the pool's timeout stopped it.
      await expect(sql`select pg_sleep(0.05)`.execute(database.kysely)).rejects.toThrow(
        /^canceling statement due to (statement timeout|user request)$/,
      );
    } finally {
      await database.close();
    }
  });
});
