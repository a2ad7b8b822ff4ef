/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"),
 * registered once per kind: each room's routes (list/, export/, detail/) and Inquiry and Notif.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryResult, notifyResult, transactionIdParams, envelopeSchema, transactionPaths } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { recordingProbes } from '../audit/access-denied.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { timelineRoutes } from './detail/timeline-routes.ts';
import { exportRoutes } from './export/export-routes.ts';
import { inquire, runnerOf } from './inquiry.ts';
import { SERVER_KINDS } from './kinds.ts';
import { listRoutes } from './list/list-routes.ts';
import { sendNotification } from './notify.ts';
import { probedTransaction } from './repo.ts';

export const transactionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const companyOf = (request: FastifyRequest) => requireActiveCompany(deps, sessionOf(request));
    for (const kind of SERVER_KINDS) {
      const paths = transactionPaths(kind);
      const config = { access: { area: kind.area, action: 'read' as const } };
      const tags = ['monitoring'];
      listRoutes(app, deps, kind);
      exportRoutes(app, deps, kind);

      app.post(paths.inquiry, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: ask the bank for the payment status (unpaid only)`, params: transactionIdParams, response: { 200: envelopeSchema(inquiryResult) } },
        handler: async (request) => {
          const compId = await companyOf(request);
          const { trctId } = request.params;
          const answer = await recordingProbes(deps, request, compId, probedTransaction(deps.db, trctId), () => inquire(deps, kind, runnerOf(actorOf(request)), compId, trctId));
          return ok(answer.data, answer.message);
        },
      });

      app.post(paths.notify, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: send the payment notification to the merchant now (paid only)`, params: transactionIdParams, response: { 200: envelopeSchema(notifyResult) } },
        handler: async (request) => {
          const compId = await companyOf(request);
          const { trctId } = request.params;
          const answer = await recordingProbes(deps, request, compId, probedTransaction(deps.db, trctId), () => sendNotification(deps, kind, runnerOf(actorOf(request)), compId, trctId));
          return ok(answer.data, answer.message);
        },
      });
    }
    // After every kind's list and actions, as the route table always listed them.
    for (const kind of SERVER_KINDS) timelineRoutes(app, deps, kind);
  };
