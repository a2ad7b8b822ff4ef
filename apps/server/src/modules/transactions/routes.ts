/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"):
 * list, CSV export, inquiry and notification, registered once per kind from one definition.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryResult, notifyResult, transactionIdParams, transactionTotals, type RawQuery, envelopeSchema, dateRangeListQuerySchema, listPayloadSchema, transactionPaths } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf, auditContextOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { prepareExport } from './csv-export.ts';
import { inquire, runnerOf } from './inquiry.ts';
import { SERVER_KINDS } from './kinds.ts';
import { sendNotification } from './notify.ts';
import { sendCsv } from './send-csv.ts';
import { list } from './service.ts';

export const transactionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const companyOf = (request: FastifyRequest) => requireActiveCompany(deps, sessionOf(request));
    for (const kind of SERVER_KINDS) {
      const paths = transactionPaths(kind);
      const config = { access: { area: kind.area, action: 'read' as const } };
      const tags = ['monitoring'];
      const listSchema = {
        tags,
        summary: `${kind.resource.entity}: list (from, to, page, max, orderField, orderValue, finds[...])`,
        querystring: dateRangeListQuerySchema,
        response: { 200: envelopeSchema(listPayloadSchema(kind.rowSchema).extend({ total: transactionTotals })) },
      };
      const listHandler = async (request: FastifyRequest) => ok(await list(deps, kind, await companyOf(request), request.query as RawQuery));
      app.get(paths.list, { config, schema: listSchema }, (request) => listHandler(request));
      // The spec writes the list with a trailing slash; both spellings answer.
      app.get(`${paths.list}/`, { config, schema: { ...listSchema, hide: true } }, (request) => listHandler(request));

      app.get(paths.export, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: CSV export (${kind.csvFile}), same filters as the list`, querystring: dateRangeListQuerySchema, produces: ['text/csv'] },
        handler: async (request, reply) => {
          const compId = await companyOf(request);
          await sendCsv(reply, kind.csvFile, prepareExport(deps, kind, auditContextOf(request), compId, request.query));
        },
      });

      app.post(paths.inquiry, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: ask the bank for the payment status (unpaid only)`, params: transactionIdParams, response: { 200: envelopeSchema(inquiryResult) } },
        handler: async (request) => {
          const answer = await inquire(deps, kind, runnerOf(actorOf(request)), await companyOf(request), request.params.trctId);
          return ok(answer.data, answer.message);
        },
      });

      app.post(paths.notify, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: send the payment notification to the merchant now (paid only)`, params: transactionIdParams, response: { 200: envelopeSchema(notifyResult) } },
        handler: async (request) => {
          const answer = await sendNotification(deps, kind, runnerOf(actorOf(request)), await companyOf(request), request.params.trctId);
          return ok(answer.data, answer.message);
        },
      });
    }
  };
