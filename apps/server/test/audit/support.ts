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

/** A minimal RFC 4180 reader for the assertions (quoted cells, "" escapes, CRLF records). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; }
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  return rows;
}
