/** SQL of bulk actions: the plan of a selection, jobs and their items, and the worker's claims. */
import {
  TRANSACTION_STATUSES,
  actionAllowed,
  type BulkItemStatus,
  type TransactionAction,
  type BulkJobListQuery,
  type BulkJobStatus,
} from '@tagih/contract';
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import { isPostgres, type Database, type DbOrTx, type NewRow } from '../../db/tables.ts';

/** A subquery with one column, `trctId`: the transactions a selection names. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- selections come from several derived tables
export type Selection = SelectQueryBuilder<any, any, { trctId: number }>;

/** The statuses an action applies to (the single actions' own rule, actionAllowed). */
export const eligibleStatuses = (action: TransactionAction): string[] =>
  TRANSACTION_STATUSES.filter((status) => actionAllowed(action, status));

/** Where an item goes, as the single actions find it: the bank (transactions/actions/inquiry-attempts.ts bankOf) or the merchant (the client the callback goes to). */
const groupOf = (action: TransactionAction) =>
  action === 'inquiry'
    ? sql<string>`coalesce(${sql.ref('t.trctBank')}, ${sql.ref('t.trctQrBank')}, '')`
    : sql<string>`coalesce(${sql.ref('c.clntName')}, '')`;

export interface PlanWindow {
  action: TransactionAction;
  /** Items of the same action finished at or after this are "recently done". */
  recentSince: string;
}

/**
 * A bulk_job_items row of the same transaction and action that is waiting (queued: a running
 * job holds it) or was handled recently (by a job of the same action).
 */
function itemExists(db: DbOrTx, w: PlanWindow, which: 'queued' | 'recent') {
  let q = db
    .selectFrom('bulk_job_items as i')
    .select('i.bjitId')
    .where('i.bjitTrctId', '=', sql.ref<number>('t.trctId'))
    .where('i.bjitAction', '=', w.action);
  q =
    which === 'queued'
      ? q.where('i.bjitStatus', '=', 'pending')
      : q
          .where('i.bjitStatus', 'in', ['succeeded', 'failed'])
          .where('i.bjitFinishedTime', '>=', w.recentSince);
  return q;
}

/** No transaction at all (a selection from a screen whose kinds the user may not read). */
export function noTransactions(db: DbOrTx): Selection {
  return db
    .selectFrom('transactions')
    .select('trctId')
    .where(sql<boolean>`1 = 0`);
}

/** The transactions of the company and kind among `ids`. */
export function transactionsOfIds(
  db: DbOrTx,
  compId: number,
  type: string,
  ids: readonly number[],
): Selection {
  return db
    .selectFrom('transactions')
    .select('trctId')
    .where('trctCompId', '=', compId)
    .where('trctType', '=', type)
    .where('trctId', 'in', [...ids]);
}

/** The transactions of the given kinds behind the company's notifications among `notiIds`. */
export function transactionsOfNotifications(
  db: DbOrTx,
  compId: number,
  notiIds: readonly number[],
  types: readonly string[],
): Selection {
  return db
    .selectFrom('notifications as n')
    .innerJoin('transactions as t', 't.trctId', 'n.notiTrctId')
    .select('n.notiTrctId as trctId')
    .where('n.notiCompId', '=', compId)
    .where('n.notiId', 'in', [...notiIds])
    .where('t.trctType', 'in', [...types]);
}

/** The selected transactions of the company, once each. */
function selected(db: DbOrTx, compId: number, selection: Selection) {
  return db
    .selectFrom('transactions as t')
    .leftJoin('clients as c', 'c.clntid', 't.trctClntId')
    .where('t.trctCompId', '=', compId)
    .where('t.trctId', 'in', selection);
}

export interface PlanCounts {
  selected: number;
  notEligible: number;
  queued: number;
  recentlyDone: number;
  /** Eligible, not queued, not recently done (before the item limit). */
  open: number;
}

/**
 * How many of the selection fall under each heading: whether the action applies, whether a
 * running job already holds it (a pending item of the same action), whether a job of the same
 * action handled it recently. Summed in SQL: a selection may be large.
 */
