/**
 * Payments of different bills no longer wait for each other (issue 33; bench/README.md "Payment intake"):
 * - `audit_pending`: an event recorded in a change's transaction without the chain's lock, with
 *   a MAC of its own under the audit key; the sealer (modules/audit/sealer.ts) chains it into
 *   `audit_events` after the commit, in order, in batches (modules/audit/README.md).
 * - `transaction_rollup` and `notification_rollup` get a stripe (`rlupStripe`, `nrlpStripe`, 0 to
 *   31) in their key: a bill's changes go to the stripe of its id (a notification's: its id), so
 *   bills of one company and day no longer write one hot row. Readers sum the stripes as they
 *   already summed days and hours; the totals stay exact in the same transaction as the change.
 * - PostgreSQL: `snap_number_seq` hands out the numbers of merchants' bills (VA customer numbers,
 *   QRIS references) without a row lock held to the commit; it starts past every counter.
 * Frozen once released: never edit, add a new migration.
 */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const isPg = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

async function auditPending(db: Kysely<any>, pg: boolean): Promise<void> {
  await db.schema
    .createTable('audit_pending')
    .addColumn('pndgId', pg ? 'bigserial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('pndgAt', pg ? 'varchar(30)' : 'text', (c) => c.notNull())
    .addColumn('pndgActorUserId', 'varchar(50)')
    .addColumn('pndgActorUsername', 'varchar(255)')
    .addColumn('pndgCompId', 'integer')
    .addColumn('pndgIp', 'varchar(64)')
    .addColumn('pndgUserAgent', 'varchar(512)')
    .addColumn('pndgAction', 'varchar(100)', (c) => c.notNull())
    .addColumn('pndgTargetType', 'varchar(50)')
    .addColumn('pndgTargetId', 'varchar(255)')
    .addColumn('pndgOutcome', 'varchar(10)', (c) => c.notNull())
    .addColumn('pndgDetails', 'text', (c) => c.notNull())
    .addColumn('pndgKeyId', 'varchar(8)', (c) => c.notNull())
    .addColumn('pndgMac', 'varchar(64)', (c) => c.notNull())
    .execute();
}

const NOTI_HOUR_PG = (alias: string) =>
  `to_char(${alias}."notiCreatedTime" at time zone 'UTC', 'YYYY-MM-DD"T"HH24')`;
const STRIPES = 32;

/** The transaction rollup's stripe column in its key (also for a test that builds the table again with 0009). */
export async function stripeTransactionRollup(db: Kysely<any>): Promise<void> {
  if (isPg(db)) {
    await sql`alter table transaction_rollup add column "rlupStripe" integer not null default 0`.execute(
      db,
    );
    await sql`alter table transaction_rollup drop constraint transaction_rollup_pk`.execute(db);
    await sql`alter table transaction_rollup add constraint transaction_rollup_pk primary key ("rlupCompId", "rlupType", "rlupDay", "rlupStatus", "rlupBank", "rlupStripe")`.execute(
      db,
    );
    return;
  }
  await sql`create table transaction_rollup_striped (
      "rlupCompId" integer not null, "rlupType" varchar(10) not null, "rlupDay" varchar(10) not null, "rlupStatus" varchar(10) not null,
      "rlupBank" varchar(50) not null, "rlupStripe" integer not null default 0, "rlupCount" bigint not null, "rlupLunasMinor" bigint not null,
      constraint transaction_rollup_pk primary key ("rlupCompId", "rlupType", "rlupDay", "rlupStatus", "rlupBank", "rlupStripe"))`.execute(
    db,
  );
  await sql`insert into transaction_rollup_striped ("rlupCompId", "rlupType", "rlupDay", "rlupStatus", "rlupBank", "rlupStripe", "rlupCount", "rlupLunasMinor")
      select "rlupCompId", "rlupType", "rlupDay", "rlupStatus", "rlupBank", 0, "rlupCount", "rlupLunasMinor" from transaction_rollup`.execute(
    db,
  );
  await sql`drop table transaction_rollup`.execute(db);
  await sql`alter table transaction_rollup_striped rename to transaction_rollup`.execute(db);
}

async function stripedRollupsPg(db: Kysely<any>): Promise<void> {
  await stripeTransactionRollup(db);
  await sql`alter table notification_rollup add column "nrlpStripe" integer not null default 0`.execute(
    db,
  );
  await sql`alter table notification_rollup drop constraint notification_rollup_pk`.execute(db);
  await sql`alter table notification_rollup add constraint notification_rollup_pk primary key ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe")`.execute(
    db,
  );
  const rows = (table: string, sign: number) =>
    `select "notiCompId" as c, ${NOTI_HOUR_PG(table)} as h, "notiStatus" as s, ("notiId" % ${STRIPES})::integer as k, ${sign} as n from ${table}`;
  const apply = (
    source: string,
  ) => `insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe", "nrlpCount")
      select c, h, s, k, sum(n) from (${source}) d group by c, h, s, k having sum(n) <> 0 order by c, h, s, k
      on conflict ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe") do update set "nrlpCount" = notification_rollup."nrlpCount" + excluded."nrlpCount";`;
  // Same triggers (migration 0014), now grouping by stripe too.
  await sql`create or replace function notification_rollup_apply() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${sql.raw(apply(rows('new_rows', 1)))}
        elsif tg_op = 'DELETE' then ${sql.raw(apply(rows('old_rows', -1)))}
        else ${sql.raw(apply(`${rows('old_rows', -1)} union all ${rows('new_rows', 1)}`))}
        end if;
        return null;
      end $$`.execute(db);
  await sql`do $$ declare start bigint; begin
      select coalesce(max("sncnLast"), 0) + 1 into start from snap_number_counters;
      execute format('create sequence snap_number_seq start with %s', start);
    end $$`.execute(db);
}

async function stripedRollupsSqlite(db: Kysely<any>): Promise<void> {
  await stripeTransactionRollup(db);

  for (const suffix of ['ai', 'ad', 'au'])
    await sql`drop trigger if exists ${sql.id(`notification_rollup_${suffix}`)}`.execute(db);
  await sql`create table notification_rollup_striped (
      "nrlpCompId" integer not null, "nrlpHour" varchar(13) not null, "nrlpStatus" integer not null, "nrlpStripe" integer not null default 0,
      "nrlpCount" bigint not null,
      constraint notification_rollup_pk primary key ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe"))`.execute(
    db,
  );
  await sql`insert into notification_rollup_striped ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe", "nrlpCount")
      select "nrlpCompId", "nrlpHour", "nrlpStatus", 0, "nrlpCount" from notification_rollup`.execute(
    db,
  );
  await sql`drop table notification_rollup`.execute(db);
  await sql`alter table notification_rollup_striped rename to notification_rollup`.execute(db);
  const open = `not exists (select 1 from notification_rollup_bulk)`;
  const change = (prefix: 'new' | 'old', sign: 1 | -1) =>
    `insert into notification_rollup ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe", "nrlpCount")
      values (${prefix}."notiCompId", substr(${prefix}."notiCreatedTime", 1, 13), ${prefix}."notiStatus", ${prefix}."notiId" % ${STRIPES}, ${sign})
      on conflict ("nrlpCompId", "nrlpHour", "nrlpStatus", "nrlpStripe") do update set "nrlpCount" = notification_rollup."nrlpCount" + excluded."nrlpCount";`;
  await sql`create trigger notification_rollup_ai after insert on notifications when ${sql.raw(open)} begin ${sql.raw(change('new', 1))} end`.execute(
    db,
  );
  await sql`create trigger notification_rollup_ad after delete on notifications when ${sql.raw(open)} begin ${sql.raw(change('old', -1))} end`.execute(
    db,
  );
  await sql`create trigger notification_rollup_au after update of "notiCompId", "notiCreatedTime", "notiStatus" on notifications
    when ${sql.raw(open)} and (old."notiCompId" is not new."notiCompId" or old."notiCreatedTime" is not new."notiCreatedTime" or old."notiStatus" is not new."notiStatus")
    begin ${sql.raw(change('old', -1))} ${sql.raw(change('new', 1))} end`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  const pg = isPg(db);
  await auditPending(db, pg);
  await (pg ? stripedRollupsPg(db) : stripedRollupsSqlite(db));
}

export async function down(db: Kysely<any>): Promise<void> {
  // Folding the stripes back is a rebuild (transaction_rollup) or a recount (notification_rollup); not offered.
  await db.schema.dropTable('audit_pending').execute();
  if (isPg(db)) await sql`drop sequence if exists snap_number_seq`.execute(db);
}
