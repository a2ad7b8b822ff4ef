/**
 * The sign-in lockout (table login_throttle), the one place where a wrong password or code is
 * counted, whether at sign-in or when a signed-in user proves it again (a re-check):
 *  - Sign-in failures count per (username, client address): LOCKOUT_FAILURES from one address
 *    lock that pair for LOCKOUT_MINUTES, and the owner still signs in from another address.
 *  - Every failure also counts on the username's own row (address `*`): from SLOWDOWN_FAILURES
 *    on, the username takes one sign-in attempt per SLOWDOWN_SECONDS whoever sends it; the others
 *    answer 429 with Retry-After. Many addresses together guess slowly, and lock nobody out.
 *  - Re-checks count under the address `signed-in`, whatever the request's address (a signed-in
 *    caller may change address at will). The LOCKOUT_FAILURES-th wrong re-check locks the whole
 *    account (the `*` row: sign-in refused from every address) and ends every session of the
 *    user: whoever guesses is inside the account already.
 * A completed sign-in forgets its address's failures, the username's count and the re-checks
 * (other addresses keep theirs); a passed re-check forgets the re-checks; Unlock forgets all.
 */
import { AUDIT_ACTIONS, MESSAGES, SESSION_ERROR_CODE } from '@tagih/contract';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { TooManyRequests, Unauthorized } from '../../shared/errors.ts';
import { recordAudit, type AuditEvent } from '../audit/service.ts';
import { signInKey } from './credentials.ts';
import * as repo from './repo.ts';
import { revokeUserSessions } from './session-changes.ts';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 30;
/** Failures on a username, from all addresses together, after which its sign-ins are slowed down. */
export const SLOWDOWN_FAILURES = 3 * LOCKOUT_FAILURES;
/** While slowed down, a username takes one sign-in attempt this often. */
export const SLOWDOWN_SECONDS = 30;

/** The username's own row: every failure, the slowdown and a lock of the whole account. */
const ACCOUNT = '*';
/** Where re-checks of a signed-in user count. */
export const SIGNED_IN = 'signed-in';

/** The address a sign-in counts under (the column holds 64 characters). */
export const placeOf = (ip: string | null): string => (ip ?? 'unknown').slice(0, 64);

type Target = { type: string; id: string } | null;
/** What a counted failure records: its action and details (outcome failure, target and `failures` are added). */
type RecordedFailure = Pick<AuditEvent, 'action' | 'details'>;

const secondsUntil = (untilIso: string, now: Date) => (Date.parse(untilIso) - now.getTime()) / 1000;

/**
 * Before a password or code of a sign-in is checked: 429 (the spec's lockout message, recorded
 * as auth.login.failed) while the account or this address is locked for the username, or, with
 * `slowdown`, when the username's slowed-down attempt is taken.
 */
export async function refuseWhileLocked(
  deps: AppDeps,
  tried: AuditContext,
  username: string,
  place: string,
  target: Target,
  options: { slowdown: boolean },
): Promise<void> {
  const now = deps.clock.now();
  const nowIso = iso(now);
  const key = signInKey(username);
  const rows = await repo.findThrottles(deps.db, key, [place, ACCOUNT]);
  const lockedUntil = rows
    .map((r) => r.lothLockedUntil)
    .filter((until): until is string => until !== null && until > nowIso)
    .sort()
    .at(-1);
  if (lockedUntil) {
    await recordAudit(deps.db, deps.clock, tried, {
      action: AUDIT_ACTIONS.loginFailed,
      outcome: 'failure',
      target,
      details: { reason: 'locked', lockedUntil },
    });
    throw new TooManyRequests(MESSAGES.accountLocked, secondsUntil(lockedUntil, now));
  }
  const account = rows.find((r) => r.lothAddress === ACCOUNT);
  if (!options.slowdown || !account || account.lothFailures < SLOWDOWN_FAILURES) return;
  const cutoff = new Date(now.getTime() - SLOWDOWN_SECONDS * 1000);
  if (await repo.claimAttempt(deps.db, key, ACCOUNT, nowIso, iso(cutoff))) return;
  const latest = (await repo.findThrottles(deps.db, key, [ACCOUNT]))[0]?.lothUpdatedTime ?? nowIso;
  const retryAfter = secondsUntil(latest, now) + SLOWDOWN_SECONDS;
  await recordAudit(deps.db, deps.clock, tried, {
    action: AUDIT_ACTIONS.loginFailed,
    outcome: 'failure',
    target,
    details: {
      reason: 'slowed-down',
      failures: account.lothFailures,
      retryAfterSeconds: Math.ceil(retryAfter),
    },
  });
  throw new TooManyRequests(MESSAGES.accountLocked, retryAfter);
}

