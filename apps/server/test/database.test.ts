import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase } from '../src/db/database.ts';

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL connections', () => {
  it('survives the server dropping an idle connection, and the next query reconnects', async () => {
    const db = openDatabase(process.env.TEST_DATABASE_URL!);
    const admin = openDatabase(process.env.TEST_DATABASE_URL!);
    try {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(
        db.kysely,
      );
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(admin.kysely);
      await new Promise((resolve) => setTimeout(resolve, 200)); // let the idle client see it
      const again = await sql<{ one: number }>`select 1 as one`.execute(db.kysely);
      expect(again.rows[0]!.one).toBe(1);
    } finally {
      await db.close();
      await admin.close();
    }
  });

  it('runs queries without parallel workers unless DB_PARALLEL_WORKERS asks for them', async () => {
    const setting = async (db: ReturnType<typeof openDatabase>) =>
      (
        await sql<{
          workers: string;
        }>`select current_setting('max_parallel_workers_per_gather') as workers`.execute(db.kysely)
      ).rows[0]!.workers;
    const serial = openDatabase(process.env.TEST_DATABASE_URL!);
    const parallel = openDatabase(process.env.TEST_DATABASE_URL!, { pool: { parallelWorkers: 2 } });
    try {
      expect(await setting(serial)).toBe('0');
      expect(await setting(parallel)).toBe('2');
    } finally {
      await serial.close();
      await parallel.close();
    }
  });
});
