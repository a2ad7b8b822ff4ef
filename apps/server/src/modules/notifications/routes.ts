/** /api/dashboard/notification and /api/dashboard/notification/{id} (spec §7). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MAX_BIG_ID,
  NOTIFICATIONS_AREA,
  pathId,
  dateRangeListQuerySchema,
  envelopeSchema,
  listPayloadSchema,
  notificationDetail,
  notificationRow,
  paginationSchema,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { recordingProbes } from '../audit/access-denied.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { answerLargePage, isLargePageSize } from '../large-reads/large-page.ts';
import { parseNotificationListRequest } from './list-request.ts';
import { probedNotification } from './repo.ts';
import { batchedList, detail, list } from './service.ts';

const config = { access: { area: NOTIFICATIONS_AREA, action: 'read' } } as const;

export const notificationRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const listResponse = envelopeSchema(listPayloadSchema(notificationRow));
    app.get(API_PATHS.notifications.list, {
      config,
      schema: {
        tags: ['monitoring'],
        summary:
          'Notifications: list (finds[notiOrderId], finds[notiStatus], from, to, paging, order)',
        querystring: dateRangeListQuerySchema,
        response: { 200: listResponse },
      },
      handler: async (request, reply) => {
        const compId = await requireActiveCompany(deps, sessionOf(request));
        const listRequest = parseNotificationListRequest(deps, compId, request.query);
        if (isLargePageSize(listRequest.query.max)) {
          return answerLargePage(deps, request, reply, batchedList(deps, listRequest), {
            envelope: listResponse,
            row: notificationRow,
          });
        }
        return ok(await list(deps, listRequest));
      },
    });

    app.get(API_PATHS.notifications.one, {
      config,
      schema: {
        tags: ['monitoring'],
        summary: 'One notification with its history (one row per delivery attempt)',
        params: z.strictObject({ notiId: pathId(MAX_BIG_ID) }),
        response: {
          200: envelopeSchema(notificationDetail.extend({ pagination: paginationSchema })),
        },
      },
      handler: async (request) => {
        const compId = await requireActiveCompany(deps, sessionOf(request));
        const { notiId } = request.params;
        return ok(
          await recordingProbes(deps, request, compId, probedNotification(deps.db, notiId), () =>
            detail(deps, compId, notiId),
          ),
        );
      },
    });
  };
