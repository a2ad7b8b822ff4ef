/**
 * Throttles of the actions that call out to a bank or a merchant (inquiry, resend), kept in the
 * database so they hold across server processes (throttle-repo.ts):
 *  - per user and action: at most ACTION_RATE_LIMIT_PER_MINUTE a minute (fixed window);
 *  - per transaction and action: at most one start per ACTION_MIN_INTERVAL_SECONDS and, with a
 *    lease, one at a time (the lease ends when the action does, or on its own after `leaseMs`).
 * A refused request answers 429 with Retry-After before anything is sent, and uses up nothing.
 */
import { MESSAGES, type TransactionAction } from '@tagih/contract';
import { addMinutes, iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { TooManyRequests } from '../../../shared/errors.ts';
import * as repo from './throttle-repo.ts';

const WINDOW_MS = 60_000;

export interface Admission {
  /** Ends the transaction's lease (no-op without one). */
  release(): Promise<void>;
}

const noLease: Admission = { release: async () => {} };

/**
 * Admits `userId`'s `action` on transaction `trctId`, or throws TooManyRequests. `userId` null:
 * no per-user budget (a bulk job's item, paced by its job's per-bank / per-merchant rate); the
 * per-transaction interval and lease hold all the same.
 */
export async function admitAction(
  deps: AppDeps,
  action: TransactionAction,
  userId: string | null,
  trctId: number,
  leaseMs: number | null,
): Promise<Admission> {
  const now = deps.clock.now();
  const nowMs = now.getTime();
  const nowIso = iso(now);
  // Keys are named by the action (contract TRANSACTION_ACTIONS). Their rows matter for a minute
  // or a lease and are purged after a day, so renaming an action only restarts its counts once.
  const userKey = userId === null ? null : `${action}:user:${userId}`;
  const trxKey = `${action}:trx:${trctId}`;
  const intervalMs = deps.config.actionMinIntervalSeconds * 1000;
  const leaseUntil = leaseMs ? iso(new Date(nowMs + leaseMs)) : null;

  // One transaction: a refusal by either check rolls both counts back.
  await deps.db.transaction().execute(async (tx) => {
    if (userKey) {
      const window = await repo.countInWindow(
        tx,
        userKey,
        nowIso,
        iso(new Date(nowMs - WINDOW_MS)),
      );
      if (window.count > deps.config.actionRateLimitPerMinute) {
        throw new TooManyRequests(
          MESSAGES.actionRateLimited,
          (Date.parse(window.windowStart) + WINDOW_MS - nowMs) / 1000,
        );
      }
    }
    if (await repo.claimSlot(tx, trxKey, nowIso, iso(new Date(nowMs - intervalMs)), leaseUntil))
      return;
    const slot = await repo.findSlot(tx, trxKey);
    const intervalLeft = slot ? Date.parse(slot.acthWindowStart) + intervalMs - nowMs : 0;
    const leaseLeft = slot?.acthLeaseUntil ? Date.parse(slot.acthLeaseUntil) - nowMs : 0;
    if (leaseLeft > 0) {
      // Busy: try again once the interval is over (the action usually ends well before its lease).
      throw new TooManyRequests(
        MESSAGES.actionInProgress,
        Math.min(leaseLeft, Math.max(intervalLeft, 1000)) / 1000,
      );
    }
    throw new TooManyRequests(MESSAGES.actionTooSoon, intervalLeft / 1000);
  });
  return leaseUntil ? { release: () => repo.releaseSlot(deps.db, trxKey, nowIso) } : noLease;
}

/** A lease held on a key (takeLease). */
export interface Lease {
  /** Extends the lease to `leaseMs` from now. */
  renew(): Promise<void>;
  /** Ends the lease. */
  release(): Promise<void>;
}

/**
 * Takes the lease on `key` for `leaseMs` when nobody holds it (across server processes), or
 * null. It ends on release(), or on its own once `leaseMs` pass without a renew().
 */
export async function takeLease(
  deps: AppDeps,
  key: string,
  leaseMs: number,
): Promise<Lease | null> {
  const started = deps.clock.now();
  const startedIso = iso(started);
  const until = (from: Date) => iso(new Date(from.getTime() + leaseMs));
  if (!(await repo.claimSlot(deps.db, key, startedIso, startedIso, until(started)))) return null;
  return {
    renew: () => repo.renewSlot(deps.db, key, startedIso, until(deps.clock.now())),
    release: () => repo.releaseSlot(deps.db, key, startedIso),
  };
}

/** Housekeeping: forgets throttle rows that ended over a day ago. */
export async function purgeStaleThrottles(deps: AppDeps): Promise<number> {
  return repo.deleteStale(deps.db, iso(addMinutes(deps.clock.now(), -24 * 60)));
}