export async function planCounts(
  db: DbOrTx,
  compId: number,
  selection: Selection,
  w: PlanWindow,
): Promise<PlanCounts> {
  // The held transactions as two uncorrelated sets, each read once (both databases hash or index
  // them): a per-row subquery over a big selection makes PostgreSQL's cost estimate, and so its
  // JIT compilation, take seconds.
  const held = (which: 'queued' | 'recent') => {
    const q = db
      .selectFrom('bulk_job_items')
      .select('bjitTrctId')
      .where('bjitAction', '=', w.action);
    return which === 'queued'
      ? q.where('bjitStatus', '=', 'pending')
      : q
          .where('bjitStatus', 'in', ['succeeded', 'failed'])
          .where('bjitFinishedTime', '>=', w.recentSince);
  };
  const eligible = sql`${sql.ref('t.trctStatus')} in (${sql.join(eligibleStatuses(w.action))})`;
  const queued = sql`${sql.ref('t.trctId')} in (${held('queued')})`;
  const recent = sql`${sql.ref('t.trctId')} in (${held('recent')})`;
  const sum = (condition: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`;
  const row = await selected(db, compId, selection)
    .select([
      sql<number>`count(*)`.as('selected'),
      sum(sql`not (${eligible})`).as('notEligible'),
      sum(sql`${eligible} and ${queued}`).as('queued'),
      sum(sql`${eligible} and not (${queued}) and ${recent}`).as('recentlyDone'),
      sum(sql`${eligible} and not (${queued}) and not (${recent})`).as('open'),
    ])
    .executeTakeFirstOrThrow();
  return {
    selected: Number(row.selected),
    notEligible: Number(row.notEligible),
    queued: Number(row.queued),
    recentlyDone: Number(row.recentlyDone),
    open: Number(row.open),
  };
}

export interface PlannedItem {
  trctId: number;
  orderId: string;
  groupName: string;
}

/**
 * The items a job would take: eligible, not queued, not recently done; oldest transaction first,
 * at most `limit`. Plain predicates (not the counts' flags): the planners estimate them well.
 */
export async function planItems(
  db: DbOrTx,
  compId: number,
  selection: Selection,
  w: PlanWindow,
  limit: number,
): Promise<PlannedItem[]> {
  const rows = await selected(db, compId, selection)
    .select(['t.trctId as trctId', 't.trctOrderId as orderId', groupOf(w.action).as('groupName')])
    .where('t.trctStatus', 'in', eligibleStatuses(w.action))
    .where((eb) => eb.not(eb.exists(itemExists(db, w, 'queued'))))
    .where((eb) => eb.not(eb.exists(itemExists(db, w, 'recent'))))
    .orderBy('t.trctId')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    trctId: Number(r.trctId),
    orderId: String(r.orderId),
    groupName: String(r.groupName),
  }));
}

export async function insertJob(
  tx: Transaction<Database>,
  job: NewRow<'bulk_jobs'>,
): Promise<number> {
  const row = await tx
    .insertInto('bulk_jobs')
    .values(job)
    .returning('bulkId')
    .executeTakeFirstOrThrow();
  return row.bulkId;
}

/** Chunks keep every dialect under its bound-parameter limit. */
const INSERT_CHUNK = 500;

export async function insertItems(
  tx: Transaction<Database>,
  items: NewRow<'bulk_job_items'>[],
): Promise<void> {
  for (let i = 0; i < items.length; i += INSERT_CHUNK)
    await tx
      .insertInto('bulk_job_items')
      .values(items.slice(i, i + INSERT_CHUNK))
      .execute();
}

const JOB_COLUMNS = [
  'bulkId',
  'bulkCompId',
  'bulkAction',
  'bulkSource',
  'bulkReason',
  'bulkStatus',
  'bulkCreatedUserId',
  'bulkCreatedUsername',
  'bulkCreatedTime',
  'bulkFinishedTime',
] as const;

/** The job the user started with this key in this company (keys are the user's own in each company). */
export function findByKey(db: DbOrTx, userId: string, compId: number, idempotencyKey: string) {
  return db
    .selectFrom('bulk_jobs')
    .select(JOB_COLUMNS)
    .where('bulkCreatedUserId', '=', userId)
    .where('bulkCompId', '=', compId)
    .where('bulkIdempotencyKey', '=', idempotencyKey)
    .executeTakeFirst();
}

/** PostgreSQL: the user's job starts wait for each other until the transaction ends (SQLite has one writer). */
export async function queueStartsOf(tx: Transaction<Database>, userId: string): Promise<void> {
  if (isPostgres(tx))
    await sql`select pg_advisory_xact_lock(hashtext(${`bulk-start:${userId}`}))`.execute(tx);
}

/** How many of the user's jobs are running, in every company. */
export async function countRunning(db: DbOrTx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('bulk_jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('bulkCreatedUserId', '=', userId)
    .where('bulkStatus', '=', 'running' satisfies BulkJobStatus)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One job of the user in the company (another user's or company's is not found). */
export function findOwn(db: DbOrTx, userId: string, compId: number, jobId: number) {
  return db
    .selectFrom('bulk_jobs')
    .select(JOB_COLUMNS)
    .where('bulkId', '=', jobId)
    .where('bulkCreatedUserId', '=', userId)
    .where('bulkCompId', '=', compId)
    .executeTakeFirst();
}

export type JobRow = NonNullable<Awaited<ReturnType<typeof findOwn>>>;

/** The user's jobs in the company, newest first. */
export function listOwn(
  db: DbOrTx,
  userId: string,
  compId: number,
  { status, source }: BulkJobListQuery,
  limit: number,
): Promise<JobRow[]> {
  let q = db
    .selectFrom('bulk_jobs')
    .select(JOB_COLUMNS)
    .where('bulkCreatedUserId', '=', userId)
    .where('bulkCompId', '=', compId);
  if (status) q = q.where('bulkStatus', '=', status);
  if (source) q = q.where('bulkSource', '=', source);
  return q.orderBy('bulkId', 'desc').limit(limit).execute();
}

/** Items per status of each job. */
export async function itemCounts(
  db: DbOrTx,
  jobIds: number[],
): Promise<{ jobId: number; status: string; count: number }[]> {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('bulk_job_items')
    .select(['bjitJobId', 'bjitStatus', sql<number>`count(*)`.as('count')])
    .where('bjitJobId', 'in', jobIds)
    .groupBy(['bjitJobId', 'bjitStatus'])
    .execute();
  return rows.map((r) => ({ jobId: r.bjitJobId, status: r.bjitStatus, count: Number(r.count) }));
}

export function items(db: DbOrTx, jobId: number) {
  return db
    .selectFrom('bulk_job_items')
    .select([
      'bjitId',
      'bjitTrctId',
      'bjitOrderId',
      'bjitGroup',
      'bjitStatus',
      'bjitMessage',
      'bjitFinishedTime',
    ])
    .where('bjitJobId', '=', jobId)
    .orderBy('bjitId')
    .execute();
}

/** Running -> cancelled; false when it was no longer running. */
export async function cancelJob(
  tx: Transaction<Database>,
  jobId: number,
  nowIso: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('bulk_jobs')
    .set({ bulkStatus: 'cancelled', bulkFinishedTime: nowIso })
    .where('bulkId', '=', jobId)
    .where('bulkStatus', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The job's pending items that no worker holds now become skipped; returns how many. Held ones finish as they run. */
export async function skipPending(
  tx: Transaction<Database>,
  jobId: number,
  message: string,
  nowIso: string,
): Promise<number> {
  const result = await tx
    .updateTable('bulk_job_items')
    .set({
      bjitStatus: 'skipped' satisfies BulkItemStatus,
      bjitMessage: message,
      bjitFinishedTime: nowIso,
      bjitLeaseUntil: null,
    })
    .where('bjitJobId', '=', jobId)
    .where('bjitStatus', '=', 'pending')
    .where((eb) => eb.or([eb('bjitLeaseUntil', 'is', null), eb('bjitLeaseUntil', '<', nowIso)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ---- the worker ----

/**
 * The banks (inquiry) and merchants (resend) with items waiting: one step along the partial
 * index on pending items per group (a "loose index scan"), so a long backlog of few groups costs
 * a few index probes, not a scan of every waiting item, several times a second.
 */
export async function pendingGroups(
  db: Kysely<Database>,
): Promise<{ action: TransactionAction; group: string }[]> {
  const groups: { action: TransactionAction; group: string }[] = [];
  for (;;) {
    const last = groups.at(-1);
    let q = db
      .selectFrom('bulk_job_items')
      .select(['bjitAction', 'bjitGroup'])
      .where('bjitStatus', '=', 'pending');
    if (last) {
      q = q.where((eb) =>
        eb.or([
          eb('bjitAction', '>', last.action),
          eb.and([eb('bjitAction', '=', last.action), eb('bjitGroup', '>', last.group)]),
        ]),
      );
    }
    const next = await q.orderBy('bjitAction').orderBy('bjitGroup').limit(1).executeTakeFirst();
    if (!next) return groups;
    groups.push({ action: next.bjitAction as TransactionAction, group: next.bjitGroup });
  }
}

export interface ClaimWindow {
  nowIso: string;
  /** Claims at or after this count against the group's rate. */
  windowStartIso: string;
  leaseUntilIso: string;
  perMinute: number;
}

/**
 * Takes the group's oldest waiting items (of running jobs, held by nobody) as far as its rate
 * leaves room: counted over every job and every server process (the claims are in the
 * database), under a lock per group on PostgreSQL (SQLite has one writer), so two processes
 * cannot both take the last slot. An item is taken once: only while pending and not held.
 * Returns the ids taken.
 */
export async function claimWithinRate(
  db: Kysely<Database>,
  action: string,
  group: string,
  w: ClaimWindow,
): Promise<number[]> {
  const used = async (q: DbOrTx) =>
    Number(
      (
        await q
          .selectFrom('bulk_job_items')
          .select(sql<number>`count(*)`.as('n'))
          .where('bjitAction', '=', action)
          .where('bjitGroup', '=', group)
          .where('bjitClaimedTime', '>=', w.windowStartIso)
          .executeTakeFirstOrThrow()
      ).n,
    );
  // A full window is seen without a write transaction (the worker asks several times a second).
  const room = w.perMinute - (await used(db));
  if (room <= 0) return [];
  const free = (q: DbOrTx, limit: number) =>
    q
      .selectFrom('bulk_job_items as i')
      .innerJoin('bulk_jobs as j', 'j.bulkId', 'i.bjitJobId')
      .select('i.bjitId')
      .where('i.bjitStatus', '=', 'pending')
      .where('i.bjitAction', '=', action)
      .where('i.bjitGroup', '=', group)
      .where('j.bulkStatus', '=', 'running')
      .where((eb) =>
        eb.or([eb('i.bjitLeaseUntil', 'is', null), eb('i.bjitLeaseUntil', '<', w.nowIso)]),
      )
      .orderBy('i.bjitId')
      .limit(limit)
      .execute();
  if ((await free(db, 1)).length === 0) return [];
  return db.transaction().execute(async (tx) => {
    if (isPostgres(tx))
      await sql`select pg_advisory_xact_lock(hashtext(${`bulk:${action}:${group}`}))`.execute(tx);
    let left = w.perMinute - (await used(tx));
    const claimed: number[] = [];
    for (const { bjitId } of left > 0 ? await free(tx, left) : []) {
      if (left <= 0) break;
      const result = await tx
        .updateTable('bulk_job_items')
        .set({ bjitClaimedTime: w.nowIso, bjitLeaseUntil: w.leaseUntilIso })
        .where('bjitId', '=', bjitId)
        .where('bjitStatus', '=', 'pending')
        .where((eb) =>
          eb.or([eb('bjitLeaseUntil', 'is', null), eb('bjitLeaseUntil', '<', w.nowIso)]),
        )
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        claimed.push(bjitId);
        left -= 1;
      }
    }
    return claimed;
  });
}

export interface WorkItem {
  itemId: number;
  jobId: number;
  trctId: number;
  action: TransactionAction;
  compId: number;
  trctType: string;
  userId: string;
  username: string;
}

/** What running the claimed items needs: their job's company and creator, their transaction's kind. */
export async function workItems(db: Kysely<Database>, itemIds: number[]): Promise<WorkItem[]> {
  if (itemIds.length === 0) return [];
  const rows = await db
    .selectFrom('bulk_job_items as i')
    .innerJoin('bulk_jobs as j', 'j.bulkId', 'i.bjitJobId')
    .innerJoin('transactions as t', 't.trctId', 'i.bjitTrctId')
    .select([
      'i.bjitId as itemId',
      'i.bjitJobId as jobId',
      'i.bjitTrctId as trctId',
      'i.bjitAction as action',
      'j.bulkCompId as compId',
      't.trctType as trctType',
      'j.bulkCreatedUserId as userId',
      'j.bulkCreatedUsername as username',
    ])
    .where('i.bjitId', 'in', itemIds)
    .orderBy('i.bjitId')
    .execute();
  return rows.map((r) => ({ ...r, action: r.action as TransactionAction }));
}

/** Records an item's outcome and lets it go. */
export async function finishItem(
  db: DbOrTx,
  itemId: number,
  status: BulkItemStatus,
  message: string,
  nowIso: string,
): Promise<void> {
  await db
    .updateTable('bulk_job_items')
    .set({
      bjitStatus: status,
      bjitMessage: message,
      bjitFinishedTime: nowIso,
      bjitLeaseUntil: null,
    })
    .where('bjitId', '=', itemId)
    .where('bjitStatus', '=', 'pending')
    .execute();
}

/** Running -> done once no item is pending. */
export async function finishJobIfDone(db: DbOrTx, jobId: number, nowIso: string): Promise<void> {
  await db
    .updateTable('bulk_jobs')
    .set({ bulkStatus: 'done' satisfies BulkJobStatus, bulkFinishedTime: nowIso })
    .where('bulkId', '=', jobId)
    .where('bulkStatus', '=', 'running')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('bulk_job_items')
            .select('bjitId')
            .where('bjitJobId', '=', jobId)
            .where('bjitStatus', '=', 'pending'),
        ),
      ),
    )
    .execute();
}
