/** GET /api/dashboard/home: the Home figures of the active company. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, envelopeSchema, homeFigures as homeFiguresSchema } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { homeFigures } from './service.ts';

export const homeRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API_PATHS.home, {
      // Any signed-in user; the answer holds only the parts their access map lets them read.
      config: { access: 'signed-in' },
      schema: {
        tags: ['monitoring'],
        summary:
          'Home: today and the last 7 business days for the active company (only the parts the user may read)',
        querystring: z.strictObject({}),
        response: { 200: envelopeSchema(homeFiguresSchema) },
      },
      handler: async (request) => {
        const session = sessionOf(request);
        return ok(
          await homeFigures(deps, session.access, await requireActiveCompany(deps, session)),
        );
      },
    });
  };
