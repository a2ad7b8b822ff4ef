/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"):
 * list and CSV export, registered once per kind from one definition (the two actions, inquiry and
 * resend: actions/routes.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { transactionTotals, type RawQuery, envelopeSchema, dateRangeListQuerySchema, listPayloadSchema, transactionPaths } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { answerLargePage, mayBeLargePage } from '../large-reads/large-page.ts';
import { renewingSlot, takeLargeReadSlot } from '../large-reads/slot.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { prepareExport } from './csv-export.ts';
import { SERVER_KINDS } from './kinds.ts';
import { sendCsv } from './send-csv.ts';
import { batchedList, list } from './service.ts';

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
    }
  };
