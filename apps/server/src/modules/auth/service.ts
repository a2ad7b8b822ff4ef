/** Sign-in with lockout, sessions with idle and absolute expiry, access maps, company choice; each recorded in the audit trail. */
import {
  AUDIT_ACTIONS,
  MESSAGES,
  PCI_PASSWORD_RULES,
  SESSION_ERROR_CODE,
  type CompanyOption,
  type LoginAnswer,
  type LoginData,
  type StatusData,
} from '@tagih/contract';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { Forbidden, Invalid, Unauthorized } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import { dummyPasswordHash, verifyPassword } from '../../security/passwords.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import { failedSignInsSinceLastSignIn, recordAudit } from '../audit/service.ts';
import { accessOfUser } from './access.ts';
import { signInKey } from './credentials.ts';
import { passwordChangeReason, passwordSetTime } from './password-policy.ts';
import { placeOf } from './lockout.ts';
import * as lockout from './lockout.ts';
import * as repo from './repo.ts';
import * as sessionChanges from './session-changes.ts';
import * as twoFactor from './two-factor.ts';

/** lastSeen is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 30_000;

/** Why a sign-in failed: in the audit trail only; the answer is the same generic 401 for all. */
type SignInFailure = 'unknown-user' | 'wrong-password' | 'inactive';

const NO_SIGN_IN_YET = '1970-01-01T00:00:00.000Z';

/**
 * Signs in: a session, the login's last sign-in time and auth.login.succeeded in one database
 * transaction. A failure counts towards the lockout of the username at the client's address
 * (lockout.ts) and leaves auth.login.failed (actor: the name tried), plus auth.locked when it
 * crosses the threshold, in one transaction too.
 * `context` is the request's (no actor: the route is public).
 */
export async function login(
  deps: AppDeps,
  context: AuditContext,
  username: string,
  password: string,
): Promise<LoginAnswer> {
  const now = deps.clock.now();
  const place = placeOf(context.ip);
  const tried: AuditContext = { ...context, actorUserId: null, actorUsername: username };
  await lockout.refuseWhileLocked(deps, tried, username, place, null, { slowdown: true });

  const login = await repo.findLoginByUsername(deps.db, username);
  const passwordOk = await verifyPassword(
    login?.usloPassword ?? (await dummyPasswordHash()),
    password,
  );
  const failure: SignInFailure | null = !login
    ? 'unknown-user'
    : !passwordOk
      ? 'wrong-password'
      : login.userStatus !== 1
        ? 'inactive'
        : null;
  if (!login || failure) {
    const target = login ? { type: 'user', id: login.usloUserId } : null;
    await deps.db.transaction().execute((tx) =>
      lockout.countFailure(deps, tx, tried, username, place, target, {
        action: AUDIT_ACTIONS.loginFailed,
        details: { reason: failure },
      }),
    );
    throw new Unauthorized(MESSAGES.invalidCredentials);
  }

  // Two-factor on: no session yet, a challenge for the second step; the failure count stays until it succeeds.
  if (await twoFactor.isTwoFactorOn(deps.db, login.usloUserId)) {
    return {
      twoFactorRequired: true,
      challenge: await twoFactor.newChallenge(deps, login.usloUserId, now),
    };
  }
  return startSession(deps, context, login, now);
}

type SignedInLogin = {
  usloUserId: string;
  usloUserName: string;
  usloLastLoginAt: string | null;
  usloCreatedTime: string | null;
};

/**
 * The end of every sign-in: a session, the last sign-in time and auth.login.succeeded in one
 * transaction. Under PASSWORD_POLICY=pci the answer says when the session may only change its
 * password (an expired one is recorded as auth.password.expired).
 */
