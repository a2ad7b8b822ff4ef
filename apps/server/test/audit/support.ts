/** Audit test helpers: the trail's rows, a request-like context, and how a test gets past the triggers. */
import { sql } from 'kysely';
import type { AuditContext } from '../../src/shared/audit-context.ts';
import type { TestContext } from '../support/test-app.ts';

export const ALICE: AuditContext = { actorUserId: 'alice@tagih.id', actorUsername: 'alice', compId: 7, ip: '203.0.113.9', userAgent: 'Mozilla/5.0 (test)' };

export function auditRows(ctx: TestContext) {
  return ctx.db.kysely.selectFrom('audit_events').selectAll().orderBy('audtId').execute();
}

/** What an attacker with database access would do first: remove the guards. */
export async function dropAuditTriggers(ctx: TestContext): Promise<void> {
  if (ctx.db.dialect === 'postgres') {
    await sql`drop trigger audit_events_no_change on audit_events`.execute(ctx.db.kysely);
  } else {
    await sql`drop trigger audit_events_no_update`.execute(ctx.db.kysely);
    await sql`drop trigger audit_events_no_delete`.execute(ctx.db.kysely);
  }
}

export { parseCsv } from '../support/csv.ts';
