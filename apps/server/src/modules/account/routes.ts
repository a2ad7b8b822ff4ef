/** /api/account/* : the signed-in user's own login. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MESSAGES,
  accountLoginBody,
  envelopeSchema,
  twoFactorDisableBody,
  twoFactorEnableBody,
  twoFactorEnableDataSchema,
  twoFactorSetupDataSchema,
  usernameAvailableQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf } from '../../http/audit-context.ts';
import * as account from './service.ts';
import { disableTwoFactor, enableTwoFactor, setupTwoFactor } from '../auth/two-factor.ts';

/** Manage Account looks a new username up after each pause in typing (and caches each answer): a minute allows many names. */
export const USERNAME_LOOKUPS = { max: 30, timeWindow: 60_000 } as const;

export const accountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(API_PATHS.account.login, {
      // A user who must enrol in two-factor may fix an expired password too (and the other way round).
      config: { access: 'signed-in', duringEnrolment: true, duringPasswordChange: true },
      schema: {
        tags: ['account'],
        body: accountLoginBody,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        await account.updateOwnLogin(deps, actorOf(request), request.body);
        return ok(null, MESSAGES.accountUpdated);
      },
    });

    app.get(API_PATHS.account.usernameAvailable, {
      // Per user, shared by every server process like the sign-in limit (login-rate-limit.ts): typing a new name, not walking a list.
      config: {
        access: 'signed-in',
        duringPasswordChange: true,
        rateLimit: {
          ...USERNAME_LOOKUPS,
          hook: 'preHandler',
          keyGenerator: (request) => `user:${sessionOf(request).userId}`,
        },
      },
      schema: {
        tags: ['account'],
        querystring: usernameAvailableQuery,
        response: { 200: envelopeSchema(z.object({ available: z.boolean() })) },
      },
      handler: async (request) =>
        ok({
          available: await account.usernameAvailable(
            deps,
            request.query.username,
            sessionOf(request).userId,
          ),
        }),
    });

    app.post(API_PATHS.account.twoFactorSetup, {
      config: { access: 'signed-in', duringEnrolment: true, duringPasswordChange: true },
      schema: {
        tags: ['account'],
        summary: 'A pending TOTP secret (nothing changes until enable)',
        response: { 200: envelopeSchema(twoFactorSetupDataSchema) },
      },
      handler: async (request) => ok(await setupTwoFactor(deps, actorOf(request))),
    });

    app.post(API_PATHS.account.twoFactorEnable, {
      config: { access: 'signed-in', duringEnrolment: true, duringPasswordChange: true },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor on with a first code; the recovery codes are shown this once',
        body: twoFactorEnableBody,
        response: { 200: envelopeSchema(twoFactorEnableDataSchema) },
      },
      handler: async (request) =>
        ok(
          await enableTwoFactor(deps, actorOf(request), request.body.code),
          MESSAGES.twoFactorEnabled,
        ),
    });

    app.post(API_PATHS.account.twoFactorDisable, {
      config: { access: 'signed-in' },
      schema: {
        tags: ['account'],
        summary: 'Turn two-factor off: the password and a code or a recovery code',
        body: twoFactorDisableBody,
        response: { 200: envelopeSchema(z.null()) },
      },
      handler: async (request) => {
        await disableTwoFactor(deps, actorOf(request), request.body.password, request.body.code);
        return ok(null, MESSAGES.twoFactorDisabled);
      },
    });
  };
