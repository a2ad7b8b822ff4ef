/**
 * Delivers one notification to its merchant: one history row per attempt, the notification's
 * state and retry schedule updated, the lease released. One send in flight per notification:
 * callers take the lease first (sendIfFree does).
 */
import { NOTI_STATUS, readDeliveryResponse } from '@tagih/contract';
import type { Transaction } from 'kysely';
import { addMinutes, iso } from '../../clock.ts';
import type { Database } from '../../db/tables.ts';
import type { AppDeps } from '../../deps.ts';
import {
  DEFAULT_MERCHANT_TIMEOUT_MS,
  sendCallback,
  type CallbackAttempt,
} from '../../integrations/merchant/sender.ts';
import { openClientSecret } from '../../security/client-secrets.ts';
import { SecretBoxError } from '../../security/secret-box.ts';
import { announce } from '../live/announce.ts';
import * as repo from './delivery-repo.ts';

/** Minutes after the 1st, 2nd, ... failed attempt; after the last, give up (spec: like the big gateways). */
export const RETRY_SCHEDULE_MINUTES = [1, 5, 15, 60, 360, 1440] as const;
export const DEFAULT_LEASE_MS = 60_000;

export interface DeliveryResult {
  notiId: number;
  delivered: boolean;
  notiStatus: number;
  /** What happened, for the operator: "Merchant menjawab HTTP 200" / the error. */
  message: string;
  /** The merchant's HTTP status; null when it was not reached. */
  httpStatus: number | null;
}

/** Runs last in the transaction that records an attempt (e.g. to write its audit event with it). */
export type AttemptRecorded = (
  tx: Transaction<Database>,
  result: DeliveryResult,
) => Promise<unknown>;

export interface SendOptions {
  /** The retry worker's conditions: pending and due. */
  dueOnly?: boolean;
  onRecorded?: AttemptRecorded;
}

/** When to try again after `attempts` attempts in all, or null to give up. */
function nextAttemptAfter(now: Date, attempts: number): string | null {
  const minutes = RETRY_SCHEDULE_MINUTES[attempts - 1];
  return minutes === undefined ? null : iso(addMinutes(now, minutes));
}

const leaseUntil = (deps: AppDeps, now: Date): string =>
  iso(new Date(now.getTime() + (deps.merchant?.leaseMs ?? DEFAULT_LEASE_MS)));

/**
 * The client's signing secret, or — when the stored one does not open (no or wrong data key) —
 * the failed attempt to record: nothing is sent unsigned, the operator reads why in the history,
 * and the retries go on once the key is right.
 */
function openSecret(deps: AppDeps, stored: string): string | CallbackAttempt {
  try {
    return openClientSecret(deps.secretBox, stored);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    const message = `Not sent: the client secret cannot be decrypted (${error.message}); check DATA_KEY and DATA_KEY_PREVIOUS`;
    return {
      delivered: false,
      request: JSON.stringify({ notSent: true }),
      response: JSON.stringify({ error: message, latencyMs: 0 }),
      message,
    };
  }
}

/** Delivers a notification whose lease the caller holds. Never throws for merchant trouble. */
async function deliver(
  deps: AppDeps,
  notiId: number,
  onRecorded?: AttemptRecorded,
): Promise<DeliveryResult> {
  try {
    const row = await repo.loadForDelivery(deps.db, notiId);
    if (!row) throw new Error(`Notification ${notiId} not found`);
    const secret = openSecret(deps, row.clntSecret);
    const attempt =
      typeof secret === 'string'
        ? await sendCallback(
            { ...row, clntSecret: secret },
            {
              timeZone: deps.config.businessTz,
              timeoutMs: deps.merchant?.timeoutMs ?? DEFAULT_MERCHANT_TIMEOUT_MS,
              allowedHosts: deps.config.merchantAllowedHosts,
            },
          )
        : secret;
    const now = deps.clock.now();
    const attempts = row.notiAttempts + 1;
    const wasDelivered = row.notiStatus === NOTI_STATUS.DELIVERED;
    const notiStatus =
      attempt.delivered || wasDelivered ? NOTI_STATUS.DELIVERED : NOTI_STATUS.PENDING;
    // null when the schedule has no attempt left: the notification is given up.
    const next = notiStatus === NOTI_STATUS.DELIVERED ? null : nextAttemptAfter(now, attempts);
    // What the list shows of the last attempt (the same reading as the history's).
    const facts = readDeliveryResponse(attempt.response);
    const result: DeliveryResult = {
      notiId,
      delivered: attempt.delivered,
      notiStatus,
      message: attempt.message,
      httpStatus: facts.httpStatus,
    };
    await deps.db.transaction().execute(async (tx) => {
      await repo.recordAttempt(tx, {
        notiId,
        request: attempt.request,
        response: attempt.response,
        nowIso: iso(now),
        notiStatus,
        notiAttempts: attempts,
        notiNextAttemptAt: next,
        notiLastHttpStatus: facts.httpStatus,
        notiLastError: facts.error,
      });
      await onRecorded?.(tx, result);
    });
    deps.metrics?.recordDelivery(
      row.clntid,
      attempt.delivered,
      notiStatus !== NOTI_STATUS.DELIVERED && next === null,
    );
    announce(deps, 'notification.sent', {
      compId: row.trctCompId,
      kind: row.trctType,
      trctId: row.trctId,
      notiId,
    });
    return result;
  } catch (error) {
    await repo.releaseLease(deps.db, notiId);
    throw error;
  }
}

/** Takes the lease and delivers; null when another sender holds it right now. */
export async function sendIfFree(
  deps: AppDeps,
  notiId: number,
  options: SendOptions = {},
): Promise<DeliveryResult | null> {
  const now = deps.clock.now();
  if (
    !(await repo.claimLease(
      deps.db,
      notiId,
      iso(now),
      leaseUntil(deps, now),
      options.dueOnly ?? false,
    ))
  )
    return null;
  return deliver(deps, notiId, options.onRecorded);
}
