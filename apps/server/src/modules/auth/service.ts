/** Sign-in with lockout, sessions with idle and absolute expiry, access maps, company choice. */
import { MESSAGES, SESSION_ERROR_CODE, mergeAccess, parseOperations, type AccessMap, type CompanyOption, type LoginData, type StatusData } from '@tagih/contract';
import { addMinutes, iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { Forbidden, Invalid, TooManyRequests, Unauthorized } from '../../shared/errors.ts';
import type { SessionContext } from '../../shared/session.ts';
import { dummyPasswordHash, verifyPassword } from '../../security/passwords.ts';
import { hashToken, newToken } from '../../security/tokens.ts';
import * as repo from './repo.ts';

export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MINUTES = 30;
/** lastSeen is written at most this often, so reads do not all become writes. */
const TOUCH_EVERY_MS = 30_000;

const throttleKey = (username: string) => username.trim().toLowerCase();

export async function login(deps: AppDeps, username: string, password: string): Promise<LoginData> {
  const now = deps.clock.now();
  const key = throttleKey(username);
  const throttle = await repo.findThrottle(deps.db, key);
  if (throttle?.lothLockedUntil && throttle.lothLockedUntil > iso(now)) {
    const seconds = (Date.parse(throttle.lothLockedUntil) - now.getTime()) / 1000;
    throw new TooManyRequests(MESSAGES.accountLocked, seconds);
  }

  const login = await repo.findLoginByUsername(deps.db, username);
  const passwordOk = await verifyPassword(login?.usloPassword ?? (await dummyPasswordHash()), password);
  if (!login || !passwordOk || login.userStatus !== 1) {
    const failures = await repo.countFailure(deps.db, key, iso(now));
    if (failures >= LOCKOUT_FAILURES) {
      await repo.lockUsername(deps.db, key, iso(addMinutes(now, LOCKOUT_MINUTES)), iso(now));
    }
    throw new Unauthorized(MESSAGES.invalidCredentials);
  }
  await repo.clearThrottle(deps.db, key);

  const token = newToken();
  await repo.insertSession(deps.db, {
    sessTokenHash: hashToken(token),
    sessUserId: login.usloUserId,
    sessCompId: null,
    sessCreatedTime: iso(now),
    sessLastSeenTime: iso(now),
    sessExpiresTime: iso(addMinutes(now, deps.config.sessionMaxHours * 60)),
    sessRevokedTime: null,
  });
  return { token, user: { userId: login.usloUserId, username: login.usloUserName } };
}

export async function accessOf(deps: AppDeps, userId: string): Promise<AccessMap> {
  const grants = await repo.findGrants(deps.db, userId);
  return mergeAccess(
    grants.map((g) => {
      const allowed = new Set(parseOperations(g.prmsOperations));
      return { area: g.prmsName, actions: parseOperations(g.rperOperations).filter((a) => allowed.has(a)) };
    }),
  );
}

/** Resolves a bearer token into a live session, or throws 401 with errorCode 411. */
export async function authenticate(deps: AppDeps, token: string | undefined): Promise<SessionContext> {
  if (!token) throw new Unauthorized(MESSAGES.sessionInvalid, SESSION_ERROR_CODE);
  const tokenHash = hashToken(token);
  const session = await repo.findSession(deps.db, tokenHash);
  const now = deps.clock.now();
  const idleLimit = addMinutes(new Date(session?.sessLastSeenTime ?? 0), deps.config.sessionIdleMinutes);
  if (
    !session ||
    session.sessRevokedTime !== null ||
    session.sessExpiresTime <= iso(now) ||
    idleLimit <= now ||
    session.userStatus !== 1
  ) {
    throw new Unauthorized(MESSAGES.sessionInvalid, SESSION_ERROR_CODE);
  }
  if (now.getTime() - Date.parse(session.sessLastSeenTime) >= TOUCH_EVERY_MS) {
    await repo.touchSession(deps.db, tokenHash, iso(now));
  }
  return {
    tokenHash,
    userId: session.sessUserId,
    username: session.usloUserName,
    compId: session.sessCompId,
    access: await accessOf(deps, session.sessUserId),
    isSuperadmin: await repo.isSuperadmin(deps.db, session.sessUserId),
  };
}

export async function availableCompanies(deps: AppDeps, session: SessionContext): Promise<CompanyOption[]> {
  return repo.findAvailableCompanies(deps.db, session.userId, session.isSuperadmin);
}

/** The session's company if the user may still use it (active and linked), else null. */
export async function activeCompany(deps: AppDeps, session: SessionContext): Promise<CompanyOption | null> {
  if (session.compId === null) return null;
  const companies = await availableCompanies(deps, session);
  return companies.find((c) => c.compId === session.compId) ?? null;
}

/** The id of the company the session works in; 400 when none is selected (or it is no longer allowed). */
export async function requireActiveCompany(deps: AppDeps, session: SessionContext): Promise<number> {
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
    company: { active: available.find((c) => c.compId === session.compId) ?? null, available },
  };
}

export async function setCompany(deps: AppDeps, session: SessionContext, compId: number): Promise<void> {
  const available = await availableCompanies(deps, session);
  if (!available.some((c) => c.compId === compId)) {
    throw new Forbidden(MESSAGES.companyNotAllowed, { response: false });
  }
  await repo.setSessionCompany(deps.db, session.tokenHash, compId);
}

export async function logout(deps: AppDeps, session: SessionContext): Promise<void> {
  await repo.revokeSession(deps.db, session.tokenHash, iso(deps.clock.now()));
}

/** Keeps the session and throttle tables small: drops what ended over a day ago. */
export async function purgeEndedSessions(deps: AppDeps): Promise<{ sessions: number; throttles: number }> {
  const dayAgo = iso(addMinutes(deps.clock.now(), -24 * 60));
  return {
    sessions: await repo.deleteEndedSessions(deps.db, dayAgo),
    throttles: await repo.deleteStaleThrottles(deps.db, dayAgo),
  };
}
