/** /api/dashboard/notification and /api/dashboard/notification/{id} (spec §7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationDetail, notificationRow } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { detail, list } from './service.ts';

const pagination = z.object({ totalData: z.number(), totalPage: z.number(), page: z.number(), itemPerPage: z.number() });
const fieldMeta = z.object({ Field: z.string(), Label: z.string(), Type: z.string(), Key: z.string(), input: z.string(), options_api_path: z.string().nullable() });
const config = { access: { area: 'dashboard_notification', action: 'read' } } as const;

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/dashboard/notification', {
      config,
      schema: {
        tags: ['monitoring'],
        summary: 'Notifications: list (finds[notiOrderId], finds[notiStatus], from, to, paging, order)',
        querystring: z.record(z.string(), z.string()),
        response: { 200: envelopeOf(z.object({ data: z.array(notificationRow), pagination, fields: z.array(fieldMeta) })) },
      },
      handler: async (request) => ok(await list(deps, await requireActiveCompany(deps, sessionOf(request)), request.query)),
    });

    app.get('/dashboard/notification/:notiId', {
      config,
      schema: {
        tags: ['monitoring'],
        summary: 'One notification with its history (one row per delivery attempt)',
        params: z.strictObject({ notiId: z.coerce.number().int().positive() }),
        response: { 200: envelopeOf(notificationDetail.extend({ pagination })) },
      },
      handler: async (request) => ok(await detail(deps, await requireActiveCompany(deps, sessionOf(request)), request.params.notiId)),
    });
  };