async function startSession(
  deps: AppDeps,
  context: AuditContext,
  login: SignedInLogin,
  now: Date,
  twoFactorWith?: string,
): Promise<LoginData> {
  const nowIso = iso(now);
  const key = signInKey(login.usloUserName);
  const user = { userId: login.usloUserId, username: login.usloUserName };
  const token = newToken();
  const passwordChange = await passwordChangeReason(deps, user.userId);
  const failedAttemptsSinceLastLogin = await deps.db.transaction().execute(async (tx) => {
    await lockout.forgetAfterSignIn(tx, login.usloUserName, placeOf(context.ip));
    await repo.insertSession(tx, {
      sessTokenHash: hashToken(token),
      sessUserId: user.userId,
      sessCompId: null,
      sessCreatedTime: nowIso,
      sessLastSeenTime: nowIso,
      sessExpiresTime: iso(addMinutes(now, deps.config.sessionMaxHours * 60)),
      sessRevokedTime: null,
    });
    const since = login.usloLastLoginAt ?? login.usloCreatedTime ?? NO_SIGN_IN_YET;
    const failed = await failedSignInsSinceLastSignIn(tx, user.userId, key, since);
    await repo.setLastLogin(tx, user.userId, nowIso);
    const actor = { ...context, actorUserId: user.userId, actorUsername: user.username };
    const target = { type: 'user', id: user.userId };
    await recordAudit(tx, deps.clock, actor, {
      action: AUDIT_ACTIONS.loginSucceeded,
      target,
      details: {
        failedAttemptsSinceLastLogin: failed,
        ...(twoFactorWith ? { twoFactor: twoFactorWith } : {}),
      },
    });
    if (passwordChange === 'expired') {
      await recordAudit(tx, deps.clock, actor, {
        action: AUDIT_ACTIONS.passwordExpired,
        target,
        details: {
          setTime: await passwordSetTime(tx, user.userId),
          maxAgeDays: PCI_PASSWORD_RULES.maxAgeDays,
        },
      });
    }
    return failed;
  });
  return {
    token,
    user,
    failedAttemptsSinceLastLogin,
    ...(passwordChange ? { passwordChangeRequired: passwordChange } : {}),
  };
}

/**
 * The second step of a two-factor sign-in: the challenge and a current code (or a recovery code).
 * A wrong code counts towards the challenge's 5 and the lockout of the username at the client's
 * address (auth.2fa.failed, and auth.locked at the threshold); a right one ends like a sign-in without two-factor.
 */
export async function loginSecondStep(
  deps: AppDeps,
  context: AuditContext,
  challenge: string,
  factor: twoFactor.SecondFactor,
): Promise<LoginData> {
  const now = deps.clock.now();
  const nowIso = iso(now);
  const found = await twoFactor.findChallenge(deps.db, challenge);
  if (
    !found ||
    found.lochUsedTime !== null ||
    found.lochExpiresTime <= nowIso ||
    found.lochFailures >= twoFactor.CHALLENGE_MAX_FAILURES ||
    found.userStatus !== 1
  ) {
    throw new Unauthorized(MESSAGES.twoFactorChallengeInvalid);
  }
  const place = placeOf(context.ip);
  const target = { type: 'user', id: found.lochUserId };
  const tried: AuditContext = { ...context, actorUserId: null, actorUsername: found.usloUserName };
  await lockout.refuseWhileLocked(deps, tried, found.usloUserName, place, target, {
    slowdown: false,
  });
  const checked = await deps.db.transaction().execute(async (tx) => {
    const result = await twoFactor.checkSecondFactor(deps, tx, found.lochUserId, factor);
    // A right code on a challenge used meanwhile by a parallel request does not sign in twice.
    if (result.ok && !(await twoFactor.useChallenge(tx, challenge, nowIso)))
      throw new Unauthorized(MESSAGES.twoFactorChallengeInvalid);
    return result;
  });
  if (!checked.ok) {
    await deps.db.transaction().execute(async (tx) => {
      const challengeFailures = await twoFactor.countChallengeFailure(tx, challenge);
      await lockout.countFailure(deps, tx, tried, found.usloUserName, place, target, {
        action: AUDIT_ACTIONS.twoFactorFailed,
        details: { reason: checked.reason, challengeFailures },
      });
    });
    throw new Unauthorized(MESSAGES.twoFactorCodeInvalid);
  }
  return startSession(deps, context, { ...found, usloUserId: found.lochUserId }, now, checked.with);
}

type StoredSession = NonNullable<Awaited<ReturnType<typeof repo.findSession>>>;

/** When the session ends unless something happens first: its absolute expiry, or its idle limit (moved by each request). */
function endsAt(deps: AppDeps, session: StoredSession): Date {
  const idleLimit = addMinutes(new Date(session.sessLastSeenTime), deps.config.sessionIdleMinutes);
  const absolute = new Date(session.sessExpiresTime);
  return idleLimit < absolute ? idleLimit : absolute;
}

/** Not revoked, not past its absolute or idle expiry, its user active. */
function isLive(deps: AppDeps, session: StoredSession, now: Date): boolean {
  return (
    session.sessRevokedTime === null && endsAt(deps, session) > now && session.userStatus === 1
  );
}

/**
 * A session still live, as a long-lived request re-checks it: its company and access now, and
 * when it will have ended unless a request comes first (`endsAt`), or null when it ended. Unlike a
 * request it does not count as activity (an open stream never keeps a session from going idle).
 */
export async function stillLive(
  deps: AppDeps,
  tokenHash: string,
): Promise<(Pick<SessionContext, 'compId' | 'access'> & { endsAt: Date }) | null> {
  const session = await repo.findSession(deps.db, tokenHash);
  if (!session || !isLive(deps, session, deps.clock.now())) return null;
  return {
    compId: session.sessCompId,
    access: await accessOfUser(deps.db, session.sessUserId),
    endsAt: endsAt(deps, session),
  };
}

