/** SQL of the audit trail: the chained insert's lock and tail, unsealed events, lists, export batches, access review, purge. */
import {
  sql,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  type Transaction,
} from 'kysely';
import { latestSignInLocks } from '../auth/credentials.ts';
import { AUDIT_ACTIONS, auditResource, type ListQuery } from '@tagih/contract';
import { applyFilters, applyOrderAndBatch, countRows, type PageBatch } from '../../db/list-sql.ts';
import {
  isPostgres,
  type AuditEventsTable,
  type AuditPendingTable,
  type Database,
  type DbOrTx,
} from '../../db/tables.ts';
import type { UtcRange } from '../../shared/date-range.ts';

export type AuditDbRow = AuditEventsTable;
type Filtered = SelectQueryBuilder<Database, 'audit_events', object>;

/** pg_advisory_xact_lock key of the chain (any fixed number no other lock uses). */
const CHAIN_LOCK_KEY = 7_411_900_301;

/**
 * Serialises chain writers until the transaction ends. PostgreSQL: an advisory lock, taken
 * before the tail is read. SQLite needs none: Kysely's SQLite driver runs one transaction at a
 * time on its one connection, and another process's writer would fail the commit (busy), not fork.
 */
export async function lockChain(tx: Transaction<Database>): Promise<void> {
  if (!isPostgres(tx)) return;
  await sql`select pg_advisory_xact_lock(${CHAIN_LOCK_KEY}::bigint)`.execute(tx);
}

/** Takes the chain lock when it is free (PostgreSQL; SQLite: always true), for the sealer: another server's sealer holding it is sealing already. */
export async function tryLockChain(tx: Transaction<Database>): Promise<boolean> {
  if (!isPostgres(tx)) return true;
  const { rows } = await sql<{
    got: boolean;
  }>`select pg_try_advisory_xact_lock(${CHAIN_LOCK_KEY}::bigint) as got`.execute(tx);
  return rows[0]?.got === true;
}

export type ChainTail = Pick<AuditDbRow, 'audtId' | 'audtHash' | 'audtKeyId'>;

export function lastEvent(db: DbOrTx): Promise<ChainTail | undefined> {
  return db
    .selectFrom('audit_events')
    .select(['audtId', 'audtHash', 'audtKeyId'])
    .orderBy('audtId', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** One event's id and hash (a checkpoint's head). */
export function eventHashOf(
  db: DbOrTx,
  audtId: number,
): Promise<Pick<AuditDbRow, 'audtId' | 'audtHash'> | undefined> {
  return db
    .selectFrom('audit_events')
    .select(['audtId', 'audtHash'])
    .where('audtId', '=', audtId)
    .executeTakeFirst();
}

export async function insertEvent(db: DbOrTx, row: AuditDbRow): Promise<void> {
  await db.insertInto('audit_events').values(row).execute();
}

/** Rows already chained, in order; inserted in statements of a few hundred. */
export async function insertEvents(db: DbOrTx, rows: readonly AuditDbRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('audit_events')
      .values(rows.slice(i, i + 200))
      .execute();
}

// --- unsealed events (sealer.ts) ----------------------------------------------------------

export type PendingRow = Selectable<AuditPendingTable>;

/** One unsealed event, written in the caller's transaction without the chain's lock. */
export async function insertPending(db: DbOrTx, row: Insertable<AuditPendingTable>): Promise<void> {
  await db.insertInto('audit_pending').values(row).execute();
}

/** The oldest `size` unsealed events (after `afterId`), in the order they were recorded. */
export function pendingBatch(db: DbOrTx, size: number, afterId = 0): Promise<PendingRow[]> {
  return db
    .selectFrom('audit_pending')
    .selectAll()
    .where('pndgId', '>', afterId)
    .orderBy('pndgId')
    .limit(size)
    .execute();
}

export async function deletePending(db: DbOrTx, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500)
    await db
      .deleteFrom('audit_pending')
      .where('pndgId', 'in', ids.slice(i, i + 500))
      .execute();
}

