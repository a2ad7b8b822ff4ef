/**
 * Deny by default: every route declares who may call it in `config.access`.
 *  - 'public': anyone (sign-in, docs, the web app's files)
 *  - 'signed-in': any live session
 *  - { area, action }: a live session whose access map grants area.action
 * A route without a declaration answers 403 (and a test fails).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, can, passwordChangeMessage, type Action, type Area } from '@tagih/contract';
import { Forbidden } from '../shared/errors.ts';
import type { SessionContext } from '../shared/session.ts';

export type RouteAccess = 'public' | 'signed-in' | { area: Area; action: Action };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Answers a signed-in user who must still enrol in two-factor (MFA_REQUIRED_ROLES): status, logout, 2fa setup/enable. */
    duringEnrolment?: boolean;
    /** Answers a signed-in user who may only change their password (PASSWORD_POLICY=pci: expired, set by somebody else). */
    duringPasswordChange?: boolean;
  }
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

/** The token from `Authentication: <token>` (spec §7) or `Authorization: Bearer <token>`. */
function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['authentication'] ?? request.headers['authorization'];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!value) return undefined;
  const token = value.replace(/^Bearer\s+/i, '').trim();
  return token || undefined;
}

/** Turns a request's token into a live session, or throws 401 (the app passes the auth module's). */
export type SessionResolver = (token: string | undefined) => Promise<SessionContext>;

/** A request the guard refused for want of a permission: the route pattern and the permission it needs. */
export interface Denial {
  request: FastifyRequest;
  method: string;
  /** The route as declared (e.g. /api/dashboard/transactionVa/inquiry_status/:trctId), not the address. */
  path: string;
  /** 'area.action' */
  needed: string;
}

/** Records a refusal (the app passes the audit trail's); its own failure is logged, the answer stays 403. */
export type DenialRecorder = (denial: Denial) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The guard's check of one request (memoised: it runs once whatever asks first). A multipart
     * upload asks before it keeps a byte of the file (http/uploads.ts), since the multipart body is
     * read ahead of the guard's own hook.
     */
    admitRequest(request: FastifyRequest): Promise<void>;
  }
}

export function registerAccessGuard(
  app: FastifyInstance,
  resolveSession: SessionResolver,
  recordDenial?: DenialRecorder,
): void {
  app.decorateRequest('session', null);
  const admitted = new WeakMap<FastifyRequest, Promise<void>>();
  const check = async (request: FastifyRequest): Promise<void> => {
    const access = request.routeOptions.config.access;
    if (access === undefined) throw new Forbidden(MESSAGES.forbidden);
    if (access === 'public') return;
    request.session = await resolveSession(tokenOf(request));
    if (
      request.session.twoFactorEnrolmentRequired &&
      !request.routeOptions.config.duringEnrolment
    ) {
      throw new Forbidden(MESSAGES.twoFactorEnrolmentRequired, {
        twoFactorEnrolmentRequired: true,
      });
    }
    const passwordChange = request.session.passwordChangeRequired;
    if (passwordChange && !request.routeOptions.config.duringPasswordChange) {
      throw new Forbidden(passwordChangeMessage(passwordChange), {
        passwordChangeRequired: passwordChange,
      });
    }
    if (access === 'signed-in') return;
    if (!can(request.session.access, access.area, access.action)) {
      const needed = `${access.area}.${access.action}`;
      if (recordDenial) {
        try {
          await recordDenial({
            request,
            method: request.method,
            path: request.routeOptions.url ?? request.url.split('?')[0]!,
            needed,
          });
        } catch (error) {
          request.log.error(error, 'could not record the access denial');
        }
      }
      throw new Forbidden(`${MESSAGES.forbidden} (needs ${needed})`);
    }
  };
  const admit = (request: FastifyRequest): Promise<void> => {
    let done = admitted.get(request);
    if (!done) {
      done = check(request);
      admitted.set(request, done);
    }
    return done;
  };
  app.decorate('admitRequest', admit);
  // preValidation: who may call is settled before the body is looked at (no validation details for outsiders).
  app.addHook('preValidation', async (request) => {
    if (request.is404) return; // the not-found handler answers 404 itself
    await admit(request);
  });
}

/** The signed-in session of a route that declared anything but 'public'. */
export function sessionOf(request: FastifyRequest): SessionContext {
  if (!request.session) throw new Error('sessionOf() on a public route');
  return request.session;
}
