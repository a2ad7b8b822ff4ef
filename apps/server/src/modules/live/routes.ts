/**
 * GET /api/live/events: the signed-in tab's Server-Sent Events stream (hub.ts). Authenticated by
 * the session like every route (the web reads it with fetch, which sends the Authentication
 * header: EventSource cannot, and a token in the URL would end up in logs). At most
 * LIVE_STREAMS_PER_USER streams per user on this process.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, MESSAGES } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { TooManyRequests } from '../../shared/errors.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { LiveHub, type LiveStream } from './hub.ts';

/** A refused stream tries again after this long (the web waits as long). */
const RETRY_AFTER_SECONDS = 30;

export const liveRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const hub = new LiveHub(deps, app.log);
    // Open streams would hold the server's close: they end first (the tabs reconnect elsewhere).
    app.addHook('preClose', async () => hub.close());

    app.get(API_PATHS.live, {
      config: { access: 'signed-in' },
      schema: {
        tags: ['monitoring'],
        summary:
          "Server-Sent Events: `change` events (type, compId, kind, trctId, notiId) of the session's company that the user may read; `end` when the session ends or changes company",
      },
      handler: async (request, reply) => {
        const session = sessionOf(request);
        const compId = await requireActiveCompany(deps, session);
        if (hub.countOf(session.userId) >= deps.config.liveStreamsPerUser)
          throw new TooManyRequests(MESSAGES.liveStreamsLimit, RETRY_AFTER_SECONDS);
        const body = new PassThrough();
        const stream: LiveStream = {
          userId: session.userId,
          tokenHash: session.tokenHash,
          compId,
          access: session.access,
          write: (text) => {
            if (!body.writableEnded) body.write(text);
          },
          end: () => body.end(),
        };
        reply.raw.on('close', () => hub.remove(stream));
        if (!(await hub.open(stream)))
          throw new TooManyRequests(MESSAGES.tooManyRequests, RETRY_AFTER_SECONDS);
        // `retry`: how long EventSource-style clients wait before reconnecting; the comment opens the stream at once.
        body.write(': connected\nretry: 3000\n\n');
        return reply
          .header('content-type', 'text/event-stream; charset=utf-8')
          .header('x-accel-buffering', 'no')
          .send(body);
      },
    });
  };
