/** /api/dashboard/notification and /api/dashboard/notification/{id} (spec §7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, MAX_BIG_ID, NOTIFICATIONS_AREA, pathId, dateRangeListQuerySchema, envelopeSchema, listPayloadSchema, notificationDetail, notificationRow, paginationSchema } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { detail, list } from './service.ts';

const config = { access: { area: NOTIFICATIONS_AREA, action: 'read' } } as const;

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API_PATHS.notifications.list, {
      config,
      schema: {
        tags: ['monitoring'],
        summary: 'Notifications: list (finds[notiOrderId], finds[notiStatus], from, to, paging, order)',
        querystring: dateRangeListQuerySchema,
        response: { 200: envelopeSchema(listPayloadSchema(notificationRow)) },
      },
      handler: async (request) => ok(await list(deps, await requireActiveCompany(deps, sessionOf(request)), request.query)),
    });

    app.get(API_PATHS.notifications.one, {
      config,
      schema: {
        tags: ['monitoring'],
        summary: 'One notification with its history (one row per delivery attempt)',
        params: z.strictObject({ notiId: pathId(MAX_BIG_ID) }),
        response: { 200: envelopeSchema(notificationDetail.extend({ pagination: paginationSchema })) },
      },
      handler: async (request) => ok(await detail(deps, await requireActiveCompany(deps, sessionOf(request)), request.params.notiId)),
    });
  };