export async function hasPending(db: DbOrTx): Promise<boolean> {
  return (
    (await db.selectFrom('audit_pending').select('pndgId').limit(1).executeTakeFirst()) !==
    undefined
  );
}

/** The events in a UTC range with the list query's filters (not ordered or paged); `throughId` caps a snapshot. */
export function filtered(
  db: DbOrTx,
  range: UtcRange,
  query: ListQuery,
  timeZone: string,
  throughId?: number,
): Filtered {
  let q = db.selectFrom('audit_events');
  if (range.start) q = q.where('audtAt', '>=', range.start);
  if (range.end) q = q.where('audtAt', '<', range.end);
  if (throughId !== undefined) q = q.where('audtId', '<=', throughId);
  return applyFilters(q, query, auditResource, { timeZone, tieBreaker: 'audtId' });
}

/** How a list query is counted and its page read, whole or in batches. */
export function listPlan(db: DbOrTx, range: UtcRange, query: ListQuery, timeZone: string) {
  const q = filtered(db, range, query, timeZone);
  return {
    count: () => countRows(q),
    /** The page's rows (`batch` null) or one batch of them. */
    read: (batch: PageBatch | null): Promise<AuditDbRow[]> =>
      applyOrderAndBatch(q.selectAll(), query, { timeZone, tieBreaker: 'audtId' }, batch).execute(),
  };
}

export async function listPage(
  db: DbOrTx,
  range: UtcRange,
  query: ListQuery,
  timeZone: string,
): Promise<{ total: number; page: AuditDbRow[] }> {
  const plan = listPlan(db, range, query, timeZone);
  const [total, page] = await Promise.all([plan.count(), plan.read(null)]);
  return { total, page };
}

export const countFiltered = (q: Filtered): Promise<number> => countRows(q);

export function findOne(db: DbOrTx, audtId: number): Promise<AuditDbRow | undefined> {
  return db.selectFrom('audit_events').selectAll().where('audtId', '=', audtId).executeTakeFirst();
}

/** The next export batch, newest first, below `beforeId` (keyset on the primary key). */
export function exportBatch(
  q: Filtered,
  beforeId: number | null,
  size: number,
): Promise<AuditDbRow[]> {
  const b = beforeId === null ? q : q.where('audtId', '<', beforeId);
  return b.selectAll().orderBy('audtId', 'desc').limit(size).execute();
}

/** The chain in order, `size` events after `afterId` (verification). */
export function chainBatch(db: DbOrTx, afterId: number, size: number): Promise<AuditDbRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('audtId', '>', afterId)
    .orderBy('audtId')
    .limit(size)
    .execute();
}

/** Details of every retention checkpoint still in the trail. */
export async function checkpointDetails(db: DbOrTx): Promise<string[]> {
  const rows = await db
    .selectFrom('audit_events')
    .select('audtDetails')
    .where('audtAction', '=', AUDIT_ACTIONS.auditPurged)
    .execute();
  return rows.map((r) => r.audtDetails);
}

// --- sign-in history -----------------------------------------------------------------

/** The id of the user's last successful sign-in event, if the trail still holds one. */
export async function lastSignInId(db: DbOrTx, userId: string): Promise<number | null> {
  const row = await db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('audtId').as('id'))
    .where('audtAction', '=', AUDIT_ACTIONS.loginSucceeded)
    .where('audtTargetType', '=', 'user')
    .where('audtTargetId', '=', userId)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

/**
 * Failed sign-ins tried under `signInKey` (the username trimmed and lower-cased, as the lockout
 * counts them) after event `afterId`, or when null, at or after `sinceIso`.
 */
