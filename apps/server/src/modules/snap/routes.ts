/**
 * The SNAP BI endpoints banks and merchants call (HTTP only; the services do the work), mounted under /snap.
 * They authenticate on their own (a bearer token from access-token/b2b and a signature over the
 * raw body: caller.ts), so the web's session guard does not apply: each route is declared
 * 'public' to it, uses no session, sets no cookie and answers no CORS preflight. The body is kept
 * as received (the signature covers those bytes), at most SNAP_BODY_LIMIT_BYTES.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SNAP_ANSWERS } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sendIfFree } from '../notifications/delivery.ts';
import { issueAccessToken } from './caller/access-token.ts';
import {
  SNAP_CASE,
  SNAP_SERVICE,
  SnapRefusal,
  snapAnswer,
  tooManyRequests,
  type SnapAnswer,
  type SnapService,
} from './answers.ts';
import type { MerchantCall, PartnerCall, SnapCall } from './caller/call.ts';
import { addressRetryAfter, countFailedCall } from './caller/address-limit.ts';
import { ADDRESS_LIMITED, flushRefusalSummaries, recordRefusal } from './caller/refusal-audit.ts';
import { authenticateBankCall, authenticateMerchantCall } from './caller/caller.ts';
import type { Booked } from './payment-booking.ts';
import { generateQris } from './qris/qris-generate.ts';
import { notifyQris } from './qris/qris-notify.ts';
import { queryQris } from './qris/qris-query.ts';
import { createVa } from './va/va-create.ts';
import { deleteVa } from './va/va-delete.ts';
import { inquireVa } from './va/va-inquiry.ts';
import { payVa } from './va/va-payment.ts';
import { readVa } from './va/va-read.ts';
import { parseStrictJson } from '../../shared/strict-json.ts';
import { UnreadableBody } from './fields.ts';

export const SNAP_BODY_LIMIT_BYTES = 64 * 1024;

/** How often the refusal summaries of minutes that are over are written (refusal-audit.ts). */
const REFUSAL_FLUSH_MS = 15_000;

/** The metrics label of a refusal without a credential reason (partner-rate, bad-request, not-found, ...). */
function refusalLabel(answer: SnapAnswer): string {
  const labels: Record<number, string> = {
    400: 'bad-request',
    403: 'forbidden',
    404: 'not-found',
    409: 'conflict',
    413: 'too-large',
    415: 'unsupported-media-type',
    429: 'partner-rate',
  };
  return labels[answer.httpStatus] ?? `http-${answer.httpStatus}`;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The SNAP service a /snap route serves (its response codes carry it). */
    snapService?: SnapService;
  }
}

/** What the /snap JSON parser hands on: the text as received, and its JSON read strictly (UnreadableBody when refused). */
interface ReceivedBody {
  raw: string;
  json: unknown;
}

const first = (value: string | string[] | undefined): string | undefined =>
  Array.isArray(value) ? value[0] : value;

function callOf(request: FastifyRequest): SnapCall {
  const received = request.body as ReceivedBody | undefined;
  const headers: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(request.headers))
    headers[name.toLowerCase()] = first(value);
  return {
    method: request.method,
    path: request.url.split('?')[0]!,
    headers,
    rawBody: received?.raw ?? '',
    body: received?.json,
    ip: request.ip,
    userAgent: first(request.headers['user-agent']) ?? null,
  };
}

const send = (reply: FastifyReply, answer: SnapAnswer) =>
  reply.code(answer.httpStatus).header('cache-control', 'no-store').send(answer.body);

