/**
 * Bulk actions: preview a selection, start a job (items, and bulk.started in
 * the audit trail, in one database transaction), list and read the user's jobs, cancel one. The
 * worker (worker.ts) then runs each item with the single action's own code.
 */
import {
  AUDIT_ACTIONS,
  BULK_SKIP_REASONS,
  BULK_TEXT,
  MESSAGES,
  bulkActionAllowed,
  type BulkJob,
  type BulkJobDetail,
  type BulkJobListQuery,
  type BulkJobStatus,
  type BulkPreview,
  type BulkPreviewRequest,
  type BulkSkipReason,
  type BulkSource,
  type BulkStartRequest,
  type TransactionAction,
} from '@tagih/contract';
import type { Transaction } from 'kysely';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { violationOf } from '../../db/violations.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { Conflict, Invalid, NotFound, TooManyRequests } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import { recordAudit } from '../audit/service.ts';
import * as repo from './repo.ts';
import { readableKinds, selectionOf } from './selection.ts';

/** How many jobs the list shows. */
export const JOB_LIST_LIMIT = 20;
/** An item skipped by a cancel. */
export const CANCELLED_MESSAGE = BULK_TEXT.jobStatus.cancelled;

/** The rate a group (bank or merchant) of this action is held to. */
export const perGroupPerMinute = (deps: AppDeps, action: TransactionAction): number =>
  action === 'inquiry' ? deps.config.bulk.bankPerMinute : deps.config.bulk.merchantPerMinute;

interface Plan {
  preview: BulkPreview;
  items: repo.PlannedItem[];
}

/** Resolves the selection and decides what a job would do now; inquiry from Notifications is a 400. */
async function plan(
  deps: AppDeps,
  db: DbOrTx,
  session: SessionContext,
  compId: number,
  request: BulkPreviewRequest,
): Promise<Plan> {
  if (!bulkActionAllowed(request.action, request.source))
    throw new Invalid(
      `${BULK_TEXT.action[request.action]} is not available from ${request.source}`,
      { action: 'not available from this screen' },
    );
  const selection = selectionOf(
    deps,
    compId,
    request.source,
    request.selection,
    readableKinds(session.access, request.source),
  );
  const { maxItems, repeatWindowMinutes } = deps.config.bulk;
  const window = {
    action: request.action,
    recentSince: iso(addMinutes(deps.clock.now(), -repeatWindowMinutes)),
  };
  // One after the other: inside start's transaction both run on its one connection.
  const counts = await repo.planCounts(db, compId, selection, window);
  const items = await repo.planItems(db, compId, selection, window, maxItems);
  const skipped: { reason: BulkSkipReason; count: number }[] = [
    { reason: BULK_SKIP_REASONS.notEligible, count: counts.notEligible },
    { reason: BULK_SKIP_REASONS.queued, count: counts.queued },
    { reason: BULK_SKIP_REASONS.recentlyDone, count: counts.recentlyDone },
    { reason: BULK_SKIP_REASONS.overLimit, count: Math.max(0, counts.open - items.length) },
  ];
  const byGroup = new Map<string, number>();
  for (const item of items) byGroup.set(item.groupName, (byGroup.get(item.groupName) ?? 0) + 1);
  const groups = [...byGroup]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
  const rate = perGroupPerMinute(deps, request.action);
  return {
    items,
    preview: {
      action: request.action,
      source: request.source,
      selected: counts.selected,
      eligible: items.length,
      skipped: skipped.filter((s) => s.count > 0),
      groups,
      perGroupPerMinute: rate,
      // Groups run side by side: the biggest one sets the time.
      estimatedSeconds: Math.ceil(((groups[0]?.count ?? 0) / rate) * 60),
      maxItems,
    },
  };
}

export async function preview(
  deps: AppDeps,
  session: SessionContext,
  compId: number,
  request: BulkPreviewRequest,
): Promise<BulkPreview> {
  return (await plan(deps, deps.db, session, compId, request)).preview;
}

function toJob(row: repo.JobRow, counts: { status: string; count: number }[]): BulkJob {
  const of = (status: string) =>
    counts.filter((c) => c.status === status).reduce((sum, c) => sum + c.count, 0);
  const tally = {
    pending: of('pending'),
    succeeded: of('succeeded'),
    failed: of('failed'),
    skipped: of('skipped'),
  };
  return {
    jobId: row.bulkId,
    action: row.bulkAction as BulkJob['action'],
    source: row.bulkSource as BulkSource,
    reason: row.bulkReason,
    status: row.bulkStatus as BulkJobStatus,
    createdBy: row.bulkCreatedUsername,
    createdAt: row.bulkCreatedTime,
    finishedAt: row.bulkFinishedTime,
    total: tally.pending + tally.succeeded + tally.failed + tally.skipped,
    counts: tally,
  };
}

async function jobOf(deps: AppDeps, row: repo.JobRow): Promise<BulkJob> {
  return toJob(row, await repo.itemCounts(deps.db, [row.bulkId]));
}

/** Refuses a new job while the user has BULK_JOBS_PER_USER running (in any company): 429. */
async function admitJob(deps: AppDeps, tx: Transaction<Database>, userId: string): Promise<void> {
  // PostgreSQL: two starts of one user queue here, so both cannot see the same count.
  await repo.queueStartsOf(tx, userId);
  const running = await repo.countRunning(tx, userId);
  if (running >= deps.config.bulk.jobsPerUser)
    throw new TooManyRequests(MESSAGES.bulkJobsPerUser(running), BULK_JOB_RETRY_SECONDS);
}

/** What a start refused for too many running jobs is told to wait. */
const BULK_JOB_RETRY_SECONDS = 30;

/** Attempts at a start that lost a race for an item to another job (then the plan is made again). */
const START_ATTEMPTS = 3;

