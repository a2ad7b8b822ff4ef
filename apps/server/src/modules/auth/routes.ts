/** /api/security/authentication/* and SetCompany (spec §7 "Authentication"). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  envelopeSchema,
  pathId,
  loginAnswerSchema,
  loginBody,
  loginDataSchema,
  loginTwoFactorBody,
  statusDataSchema,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf, auditContextOf } from '../../http/audit-context.ts';
import * as auth from './service.ts';

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // Per client address, shared by every server process (LOGIN_RATE_LIMIT; counted in the database or Redis, login-rate-limit.ts).
    const rate = deps.loginRateLimit ?? deps.config.loginRateLimit;
    app.post(API_PATHS.auth.login, {
      config: { access: 'public', rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } },
      schema: {
        tags: ['authentication'],
        summary: 'Sign in (multipart form, URL-encoded form or JSON)',
        body: loginBody,
        response: { 200: envelopeSchema(loginAnswerSchema) },
      },
      handler: async (request) =>
        ok(
          await auth.login(
            deps,
            auditContextOf(request),
            request.body.username,
            request.body.password,
          ),
        ),
    });

    app.post(API_PATHS.auth.loginTwoFactor, {
      config: { access: 'public', rateLimit: { max: rate.max, timeWindow: rate.timeWindowMs } },
      schema: {
        tags: ['authentication'],
        summary:
          'Second step of a two-factor sign-in: the challenge and a code, or a recovery code',
        body: loginTwoFactorBody,
        response: { 200: envelopeSchema(loginDataSchema) },
      },
      handler: async (request) => {
        const body = request.body;
        const factor = 'code' in body ? { code: body.code } : { recoveryCode: body.recoveryCode };
        return ok(
          await auth.loginSecondStep(deps, auditContextOf(request), body.challenge, factor),
        );
      },
    });

    app.post(API_PATHS.auth.logout, {
      config: { access: 'signed-in', duringEnrolment: true, duringPasswordChange: true },
      schema: { tags: ['authentication'], response: { 200: envelopeSchema(z.null()) } },
      handler: async (request) => {
        await auth.logout(deps, actorOf(request));
        return ok(null);
      },
    });

    app.get(API_PATHS.auth.status, {
      config: { access: 'signed-in', duringEnrolment: true, duringPasswordChange: true },
      schema: {
        tags: ['authentication'],
        response: {
          200: envelopeSchema(statusDataSchema),
        },
      },
      handler: async (request) => ok(await auth.status(deps, sessionOf(request))),
    });

    app.post(API_PATHS.auth.setCompany, {
      config: { access: 'signed-in' },
      schema: {
        tags: ['authentication'],
        params: z.strictObject({ compId: pathId() }),
        response: { 200: envelopeSchema(z.object({ response: z.boolean() })) },
      },
      handler: async (request) => {
        await auth.setCompany(deps, actorOf(request), request.params.compId);
        return ok({ response: true });
      },
    });
  };
