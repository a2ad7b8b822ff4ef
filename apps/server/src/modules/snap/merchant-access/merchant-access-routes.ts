/** /api/master/client/{clntid}/snap-credentials: give (or replace) and revoke a client's SNAP API access (merchant-access.ts). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  CLIENT_API_AREA,
  MESSAGES,
  clientApiAccess,
  clientApiAccessBody,
  envelopeSchema,
  pathId,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { actorOf } from '../../../http/audit-context.ts';
import { ok } from '../../../http/envelope.ts';
import { issueApiAccess, revokeApiAccess } from './merchant-access.ts';

const params = z.strictObject({ id: pathId() });
const access = { area: CLIENT_API_AREA, action: 'update' } as const;

export const merchantAccessRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(API_PATHS.clients.apiAccess, {
      config: { access },
      schema: {
        tags: ['master'],
        summary:
          'Give a client SNAP API access, or replace it: its client id and a client secret shown once (recorded)',
        params,
        body: clientApiAccessBody,
        response: { 200: envelopeSchema(clientApiAccess) },
      },
      handler: async (request) =>
        ok(
          await issueApiAccess(deps, actorOf(request), request.params.id, request.body),
          MESSAGES.clientApiIssued,
        ),
    });

    app.delete(API_PATHS.clients.apiAccess, {
      config: { access },
      schema: {
        tags: ['master'],
        summary: "Revoke a client's SNAP API access; its tokens end with it (recorded)",
        params,
        response: { 200: envelopeSchema(z.object({ clientId: z.string() })) },
      },
      handler: async (request) =>
        ok(
          await revokeApiAccess(deps, actorOf(request), request.params.id),
          MESSAGES.clientApiRevoked,
        ),
    });
  };