export async function countFailedSignIns(
  db: DbOrTx,
  signInKey: string,
  after: { afterId: number } | { sinceIso: string },
): Promise<number> {
  let q = db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('audtAction', '=', AUDIT_ACTIONS.loginFailed)
    .where(sql<string>`lower(trim(${sql.ref('audtActorUsername')}))`, '=', signInKey);
  q =
    'afterId' in after
      ? q.where('audtId', '>', after.afterId)
      : q.where('audtAt', '>=', after.sinceIso);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

// --- retention ------------------------------------------------------------------------

/** The first event written at or after `cutoff`, if any. */
export async function firstIdFrom(
  tx: Transaction<Database>,
  cutoff: string,
): Promise<number | null> {
  const row = await tx
    .selectFrom('audit_events')
    .select((eb) => eb.fn.min('audtId').as('id'))
    .where('audtAt', '>=', cutoff)
    .executeTakeFirst();
  return row?.id === null || row?.id === undefined ? null : Number(row.id);
}

export function eventThrough(tx: Transaction<Database>, throughId: number) {
  return tx
    .selectFrom('audit_events')
    .select(['audtId', 'audtHash'])
    .where('audtId', '<=', throughId)
    .orderBy('audtId', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** SQLite's delete guard as migration 0016 made it; the purge puts it back so, whatever it found. */
const SQLITE_DELETE_GUARD = sql`
  create trigger audit_events_no_delete before delete on audit_events
  begin select raise(abort, 'audit_events is append-only: DELETE refused'); end`;

/**
 * Deletes the events up to `throughId` with the delete guard open for this transaction only:
 * PostgreSQL's guard lets a DELETE pass while the transaction-local setting `tagih.audit_purge`
 * is on; on SQLite the delete trigger is dropped and created again inside the transaction (DDL is
 * transactional there: no other connection ever sees the table unguarded).
 */
export async function deleteThrough(tx: Transaction<Database>, throughId: number): Promise<number> {
  const remove = async () =>
    Number(
      (await tx.deleteFrom('audit_events').where('audtId', '<=', throughId).executeTakeFirst())
        .numDeletedRows,
    );
  if (isPostgres(tx)) {
    await sql`select set_config('tagih.audit_purge', 'on', true)`.execute(tx);
    const deleted = await remove();
    await sql`select set_config('tagih.audit_purge', '', true)`.execute(tx);
    return deleted;
  }
  await sql`drop trigger if exists audit_events_no_delete`.execute(tx);
  const deleted = await remove();
  await SQLITE_DELETE_GUARD.execute(tx);
  return deleted;
}

// --- access review --------------------------------------------------------------------

/** Users after `afterUserId` (by id) with their login, last sign-in and sign-in lock. */
export function reviewUsers(db: DbOrTx, afterUserId: string | null, size: number) {
  let q = db
    .selectFrom('users')
    .leftJoin('user_logins', 'user_logins.usloUserId', 'users.userId')
    // The latest lock of the lower-cased username at any address (auth/lockout.ts).
    .leftJoin(latestSignInLocks(db), (join) =>
      join.on((eb) =>
        eb(
          sql<string>`lower(${sql.ref('user_logins.usloUserName')})`,
          '=',
          eb.ref('login_throttle.lothUsername'),
        ),
      ),
    )
    .select([
      'users.userId',
      'users.userStatus',
      'user_logins.usloUserName',
      'user_logins.usloLastLoginAt',
      'login_throttle.lothLockedUntil',
    ]);
  if (afterUserId !== null) q = q.where('users.userId', '>', afterUserId);
  return q.orderBy('users.userId').limit(size).execute();
}

export function reviewRoles(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_roles')
    .innerJoin('roles', 'roles.roleId', 'user_roles.usroRoleId')
    .select(['user_roles.usroUserId', 'roles.roleId', 'roles.roleName'])
    .where('user_roles.usroUserId', 'in', userIds)
    .orderBy('roles.roleName')
    .execute();
}

export function reviewCompanies(db: DbOrTx, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('user_companies')
    .innerJoin('companies', 'companies.compId', 'user_companies.uscoCompId')
    .select(['user_companies.uscoUserId', 'companies.compName'])
    .where('user_companies.uscoUserId', 'in', userIds)
    .orderBy('companies.compName')
    .execute();
}

export async function countUsers(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
