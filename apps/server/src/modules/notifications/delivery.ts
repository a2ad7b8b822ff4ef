/**
 * Delivers one notification to its merchant: one history row per attempt, the notification's
 * state and retry schedule updated, the lease released. One send in flight per notification:
 * callers take the lease first (sendIfFree does).
 */
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { DEFAULT_MERCHANT_TIMEOUT_MS, sendCallback } from '../../integrations/merchant/sender.ts';
import * as repo from './delivery-repo.ts';

/** Minutes after the 1st, 2nd, ... failed attempt; after the last, give up (spec: like the big gateways). */
export const RETRY_SCHEDULE_MINUTES = [1, 5, 15, 60, 360, 1440] as const;
export const DEFAULT_LEASE_MS = 60_000;

export interface DeliveryResult {
  notiId: number;
  delivered: boolean;
  notiStatus: number;
  /** What happened, for the operator: "Merchant answered HTTP 200" / the error. */
  message: string;
}

/** When to try again after `attempts` attempts in all, or null to give up. */
function nextAttemptAfter(now: Date, attempts: number): string | null {
  const minutes = RETRY_SCHEDULE_MINUTES[attempts - 1];
  return minutes === undefined ? null : iso(addMinutes(now, minutes));
}

const leaseUntil = (deps: AppDeps, now: Date): string => iso(new Date(now.getTime() + (deps.merchant?.leaseMs ?? DEFAULT_LEASE_MS)));

/** Delivers a notification whose lease the caller holds. Never throws for merchant trouble. */
async function deliver(deps: AppDeps, notiId: number): Promise<DeliveryResult> {
  try {
    const row = await repo.loadForDelivery(deps.db, notiId);
    if (!row) throw new Error(`Notification ${notiId} not found`);
    const attempt = await sendCallback(row, {
      timeZone: deps.config.businessTz,
      timeoutMs: deps.merchant?.timeoutMs ?? DEFAULT_MERCHANT_TIMEOUT_MS,
      allowedHosts: deps.config.merchantAllowedHosts,
    });
    const now = deps.clock.now();
    const attempts = row.notiAttempts + 1;
    const wasDelivered = row.notiStatus === 2;
    const notiStatus = attempt.delivered || wasDelivered ? 2 : 1;
    await repo.recordAttempt(deps.db, {
      notiId,
      request: attempt.request,
      response: attempt.response,
      nowIso: iso(now),
      notiStatus,
      notiAttempts: attempts,
      notiNextAttemptAt: notiStatus === 2 ? null : nextAttemptAfter(now, attempts),
    });
    return { notiId, delivered: attempt.delivered, notiStatus, message: attempt.message };
  } catch (error) {
    await repo.releaseLease(deps.db, notiId);
    throw error;
  }
}

/** Takes the lease and delivers; null when another sender holds it right now. */
export async function sendIfFree(deps: AppDeps, notiId: number, dueOnly = false): Promise<DeliveryResult | null> {
  const now = deps.clock.now();
  if (!(await repo.claimLease(deps.db, notiId, iso(now), leaseUntil(deps, now), dueOnly))) return null;
  return deliver(deps, notiId);
}
