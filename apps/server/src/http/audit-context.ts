/** Who is acting and from where, as the audit trail records it: read from the request once, in the route. */
import type { FastifyRequest } from 'fastify';
import type { Actor } from '../shared/actor.ts';
import type { AuditContext } from '../shared/audit-context.ts';
import { sessionOf } from './access.ts';

const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};

/**
 * The session's user and active company (nulls on a public route; a failed sign-in sets
 * actorUsername to the name tried), the client address (the socket's: trustProxy is off) and
 * the user agent.
 */
export function auditContextOf(request: FastifyRequest): AuditContext {
  const session = request.session;
  return {
    actorUserId: session?.userId ?? null,
    actorUsername: session?.username ?? null,
    compId: session?.compId ?? null,
    ip: request.ip || null,
    userAgent: header(request, 'user-agent'),
  };
}

/** The signed-in actor of a route that declared anything but 'public'. */
export function actorOf(request: FastifyRequest): Actor {
  return { session: sessionOf(request), audit: auditContextOf(request) };
}
