/**
 * Sends one notification to its merchant: signed POST, one history row per attempt, the
 * notification's state and retry schedule updated, the lease released. One send in flight
 * per notification: callers take the lease first (claimLease).
 */
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { callbackBody, redactSignature, SIGNATURE_HEADER, signCallback } from './callback.ts';
import * as store from './notification-store.ts';
import { postJson } from './outbound-http.ts';

/** Minutes after the 1st, 2nd, ... failed attempt; after the last, give up (spec: like the big gateways). */
export const RETRY_SCHEDULE_MINUTES = [1, 5, 15, 60, 360, 1440] as const;
export const DEFAULT_MERCHANT_TIMEOUT_MS = 10_000;
export const DEFAULT_LEASE_MS = 60_000;

export interface DeliveryResult {
  notiId: number;
  delivered: boolean;
  notiStatus: number;
  /** What happened, for the operator: "Merchant answered HTTP 200" / the error. */
  message: string;
}

/** When to try again after `attempts` attempts in all, or null to give up. */
export function nextAttemptAfter(now: Date, attempts: number): string | null {
  const minutes = RETRY_SCHEDULE_MINUTES[attempts - 1];
  return minutes === undefined ? null : iso(addMinutes(now, minutes));
}

export const leaseUntil = (deps: AppDeps, now: Date): string => iso(new Date(now.getTime() + (deps.merchant?.leaseMs ?? DEFAULT_LEASE_MS)));

/** Delivers a notification whose lease the caller holds. Never throws for merchant trouble. */
export async function deliver(deps: AppDeps, notiId: number): Promise<DeliveryResult> {
  try {
    const row = await store.loadForDelivery(deps.db, notiId);
    if (!row) throw new Error(`Notification ${notiId} not found`);
    const rawBody = JSON.stringify(callbackBody(row, deps.config.businessTz));
    const signature = signCallback(row.clntSecret, rawBody, Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', 'user-agent': 'Tagih-Webhook/1.0', [SIGNATURE_HEADER]: signature };
    const url = row.clntCallbackUrl ?? '';
    const outcome = url
      ? await postJson(url, headers, rawBody, { timeoutMs: deps.merchant?.timeoutMs ?? DEFAULT_MERCHANT_TIMEOUT_MS, allowedHosts: deps.config.merchantAllowedHosts })
      : { status: null, body: '', truncated: false, latencyMs: 0, error: 'The client has no callback URL' };

    const now = deps.clock.now();
    const delivered = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
    const attempts = row.notiAttempts + 1;
    const wasDelivered = row.notiStatus === 2;
    const notiStatus = delivered || wasDelivered ? 2 : 1;
    const request = { url, method: 'POST', headers: { ...headers, [SIGNATURE_HEADER]: redactSignature(signature) }, body: JSON.parse(rawBody) as unknown };
    const response = outcome.error
      ? { error: outcome.error, latencyMs: outcome.latencyMs }
      : { status: outcome.status, latencyMs: outcome.latencyMs, body: outcome.body, ...(outcome.truncated ? { truncated: true } : {}) };
    await store.recordAttempt(deps.db, {
      notiId,
      request: JSON.stringify(request),
      response: JSON.stringify(response),
      nowIso: iso(now),
      notiStatus,
      notiAttempts: attempts,
      notiNextAttemptAt: notiStatus === 2 ? null : nextAttemptAfter(now, attempts),
    });
    const message = outcome.error ? `Merchant not reached: ${outcome.error}` : `Merchant answered HTTP ${outcome.status}`;
    return { notiId, delivered, notiStatus, message };
  } catch (error) {
    await store.releaseLease(deps.db, notiId);
    throw error;
  }
}

/** Takes the lease and delivers; null when another sender holds it right now. */
export async function sendIfFree(deps: AppDeps, notiId: number, dueOnly = false): Promise<DeliveryResult | null> {
  const now = deps.clock.now();
  if (!(await store.claimLease(deps.db, notiId, iso(now), leaseUntil(deps, now), dueOnly))) return null;
  return deliver(deps, notiId);
}
