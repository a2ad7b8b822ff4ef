/**
 * Runs the items of running bulk jobs, with the single actions' own code (transactions/actions/
 * inquiry.ts, resend.ts): the per-transaction interval and lease, the audit event per item (its
 * details name the job), the rollup, the merchant callback are theirs; only the per-user budget is
 * not, a job being paced instead at BULK_BANK_PER_MINUTE per bank (inquiry) and
 * BULK_MERCHANT_PER_MINUTE per merchant (resend).
 *
 * The rate is a sliding window over the items' claim times in the database, so it holds across
 * jobs and across server processes; each item is claimed with a lease (repo.claimWithinRate), so
 * with two processes on one PostgreSQL an item is run once. An item's failure is its outcome
 * (the single action's error message): it never stops the job. A job with nothing pending is done.
 */
import type { BulkItemStatus } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { AppError } from '../../shared/errors.ts';
import { startPeriodicTask } from '../../shared/periodic-task.ts';
import type { ActionRunner } from '../transactions/actions/action-runner.ts';
import { inquire } from '../transactions/actions/inquiry.ts';
import { resend } from '../transactions/actions/resend.ts';
import { SERVER_KINDS } from '../transactions/kinds.ts';
import * as repo from './repo.ts';
import { perGroupPerMinute } from './service.ts';

/** How long a worker holds an item at most (the bank's and merchant's timeouts are far shorter). */
export const ITEM_LEASE_MS = 120_000;
const WINDOW_MS = 60_000;
/** The default tick (main.ts); tests pass their own. */
export const DEFAULT_BULK_TICK_MS = 250;
/** The outcome of an item whose action failed unexpectedly (the error itself goes to the log). */
const UNEXPECTED = 'Kesalahan server; lihat log';

/** The job's creator acts, from no address: the audit trail shows whose job ran the item. */
function runnerOf(item: repo.WorkItem): ActionRunner {
  const audit: AuditContext = {
    actorUserId: item.userId,
    actorUsername: item.username,
    compId: item.compId,
    ip: null,
    userAgent: `bulk job ${item.jobId}`,
  };
  return { audit, budgetUserId: null, bulkJobId: item.jobId };
}

/** Runs one item as the single action would; returns its outcome in the operator's words. */
async function runItem(
  deps: AppDeps,
  item: repo.WorkItem,
  onError: (error: unknown) => void,
): Promise<{ status: BulkItemStatus; message: string }> {
  const kind = SERVER_KINDS.find((k) => k.type === item.trctType);
  if (!kind) return { status: 'failed', message: `Unknown transaction kind ${item.trctType}` };
  try {
    const request = { kind, runner: runnerOf(item), compId: item.compId, trctId: item.trctId };
    const answer = await (item.action === 'inquiry' ? inquire : resend)(deps, request);
    return { status: 'succeeded', message: answer.message };
  } catch (error) {
    if (error instanceof AppError) return { status: 'failed', message: error.message };
    onError(error);
    return { status: 'failed', message: UNEXPECTED };
  }
}

/** Runs `tasks` with at most `limit` at once. */
async function pool<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

export interface BulkTickOptions {
  /** Asked before each claim: once true, nothing more is taken (shutdown). */
  stopping?: () => boolean;
  onError?: (error: unknown) => void;
}

/**
 * One tick: for each bank and merchant with items waiting, claims what its rate allows and runs
 * it; resolves when every item it took has its outcome. Returns how many items it ran.
 */
export async function runBulkTick(deps: AppDeps, options: BulkTickOptions = {}): Promise<number> {
  const stopping = options.stopping ?? (() => false);
  const onError =
    options.onError ??
    ((error: unknown) => {
      throw error;
    });
  const now = deps.clock.now();
  const claimed: number[] = [];
  for (const { action, group } of await repo.pendingGroups(deps.db)) {
    if (stopping()) break;
    claimed.push(
      ...(await repo.claimWithinRate(deps.db, action, group, {
        nowIso: iso(now),
        windowStartIso: iso(new Date(now.getTime() - WINDOW_MS + 1)),
        leaseUntilIso: iso(new Date(now.getTime() + ITEM_LEASE_MS)),
        perMinute: perGroupPerMinute(deps, action),
      })),
    );
  }
  const items = await repo.workItems(deps.db, claimed);
  await pool(items, deps.config.workerConcurrency, async (item) => {
    const outcome = await runItem(deps, item, onError);
    const done = iso(deps.clock.now());
    await repo.finishItem(deps.db, item.itemId, outcome.status, outcome.message, done);
    await repo.finishJobIfDone(deps.db, item.jobId, done);
  });
  return items.length;
}

export interface BulkWorker {
  /** Stops at once: nothing more is claimed; resolves when the items under way have their outcomes (or after the grace: their leases run out and a later worker takes them). */
  stop(): Promise<void>;
}

/** A tick that ran nothing (no job, or every window full) waits this many intervals before the next. */
const IDLE_INTERVALS = 4;

/** Runs a tick every intervalMs (a tick never overlaps the previous one; after an idle one, IDLE_INTERVALS) until stopped. */
export function startBulkWorker(
  deps: AppDeps,
  intervalMs: number,
  options: { onError: (error: unknown) => void; graceMs?: number },
): BulkWorker {
  return startPeriodicTask({
    run: (stopping) => runBulkTick(deps, { stopping, onError: options.onError }),
    firstDelayMs: intervalMs,
    // A failed tick waits as an idle one does.
    nextDelayMs: (ran) => (ran !== undefined && ran > 0 ? intervalMs : intervalMs * IDLE_INTERVALS),
    onError: options.onError,
    graceMs: options.graceMs ?? deps.config.shutdownGraceSeconds * 1000,
  });
}