/**
 * Starts a job: the items and bulk.started commit together or not at all. The same key from
 * the same user in the same company returns the job it made (also when two such requests race: the unique key
 * decides, the loser answers with the winner's job).
 */
export async function start(
  deps: AppDeps,
  session: SessionContext,
  audit: AuditContext,
  compId: number,
  request: BulkStartRequest,
): Promise<BulkJob> {
  const existing = await repo.findByKey(deps.db, session.userId, compId, request.idempotencyKey);
  if (existing) return jobOf(deps, existing);
  for (let attempt = 1; ; attempt++) {
    try {
      const jobId = await deps.db.transaction().execute(async (tx) => {
        // A start with the same key that committed meanwhile (SQLite runs one transaction at a time).
        const made = await repo.findByKey(tx, session.userId, compId, request.idempotencyKey);
        if (made) return made.bulkId;
        const { preview: p, items } = await plan(deps, tx, session, compId, request);
        if (items.length === 0) throw new Conflict(BULK_TEXT.nothingEligible);
        await admitJob(deps, tx, session.userId);
        const now = iso(deps.clock.now());
        const id = await repo.insertJob(tx, {
          bulkCompId: compId,
          bulkAction: request.action,
          bulkSource: request.source,
          bulkReason: request.reason,
          bulkStatus: 'running',
          bulkCreatedUserId: session.userId,
          bulkCreatedUsername: session.username,
          bulkCreatedTime: now,
          bulkFinishedTime: null,
          bulkIdempotencyKey: request.idempotencyKey,
        });
        await repo.insertItems(
          tx,
          items.map((item) => ({
            bjitJobId: id,
            bjitTrctId: item.trctId,
            bjitAction: request.action,
            bjitOrderId: item.orderId,
            bjitGroup: item.groupName.slice(0, 100),
            bjitStatus: 'pending',
            bjitMessage: null,
            bjitClaimedTime: null,
            bjitLeaseUntil: null,
            bjitFinishedTime: null,
          })),
        );
        await recordAudit(tx, deps.clock, audit, {
          action: AUDIT_ACTIONS.bulkStarted,
          target: { type: 'bulk_job', id },
          details: {
            action: request.action,
            source: request.source,
            reason: request.reason,
            selection:
              'ids' in request.selection
                ? { ids: request.selection.ids.length }
                : { query: request.selection.query },
            selected: p.selected,
            items: items.length,
            skipped: Object.fromEntries(p.skipped.map((s) => [s.reason, s.count])),
          },
        });
        return id;
      });
      return jobOf(
        deps,
        (await repo.findByKey(deps.db, session.userId, compId, request.idempotencyKey)) ??
          (await ownJob(deps, session, compId, jobId)),
      );
    } catch (error) {
      // A start with the same key won the race (its items were then queued already, or its key
      // was taken first): its job is the answer.
      const winner = await repo.findByKey(deps.db, session.userId, compId, request.idempotencyKey);
      if (winner) return jobOf(deps, winner);
      // Another job took an item first (PostgreSQL): plan again.
      if (violationOf(error)?.kind !== 'unique') throw error;
      if (attempt >= START_ATTEMPTS) throw new Conflict(BULK_TEXT.skip.queued);
    }
  }
}

export async function list(
  deps: AppDeps,
  session: SessionContext,
  compId: number,
  filter: BulkJobListQuery,
): Promise<BulkJob[]> {
  const rows = await repo.listOwn(deps.db, session.userId, compId, filter, JOB_LIST_LIMIT);
  const counts = await repo.itemCounts(
    deps.db,
    rows.map((r) => r.bulkId),
  );
  return rows.map((row) =>
    toJob(
      row,
      counts.filter((c) => c.jobId === row.bulkId),
    ),
  );
}

/** The user's own job in the active company; anything else is not found. */
export async function ownJob(
  deps: AppDeps,
  session: SessionContext,
  compId: number,
  jobId: number,
): Promise<repo.JobRow> {
  const row = await repo.findOwn(deps.db, session.userId, compId, jobId);
  if (!row) throw new NotFound(`Bulk job ${jobId} not found`);
  return row;
}

export async function detail(deps: AppDeps, row: repo.JobRow): Promise<BulkJobDetail> {
  const items = await repo.items(deps.db, row.bulkId);
  const job = toJob(
    row,
    items.map((i) => ({ status: i.bjitStatus, count: 1 })),
  );
  return {
    ...job,
    items: items.map((i) => ({
      itemId: i.bjitId,
      trctId: i.bjitTrctId,
      orderId: i.bjitOrderId,
      group: i.bjitGroup,
      status: i.bjitStatus as BulkJobDetail['items'][number]['status'],
      message: i.bjitMessage,
      finishedAt: i.bjitFinishedTime,
    })),
  };
}

/** What has not run yet is skipped ('Dibatalkan'); an item being run finishes. A job no longer running is returned as it is. */
export async function cancel(
  deps: AppDeps,
  audit: AuditContext,
  row: repo.JobRow,
): Promise<BulkJob> {
  const now = iso(deps.clock.now());
  await deps.db.transaction().execute(async (tx) => {
    if (!(await repo.cancelJob(tx, row.bulkId, now))) return;
    const unrun = await repo.skipPending(tx, row.bulkId, CANCELLED_MESSAGE, now);
    await recordAudit(tx, deps.clock, audit, {
      action: AUDIT_ACTIONS.bulkCancelled,
      target: { type: 'bulk_job', id: row.bulkId },
      details: { action: row.bulkAction, source: row.bulkSource, itemsUnrun: unrun },
    });
  });
  return jobOf(
    deps,
    (await repo.findOwn(deps.db, row.bulkCreatedUserId, row.bulkCompId, row.bulkId))!,
  );
}
