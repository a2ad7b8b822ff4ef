/** Helpers of the audit wiring tests: the events of one action, and an audit trail that refuses one action (to prove rollbacks). */
import { sql } from 'kysely';
import type { AuditAction } from '@tagih/contract';
import type { TestContext } from '../support/test-app.ts';

export interface WiredEvent {
  audtId: number;
  audtAction: string;
  audtOutcome: string;
  audtActorUserId: string | null;
  audtActorUsername: string | null;
  audtCompId: number | null;
  audtIp: string | null;
  audtTargetType: string | null;
  audtTargetId: string | null;
  details: Record<string, unknown>;
}

/** The events of `action`, oldest first, with their details parsed. */
export async function eventsOf(ctx: TestContext, action: AuditAction): Promise<WiredEvent[]> {
  const rows = await ctx.db.kysely
    .selectFrom('audit_events')
    .selectAll()
    .where('audtAction', '=', action)
    .orderBy('audtId')
    .execute();
  return rows.map((r) => ({ ...r, details: JSON.parse(r.audtDetails) as Record<string, unknown> }));
}

export async function countEvents(ctx: TestContext): Promise<number> {
  const row = await ctx.db.kysely
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes every insert of an `action` event fail (as a full disk or a lost database would) until the returned function runs. */
export async function refuseAuditOf(
  ctx: TestContext,
  action: AuditAction,
): Promise<() => Promise<void>> {
  const db = ctx.db.kysely;
  if (ctx.db.dialect === 'postgres') {
    await sql`
      create function wiring_refuse_audit() returns trigger language plpgsql as $$
      begin
        if new."audtAction" = tg_argv[0] then raise exception 'audit refused (test)'; end if;
        return new;
      end
      $$`.execute(db);
    await sql`create trigger wiring_refuse_audit before insert on audit_events for each row execute function wiring_refuse_audit(${sql.lit(action)})`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger wiring_refuse_audit on audit_events`.execute(db);
      await sql`drop function wiring_refuse_audit()`.execute(db);
    };
  }
  await sql`
    create trigger wiring_refuse_audit before insert on audit_events
    when new.audtAction = ${sql.lit(action)}
    begin select raise(abort, 'audit refused (test)'); end`.execute(db);
  return async () => {
    await sql`drop trigger wiring_refuse_audit`.execute(db);
  };
}