export const snapRoutes = (deps: AppDeps) => async (app: FastifyInstance) => {
  // Only JSON, kept as text: Fastify's own parser would hand on a re-serialisable object, not the bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: SNAP_BODY_LIMIT_BYTES },
    (_request, text, done) => {
      const raw = text as string;
      let json: unknown;
      try {
        json = parseStrictJson(raw);
      } catch (error) {
        json = UnreadableBody.of(error); // answered as a malformed body (naming a repeated or forbidden member) once the caller is known
      }
      done(null, { raw, json } satisfies ReceivedBody);
    },
  );
  app.setErrorHandler((error: { statusCode?: number }, request, reply) => {
    const service = request.routeOptions.config.snapService ?? SNAP_SERVICE.accessToken;
    const status = error.statusCode ?? 500;
    if (status < 500)
      deps.metrics?.snapRefusals.inc({
        reason:
          status === 413 ? 'too-large' : status === 415 ? 'unsupported-media-type' : 'bad-request',
      });
    if (status === 413)
      return send(reply, snapAnswer(413, service, SNAP_CASE.generalError, SNAP_ANSWERS.tooLarge));
    if (status === 415)
      return send(
        reply,
        snapAnswer(415, service, SNAP_CASE.generalError, SNAP_ANSWERS.unsupportedMediaType),
      );
    if (status >= 400 && status < 500)
      return send(
        reply,
        snapAnswer(400, service, SNAP_CASE.badField, SNAP_ANSWERS.badField('body')),
      );
    request.log.error(error);
    return send(reply, snapAnswer(500, service, SNAP_CASE.generalError, SNAP_ANSWERS.generalError));
  });

  // The merchant hears of a payment at once, after its commit; the retry worker takes over a failed send. Awaited at shutdown.
  const sending = new Set<Promise<unknown>>();
  const sendSoon = (notiId: number) => {
    const sent: Promise<unknown> = sendIfFree(deps, notiId)
      .catch((error: unknown) => app.log.error(error))
      .finally(() => sending.delete(sent));
    sending.add(sent);
  };
  // Refusals are summarised per minute (refusal-audit.ts): the minutes that are over are written by this timer, and all at shutdown.
  const flushing = setInterval(
    () => void flushRefusalSummaries(deps).catch((error: unknown) => app.log.error(error)),
    REFUSAL_FLUSH_MS,
  );
  flushing.unref();
  app.addHook('onClose', async () => {
    clearInterval(flushing);
    await Promise.allSettled([...sending]);
    await flushRefusalSummaries(deps, true).catch((error: unknown) => app.log.error(error));
  });

  /** A refusal counted (metrics; a failed credential check also against the address, address-limit.ts) and, for credentials, in the audit trail. */
  const refused = async (
    call: SnapCall,
    service: SnapService,
    refusal: SnapRefusal,
  ): Promise<SnapAnswer> => {
    deps.metrics?.snapRefusals.inc({ reason: refusal.denied ?? refusalLabel(refusal.answer) });
    if (refusal.answer.httpStatus === 401) countFailedCall(deps, call.ip);
    if (refusal.denied !== null)
      await recordRefusal(deps, call, service, refusal.denied, refusal.answer.body.responseCode);
    return refusal.answer;
  };

  const route = (
    path: string,
    service: SnapService,
    answer: (call: SnapCall) => Promise<SnapAnswer>,
    methods: ('POST' | 'DELETE')[] = ['POST'],
  ) => {
    // 'public' to the web's session guard: these routes check their own credentials (caller.ts, access-token.ts).
    app.route({
      method: methods,
      url: path,
      bodyLimit: SNAP_BODY_LIMIT_BYTES,
      config: { access: 'public', snapService: service },
      handler: async (request, reply) => {
        const call = callOf(request);
        // An address with too many failed calls this minute is answered before its credentials are looked at.
        const retryAfter = addressRetryAfter(deps, call.ip);
        if (retryAfter !== null) {
          const answer = tooManyRequests(service).answer;
          deps.metrics?.snapRefusals.inc({ reason: 'address-limit' });
          await recordRefusal(deps, call, service, ADDRESS_LIMITED, answer.body.responseCode);
          return send(reply.header('retry-after', String(retryAfter)), answer);
        }
        try {
          return send(reply, await answer(call));
        } catch (error) {
          if (!(error instanceof SnapRefusal)) throw error;
          return send(reply, await refused(call, service, error));
        }
      },
    });
  };
  const partnerRoute = (
    path: string,
    service: SnapService,
    serve: (deps: AppDeps, call: PartnerCall) => Promise<SnapAnswer | Booked>,
  ) =>
    route(path, service, async (call) => {
      const result = await serve(deps, await authenticateBankCall(deps, service, call));
      if (!('answer' in result)) return result;
      if (result.notiId !== null) sendSoon(result.notiId);
      return result.answer;
    });
  const merchantRoute = (
    path: string,
    service: SnapService,
    serve: (deps: AppDeps, call: MerchantCall) => Promise<SnapAnswer>,
    methods?: ('POST' | 'DELETE')[],
  ) =>
    route(
      path,
      service,
      async (call) => serve(deps, await authenticateMerchantCall(deps, service, call)),
      methods,
    );

  route('/v1.0/access-token/b2b', SNAP_SERVICE.accessToken, (call) => issueAccessToken(deps, call));
  partnerRoute('/v1.0/transfer-va/inquiry', SNAP_SERVICE.vaInquiry, inquireVa);
  partnerRoute('/v1.0/transfer-va/payment', SNAP_SERVICE.vaPayment, payVa);
  partnerRoute('/v1.0/qr/qr-mpm-notify', SNAP_SERVICE.qrisNotify, notifyQris);
  merchantRoute('/v1.0/transfer-va/create-va', SNAP_SERVICE.vaCreate, createVa);
  merchantRoute('/v1.0/transfer-va/inquiry-va', SNAP_SERVICE.vaRead, readVa);
  // ASPI names DELETE for it; most banks document POST: both, the signature covering the method used.
  merchantRoute('/v1.0/transfer-va/delete-va', SNAP_SERVICE.vaDelete, deleteVa, ['POST', 'DELETE']);
  merchantRoute('/v1.0/qr/qr-mpm-generate', SNAP_SERVICE.qrisGenerate, generateQris);
  merchantRoute('/v1.0/qr/qr-mpm-query', SNAP_SERVICE.qrisQuery, queryQris);
};
