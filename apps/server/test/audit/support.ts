/** Audit test helpers: the trail's rows, a request-like context, and how a test gets past the triggers. */
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase, type Db, type Dialect } from '../../src/db/database.ts';
import type { AuditContext } from '../../src/shared/audit-context.ts';
import type { TestContext } from '../support/test-app.ts';

export const ALICE: AuditContext = {
  actorUserId: 'alice@tagih.id',
  actorUsername: 'alice',
  compId: 7,
  ip: '203.0.113.9',
  userAgent: 'Mozilla/5.0 (test)',
};

export function auditRows(ctx: TestContext) {
  return ctx.db.kysely.selectFrom('audit_events').selectAll().orderBy('audtId').execute();
}

/** What an attacker with database access would do first: remove the guards. */
export async function dropAuditTriggers(ctx: Pick<TestContext, 'db'>): Promise<void> {
  if (ctx.db.dialect === 'postgres') {
    await sql`drop trigger audit_events_no_change on audit_events`.execute(ctx.db.kysely);
  } else {
    await sql`drop trigger audit_events_no_update`.execute(ctx.db.kysely);
    await sql`drop trigger audit_events_no_delete`.execute(ctx.db.kysely);
  }
}

/** An empty database (nothing migrated): SQLite in memory, or a PostgreSQL schema of its own. */
export async function openEmpty(dialect: Dialect): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') return { db: openDatabase('sqlite::memory:'), drop: async () => {} };
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = openDatabase(url);
  await sql`create schema ${sql.id(schema)}`.execute(admin.kysely);
  await admin.close();
  return {
    db: openDatabase(url, { pgSchema: schema }),
    drop: async () => {
      const cleaner = openDatabase(url);
      await sql`drop schema ${sql.id(schema)} cascade`.execute(cleaner.kysely);
      await cleaner.close();
    },
  };
}

export { parseCsv } from '../support/csv.ts';