/** Resolves a bearer token into a live session, or throws 401 with errorCode 411. */
export async function authenticate(
  deps: AppDeps,
  token: string | undefined,
): Promise<SessionContext> {
  if (!token) throw new Unauthorized(MESSAGES.sessionInvalid, SESSION_ERROR_CODE);
  const tokenHash = hashToken(token);
  const session = await repo.findSession(deps.db, tokenHash);
  const now = deps.clock.now();
  if (!session || !isLive(deps, session, now))
    throw new Unauthorized(MESSAGES.sessionInvalid, SESSION_ERROR_CODE);
  if (now.getTime() - Date.parse(session.sessLastSeenTime) >= TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, tokenHash, iso(now));
  }
  return {
    tokenHash,
    userId: session.sessUserId,
    username: session.usloUserName,
    compId: session.sessCompId,
    access: await accessOfUser(deps.db, session.sessUserId),
    isSuperadmin: await repo.isSuperadmin(deps.db, session.sessUserId),
    twoFactorEnrolmentRequired: await twoFactor.enrolmentRequired(deps, session.sessUserId),
    passwordChangeRequired: await passwordChangeReason(deps, session.sessUserId, session),
  };
}

export async function availableCompanies(
  deps: AppDeps,
  session: SessionContext,
): Promise<CompanyOption[]> {
  return repo.findAvailableCompanies(deps.db, session.userId, session.isSuperadmin);
}

/** The session's company if the user may still use it (active and linked), else null. */
export async function activeCompany(
  deps: AppDeps,
  session: SessionContext,
): Promise<CompanyOption | null> {
  if (session.compId === null) return null;
  const companies = await availableCompanies(deps, session);
  return companies.find((c) => c.compId === session.compId) ?? null;
}

/** The id of the company the session works in; 400 when none is selected (or it is no longer allowed). */
export async function requireActiveCompany(
  deps: AppDeps,
  session: SessionContext,
): Promise<number> {
  const company = await activeCompany(deps, session);
  if (!company) throw new Invalid(MESSAGES.noActiveCompany);
  return company.compId;
}

export async function status(deps: AppDeps, session: SessionContext): Promise<StatusData> {
  const available = await availableCompanies(deps, session);
  return {
    access: session.access,
    user: session.userId,
    username: session.username,
    isSuperadmin: session.isSuperadmin,
    twoFactorEnabled: await twoFactor.isTwoFactorOn(deps.db, session.userId),
    twoFactorEnrolmentRequired: session.twoFactorEnrolmentRequired ?? false,
    passwordPolicy: deps.config.passwordPolicy,
    passwordChangeRequired: session.passwordChangeRequired ?? null,
    company: { active: available.find((c) => c.compId === session.compId) ?? null, available },
  };
}

/** Selects the session's company (auth.company.selected); one the user may not use is refused and recorded as denied. */
export async function setCompany(deps: AppDeps, actor: Actor, compId: number): Promise<void> {
  const { session } = actor;
  const available = await availableCompanies(deps, session);
  const target = { type: 'company', id: compId };
  if (!available.some((c) => c.compId === compId)) {
    await recordAudit(deps.db, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.companySelected,
      outcome: 'denied',
      target,
      details: { compId, reason: MESSAGES.companyNotAllowed },
    });
    throw new Forbidden(MESSAGES.companyNotAllowed, { response: false });
  }
  await deps.db.transaction().execute(async (tx) => {
    await sessionChanges.setSessionCompany(tx, session, compId);
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.companySelected,
      target,
      details: { compId, previousCompId: session.compId },
    });
  });
}

export async function logout(deps: AppDeps, actor: Actor): Promise<void> {
  await deps.db.transaction().execute(async (tx) => {
    await sessionChanges.revokeSession(tx, actor.session, iso(deps.clock.now()));
    await recordAudit(tx, deps.clock, actor.audit, {
      action: AUDIT_ACTIONS.logout,
      target: { type: 'user', id: actor.session.userId },
    });
  });
}

/** Keeps the session and throttle tables small: drops what ended over a day ago. */
export async function purgeEndedSessions(
  deps: AppDeps,
): Promise<{ sessions: number; throttles: number }> {
  const dayAgo = iso(addMinutes(deps.clock.now(), -24 * 60));
  await twoFactor.deleteEndedChallenges(deps.db, dayAgo); // two-factor sign-in challenges: 5 minutes each
  return {
    sessions: await repo.deleteEndedSessions(deps.db, dayAgo),
    throttles: await repo.deleteStaleThrottles(deps.db, dayAgo),
  };
}
