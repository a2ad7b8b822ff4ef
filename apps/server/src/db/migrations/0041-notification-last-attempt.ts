/**
 * Notifications show their delivery (issue 35 item 7): the last attempt's outcome is kept on the
 * notification's own row, written with each attempt (modules/notifications/delivery.ts), so the
 * Notifications list reads it without touching the history:
 * - `notiLastHttpStatus`: the merchant's HTTP status at the last attempt (null: none yet, or the
 *   merchant was not reached);
 * - `notiLastError`: why the last attempt failed (null: none yet, or delivered), at most 300
 *   characters.
 * (`notiAttempts` and `notiNextAttemptAt` were there from 0001.)
 * Existing notifications are filled from their last history row, read the way the contract's
 * readDeliveryResponse (monitoring/delivery-attempt.ts) reads it; a response that is not a JSON
 * object leaves both null.
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const ERROR_MAX = 300;

async function backfillSqlite(db: Kysely<any>): Promise<void> {
  // r: the last attempt's response, when it is a JSON object; s: its status, when an integer.
  const r = sql`(case when json_valid(h."nohiResponse") and json_type(h."nohiResponse") = 'object' then h."nohiResponse" end)`;
  await sql`
    with last as (
      select h."nohiNotiId" as id, ${r} as r
      from notification_history h
      where h."nohiId" = (select max(l."nohiId") from notification_history l where l."nohiNotiId" = h."nohiNotiId")
    ),
    facts as (
      select id, r,
        case when json_type(r, '$.status') = 'integer' then json_extract(r, '$.status') end as s
      from last
    )
    update notifications set
      "notiLastHttpStatus" = facts.s,
      "notiLastError" = case
        when json_type(facts.r, '$.error') = 'text' then substr(json_extract(facts.r, '$.error'), 1, ${ERROR_MAX})
        when facts.s between 200 and 299 then null
        when facts.s is not null then substr('HTTP ' || facts.s || case
          when json_type(facts.r, '$.body') = 'text' and json_extract(facts.r, '$.body') <> ''
          then ': ' || json_extract(facts.r, '$.body') else '' end, 1, ${ERROR_MAX})
      end
    from facts
    where notifications."notiId" = facts.id`.execute(db);
}

async function backfillPostgres(db: Kysely<any>): Promise<void> {
  // A text that is not JSON reads as null instead of failing the migration.
  await sql`create or replace function pg_temp.tagih_0041_json(t text) returns jsonb language plpgsql immutable as $$
    begin return t::jsonb; exception when others then return null; end $$`.execute(db);
  await sql`
    with last as (
      select distinct on ("nohiNotiId") "nohiNotiId" as id, pg_temp.tagih_0041_json("nohiResponse") as j
      from notification_history
      order by "nohiNotiId", "nohiId" desc
    ),
    facts as (
      select id, case when jsonb_typeof(j) = 'object' then j end as r,
        case when jsonb_typeof(j) = 'object' and jsonb_typeof(j -> 'status') = 'number'
          and (j ->> 'status') ~ '^-?[0-9]{1,9}$' then (j ->> 'status')::integer end as s
      from last
    )
    update notifications n set
      "notiLastHttpStatus" = facts.s,
      "notiLastError" = case
        when jsonb_typeof(facts.r -> 'error') = 'string' then left(facts.r ->> 'error', ${sql.lit(ERROR_MAX)})
        when facts.s between 200 and 299 then null
        when facts.s is not null then left('HTTP ' || facts.s || case
          when jsonb_typeof(facts.r -> 'body') = 'string' and (facts.r ->> 'body') <> ''
          then ': ' || (facts.r ->> 'body') else '' end, ${sql.lit(ERROR_MAX)})
      end
    from facts
    where n."notiId" = facts.id`.execute(db);
  await sql`drop function pg_temp.tagih_0041_json(text)`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('notifications').addColumn('notiLastHttpStatus', 'integer').execute();
  await db.schema.alterTable('notifications').addColumn('notiLastError', 'text').execute();
  await (pg ? backfillPostgres(db) : backfillSqlite(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['notiLastError', 'notiLastHttpStatus'])
    await db.schema.alterTable('notifications').dropColumn(column).execute();
}
