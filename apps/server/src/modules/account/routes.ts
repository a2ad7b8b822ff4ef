/** /api/account/* : the signed-in user's own login. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, MESSAGES, accountLoginBody, envelopeSchema, usernameAvailableQuery } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf } from '../../http/audit-context.ts';
import * as account from './service.ts';

export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(API_PATHS.account.login, {
      config: { access: 'signed-in' },
      schema: { tags: ['account'], body: accountLoginBody, response: { 200: envelopeSchema(z.null()) } },
      handler: async (request) => {
        await account.updateOwnLogin(deps, actorOf(request), request.body);
        return ok(null, MESSAGES.accountUpdated);
      },
    });

    app.get(API_PATHS.account.usernameAvailable, {
      config: { access: 'signed-in' },
      schema: { tags: ['account'], querystring: usernameAvailableQuery, response: { 200: envelopeSchema(z.object({ available: z.boolean() })) } },
      handler: async (request) =>
        ok({ available: await account.usernameAvailable(deps, request.query.username, sessionOf(request).userId) }),
    });
  };
