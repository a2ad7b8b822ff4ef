/**
 * Two-factor sign-in (TOTP, RFC 6238) of a user: setup (a pending secret), enable with a first
 * code (ten recovery codes, shown once), disable with the password and a code, reset by a
 * Superadmin, and the second step of a sign-in (service.ts: login, loginSecondStep). Codes are
 * checked on deps.clock; a step accepted once is refused after (replay); a recovery code works once.
 * The secret is sealed under the data key (deps.secretBox); recovery codes are stored as SHA-256.
 */
import {
  AUDIT_ACTIONS,
  MESSAGES,
  RECOVERY_CODE_COUNT,
  type TwoFactorSetupData,
} from '@tagih/contract';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { AppError, Conflict, Forbidden, Invalid, NotFound } from '../../shared/errors.ts';
import { verifyPassword } from '../../security/passwords.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import {
  TOTP_SECRET_CONTEXT,
  hashRecoveryCode,
  looksLikeRecoveryCode,
  matchTotpStep,
  newRecoveryCode,
  newTotpSecret,
  otpauthUrl,
} from '../../security/totp.ts';
import { recordAudit } from '../audit/service.ts';
import { recheckFailed, recheckPassed } from './lockout.ts';
import * as repo from './repo.ts';
import { revokeUserSessions } from './session-changes.ts';
import * as tfRepo from './two-factor-repo.ts';

/** A sign-in's second step lives this long and dies after this many wrong codes. */
export const CHALLENGE_MINUTES = 5;
export const CHALLENGE_MAX_FAILURES = 5;

function box(deps: AppDeps) {
  if (!deps.secretBox) throw new AppError(503, MESSAGES.twoFactorNeedsDataKey);
  return deps.secretBox;
}

const openSecret = (deps: AppDeps, sealed: string): string =>
  box(deps).open(sealed, TOTP_SECRET_CONTEXT);

export const isTwoFactorOn = (db: DbOrTx, userId: string): Promise<boolean> =>
  tfRepo.isTwoFactorOn(db, userId);

/** The user holds a role of MFA_REQUIRED_ROLES and has no two-factor yet: nothing but enrolment is allowed. */
export async function enrolmentRequired(deps: AppDeps, userId: string): Promise<boolean> {
  const roles = deps.config.mfaRequiredRoles;
  if (roles.length === 0) return false;
  if (!(await tfRepo.holdsAnyRole(deps.db, userId, roles))) return false;
  return !(await tfRepo.isTwoFactorOn(deps.db, userId));
}

/** A new pending secret; nothing changes until enable. Refused (409) while two-factor is on. */
export async function setupTwoFactor(deps: AppDeps, actor: Actor): Promise<TwoFactorSetupData> {
  const { userId, username } = actor.session;
  const sealer = box(deps);
  if (await tfRepo.isTwoFactorOn(deps.db, userId)) throw new Conflict(MESSAGES.twoFactorAlreadyOn);
  const secret = newTotpSecret();
  await tfRepo.savePendingSecret(
    deps.db,
    userId,
    sealer.seal(secret, TOTP_SECRET_CONTEXT),
    iso(deps.clock.now()),
  );
  return { secret, otpauthUrl: otpauthUrl(secret, username) };
}

/** Turns two-factor on when the code matches the pending secret; returns the recovery codes (shown once). */
export async function enableTwoFactor(
  deps: AppDeps,
  actor: Actor,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const { userId } = actor.session;
  const now = deps.clock.now();
  const row = await tfRepo.findTwoFactor(deps.db, userId);
  if (!row) throw new Invalid(MESSAGES.twoFactorNotSetUp);
  if (row.utfaEnabledTime) throw new Conflict(MESSAGES.twoFactorAlreadyOn);
  const step = matchTotpStep(openSecret(deps, row.utfaSecret), code, now);
  const target = { type: 'user', id: userId };
  if (step === null) {
    await recordAudit(deps.db, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.twoFactorFailed,
      outcome: 'failure',
      target,
      details: { reason: 'enable' },
    });
    throw new Invalid(MESSAGES.twoFactorCodeInvalid, { code: MESSAGES.twoFactorCodeInvalid });
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await deps.db.transaction().execute(async (tx) => {
    await tfRepo.markEnabled(tx, userId, step, iso(now));
    await tfRepo.replaceRecoveryCodes(tx, userId, recoveryCodes.map(hashRecoveryCode));
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.twoFactorEnabled,
      target,
      details: { recoveryCodes: RECOVERY_CODE_COUNT },
    });
  });
  return { recoveryCodes };
}

export type SecondFactor = { code: string } | { recoveryCode: string };
export type SecondFactorResult =
  | { ok: true; with: 'code' | 'recovery-code' }
  | { ok: false; reason: 'wrong-code' | 'replayed-code' | 'wrong-recovery-code' };

/**
 * Checks a code (or a recovery code) of a user whose two-factor is on and, when it is right,
 * uses it up: the code's step becomes the last accepted one, the recovery code is marked used.
 * Runs in the caller's transaction.
 */
