/**
 * Request ids: the caller's X-Request-Id when it is sane (a proxy's or a client's, so one id
 * follows a request across systems), a new UUID otherwise. Fastify puts it on every log line
 * of the request (reqId); we return it in the X-Request-Id header so a user can quote it.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
/** Short and plain: the id lands in logs, so nothing that could forge or break a line. */
const SANE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
}

/** Fastify options: our genReqId decides alone (Fastify would take any header value as it is). */
export const requestIdOptions = { requestIdHeader: false, genReqId: requestIdOf } as const;

export function registerRequestIdHeader(app: FastifyInstance): void {
  // onRequest, so answers that end early (401, 404, errors) carry it too.
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
}
