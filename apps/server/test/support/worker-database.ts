/**
 * Vitest runs two test files at a time (vitest.config.ts, maxWorkers). On PostgreSQL each worker
 * gets a database of its own, `<TEST_DATABASE_URL's database>_w<worker>`, made here when it is
 * missing: one file's schema being dropped never meets another file's catalog scan (Kysely's
 * migrator reads every schema's tables), and a test that uses the public schema has it to itself.
 * `npm test` drops these databases with its own; with TEST_DATABASE_URL given they are kept.
 */
import pg from 'pg';

const base = process.env.TEST_DATABASE_URL;
// Set once this process's URL is rewritten: should a worker run several files, it stays rewritten.
if (base && !process.env.TAGIH_TEST_WORKER_DATABASE) {
  const url = new URL(base);
  url.pathname = `${url.pathname}_w${process.env.VITEST_POOL_ID ?? '1'}`;
  const name = url.pathname.slice(1);
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      await client.query(`create database "${name}"`).catch((error: { code?: string }) => {
        if (error.code !== '42P04') throw error; // made meanwhile by an earlier run of this worker
      });
    }
  } finally {
    await client.end();
  }
  process.env.TEST_DATABASE_URL = url.toString();
  process.env.TAGIH_TEST_WORKER_DATABASE = '1';
}