export interface CountedFailure {
  /** The failures at this address (or of re-checks) since the last lock or success. */
  failures: number;
  /** Set when this failure locked: the address's sign-ins, or the whole account for a re-check. */
  lockedUntil: string | null;
}

/**
 * Counts one failure in the caller's transaction and records `event` (outcome failure, its
 * details with `failures`); at LOCKOUT_FAILURES it locks and records auth.locked right after:
 * the pair (username, address) for a sign-in; for a re-check (place SIGNED_IN) the account,
 * whose sessions all end.
 */
export async function countFailure(
  deps: AppDeps,
  tx: DbOrTx,
  who: AuditContext,
  username: string,
  place: string,
  target: Target,
  event: RecordedFailure,
): Promise<CountedFailure> {
  const now = deps.clock.now();
  const nowIso = iso(now);
  const key = signInKey(username);
  const failures = await repo.countFailure(tx, key, place, nowIso);
  const accountFailures = await repo.countFailure(tx, key, ACCOUNT, nowIso);
  await recordAudit(tx, deps.clock, who, {
    ...event,
    outcome: 'failure',
    target,
    details: { ...event.details, failures },
  });
  if (failures < LOCKOUT_FAILURES) return { failures, lockedUntil: null };
  const lockedUntil = iso(addMinutes(now, LOCKOUT_MINUTES));
  const recheck = place === SIGNED_IN;
  if (recheck) {
    await repo.lock(tx, key, ACCOUNT, lockedUntil, nowIso);
    await repo.clearThrottle(tx, key, [SIGNED_IN]);
    if (target) await revokeUserSessions(tx, target.id, nowIso);
  } else {
    await repo.lock(tx, key, place, lockedUntil, nowIso);
  }
  await recordAudit(tx, deps.clock, who, {
    action: AUDIT_ACTIONS.locked,
    target,
    details: recheck
      ? {
          failures,
          lockedUntil,
          minutes: LOCKOUT_MINUTES,
          scope: 'account',
          reason: 're-check',
          sessionsEnded: true,
        }
      : {
          failures,
          lockedUntil,
          minutes: LOCKOUT_MINUTES,
          scope: 'address',
          address: place,
          accountFailures,
        },
  });
  return { failures, lockedUntil };
}

/** A completed sign-in from `place`: forgets that address's failures, the username's count and its re-checks. */
export const forgetAfterSignIn = (db: DbOrTx, username: string, place: string) =>
  repo.clearThrottle(db, signInKey(username), [place, ACCOUNT, SIGNED_IN]);

/**
 * A wrong password or code on a re-check of the signed-in actor: counted (`event` recorded, see
 * countFailure). Returns the error to answer: `refusal` below the limit; at the limit 401 with
 * the lockout message and the session error code (every session has ended: the web app goes
 * to sign-in).
 */
export async function recheckFailed(
  deps: AppDeps,
  actor: Actor,
  event: RecordedFailure,
  refusal: Error,
): Promise<Error> {
  const { userId, username } = actor.session;
  const counted = await deps.db
    .transaction()
    .execute((tx) =>
      countFailure(deps, tx, actor.audit, username, SIGNED_IN, { type: 'user', id: userId }, event),
    );
  return counted.lockedUntil
    ? new Unauthorized(MESSAGES.accountLocked, SESSION_ERROR_CODE)
    : refusal;
}

/**
 * A re-check passed, in the transaction of what it allows: 401 when the account was locked
 * meanwhile (a parallel wrong guess reached the limit), else the re-check failures are forgotten.
 */
export async function recheckPassed(deps: AppDeps, tx: DbOrTx, actor: Actor): Promise<void> {
  const key = signInKey(actor.session.username);
  const [account] = await repo.findThrottles(tx, key, [ACCOUNT]);
  if (account?.lothLockedUntil && account.lothLockedUntil > iso(deps.clock.now()))
    throw new Unauthorized(MESSAGES.accountLocked, SESSION_ERROR_CODE);
  await repo.clearThrottle(tx, key, [SIGNED_IN]);
}