export async function checkSecondFactor(
  deps: AppDeps,
  db: DbOrTx,
  userId: string,
  factor: SecondFactor,
): Promise<SecondFactorResult> {
  const now = deps.clock.now();
  if ('recoveryCode' in factor) {
    const used = await tfRepo.useRecoveryCode(
      db,
      userId,
      hashRecoveryCode(factor.recoveryCode),
      iso(now),
    );
    return used
      ? { ok: true, with: 'recovery-code' }
      : { ok: false, reason: 'wrong-recovery-code' };
  }
  const row = await tfRepo.findTwoFactor(db, userId);
  if (!row?.utfaEnabledTime) return { ok: false, reason: 'wrong-code' };
  const step = matchTotpStep(openSecret(deps, row.utfaSecret), factor.code, now);
  if (step === null) return { ok: false, reason: 'wrong-code' };
  if (!(await tfRepo.acceptStep(db, userId, step))) return { ok: false, reason: 'replayed-code' };
  return { ok: true, with: 'code' };
}

/**
 * Turns the user's own two-factor off: the password and a current code or a recovery code. A
 * wrong one counts as a failed re-check (lockout.ts: the tenth locks the account and ends its sessions).
 */
export async function disableTwoFactor(
  deps: AppDeps,
  actor: Actor,
  password: string,
  code: string,
): Promise<void> {
  const { userId } = actor.session;
  const target = { type: 'user', id: userId };
  if (!(await tfRepo.isTwoFactorOn(deps.db, userId))) throw new Invalid(MESSAGES.twoFactorNotOn);
  const hashed = await repo.findPasswordHash(deps.db, userId);
  if (!hashed || !(await verifyPassword(hashed, password))) {
    throw await recheckFailed(
      deps,
      actor,
      { action: AUDIT_ACTIONS.twoFactorFailed, details: { reason: 'disable-wrong-password' } },
      new Invalid(MESSAGES.passwordInvalid, { password: MESSAGES.passwordInvalid }),
    );
  }
  const factor: SecondFactor = looksLikeRecoveryCode(code)
    ? { recoveryCode: code }
    : { code: code.replace(/\s+/g, '') };
  const done = await deps.db.transaction().execute(async (tx) => {
    const checked = await checkSecondFactor(deps, tx, userId, factor);
    if (!checked.ok) return checked;
    await recheckPassed(deps, tx, actor);
    await tfRepo.deleteTwoFactor(tx, userId);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.twoFactorDisabled,
      target,
      details: { with: checked.with },
    });
    return checked;
  });
  if (!done.ok) {
    throw await recheckFailed(
      deps,
      actor,
      { action: AUDIT_ACTIONS.twoFactorFailed, details: { reason: `disable-${done.reason}` } },
      new Invalid(MESSAGES.twoFactorCodeInvalid, { code: MESSAGES.twoFactorCodeInvalid }),
    );
  }
}

/** A Superadmin turns off another user's two-factor (auth.2fa.reset); they set it up again. */
export async function resetTwoFactor(
  deps: AppDeps,
  actor: Actor,
  userId: string,
): Promise<{ userId: string; username: string }> {
  const target = { type: 'user', id: userId };
  if (!actor.session.isSuperadmin) {
    await recordAudit(deps.db, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.twoFactorReset,
      outcome: 'denied',
      target,
      details: { reason: MESSAGES.forbidden },
    });
    throw new Forbidden(`${MESSAGES.forbidden} (only a Superadmin resets two-factor)`);
  }
  return deps.db.transaction().execute(async (tx) => {
    const login = await repo.findLoginByUserId(tx, userId);
    if (!login) throw new NotFound(`User ${userId} has no login.`);
    const wasOn = await tfRepo.deleteTwoFactor(tx, userId);
    // A reset answers a lost or stolen device: whoever holds it must not stay signed in.
    await revokeUserSessions(tx, userId, iso(deps.clock.now()));
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.twoFactorReset,
      target,
      details: { username: login.usloUserName, wasOn },
    });
    return { userId, username: login.usloUserName };
  });
}

// --- sign-in challenges (service.ts) --------------------------------------------------------

/** A new second-step challenge for the user: the token to send back (only its hash is stored). */
export async function newChallenge(deps: AppDeps, userId: string, now: Date): Promise<string> {
  const token = newToken();
  await tfRepo.insertChallenge(deps.db, {
    tokenHash: hashToken(token),
    userId,
    nowIso: iso(now),
    expiresIso: iso(addMinutes(now, CHALLENGE_MINUTES)),
  });
  return token;
}

export const findChallenge = (db: DbOrTx, token: string) =>
  tfRepo.findChallenge(db, hashToken(token));
export const countChallengeFailure = (db: DbOrTx, token: string) =>
  tfRepo.countChallengeFailure(db, hashToken(token));
export const useChallenge = (db: DbOrTx, token: string, nowIso: string) =>
  tfRepo.useChallenge(db, hashToken(token), nowIso);
export const deleteEndedChallenges = (db: DbOrTx, beforeIso: string) =>
  tfRepo.deleteEndedChallenges(db, beforeIso);
