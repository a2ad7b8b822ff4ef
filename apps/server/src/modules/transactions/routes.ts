/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"):
 * list, CSV export, inquiry and notification, registered once per kind from one definition.
 */
import { z } from 'zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryResult, notifyResult, transactionTotals, type RawQuery, envelopeSchema, dateRangeListQuerySchema, listPayloadSchema, transactionPaths } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf, auditContextOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { recordingProbes } from '../audit/access-denied.ts';
import { answerLargePage, mayBeLargePage } from '../large-reads/large-page.ts';
import { renewingSlot, takeLargeReadSlot } from '../large-reads/slot.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { prepareExport } from './csv-export.ts';
import { inquire, runnerOf } from './inquiry.ts';
import { SERVER_KINDS } from './kinds.ts';
import { sendNotification } from './notify.ts';
import { sendCsv } from './send-csv.ts';
import { probedTransaction } from './repo.ts';
import { batchedList, list } from './service.ts';

const idParams = z.strictObject({ trctId: z.coerce.number().int().positive() });

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
      const rowSchemas = { envelope: listSchema.response[200], row: kind.rowSchema };
      const listHandler = async (request: FastifyRequest, reply: FastifyReply) => {
        const raw = request.query as RawQuery;
        const compId = await companyOf(request);
        if (mayBeLargePage(raw)) return answerLargePage(deps, request, reply, batchedList(deps, kind, compId, raw), rowSchemas);
        return ok(await list(deps, kind, compId, raw));
      };
      app.get(paths.list, { config, schema: listSchema }, listHandler);
      // The spec writes the list with a trailing slash; both spellings answer.
      app.get(`${paths.list}/`, { config, schema: { ...listSchema, hide: true } }, listHandler);

      app.get(paths.export, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: CSV export (${kind.csvFile}), same filters as the list`, querystring: dateRangeListQuerySchema, produces: ['text/csv'] },
        handler: async (request, reply) => {
          const compId = await companyOf(request);
          const csv = prepareExport(deps, kind, auditContextOf(request), compId, request.query);
          const slot = await takeLargeReadSlot(deps, request, reply);
          await sendCsv(reply, kind.csvFile, renewingSlot(slot, csv));
        },
      });

      app.post(paths.inquiry, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: ask the bank for the payment status (unpaid only)`, params: idParams, response: { 200: envelopeSchema(inquiryResult) } },
        handler: async (request) => {
          const compId = await companyOf(request);
          const { trctId } = request.params;
          const answer = await recordingProbes(deps, request, compId, probedTransaction(deps.db, trctId), () => inquire(deps, kind, runnerOf(actorOf(request)), compId, trctId));
          return ok(answer.data, answer.message);
        },
      });

      app.post(paths.notify, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: send the payment notification to the merchant now (paid only)`, params: idParams, response: { 200: envelopeSchema(notifyResult) } },
        handler: async (request) => {
          const compId = await companyOf(request);
          const { trctId } = request.params;
          const answer = await recordingProbes(deps, request, compId, probedTransaction(deps.db, trctId), () => sendNotification(deps, kind, runnerOf(actorOf(request)), compId, trctId));
          return ok(answer.data, answer.message);
        },
      });
    }
  };
