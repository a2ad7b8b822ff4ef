/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"):
 * list, CSV export, inquiry and notification, registered once per kind from one definition.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inquiryResult, notifyResult, transactionTotals, type RawQuery } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { envelopeOf, ok } from '../../http/envelope.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { prepareExport } from './csv-export.ts';
import { inquire } from './inquiry.ts';
import { SERVER_KINDS } from './kinds.ts';
import { sendNotification } from './notify.ts';
import { list } from './service.ts';

const rawQuery = z.record(z.string(), z.string());
const idParams = z.strictObject({ trctId: z.coerce.number().int().positive() });
const pagination = z.object({ totalData: z.number(), totalPage: z.number(), page: z.number(), itemPerPage: z.number() });
const fieldMeta = z.object({ Field: z.string(), Label: z.string(), Type: z.string(), Key: z.string(), input: z.string(), options_api_path: z.string().nullable() });

export const transactionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const companyOf = (request: FastifyRequest) => requireActiveCompany(deps, sessionOf(request));
    for (const kind of SERVER_KINDS) {
      const base = kind.resource.path;
      const config = { access: { area: kind.area, action: 'read' as const } };
      const tags = ['monitoring'];
      const listSchema = {
        tags,
        summary: `${kind.resource.entity}: list (from, to, page, max, orderField, orderValue, finds[...])`,
        querystring: rawQuery,
        response: { 200: envelopeOf(z.object({ data: z.array(kind.rowSchema), total: transactionTotals, pagination, fields: z.array(fieldMeta) })) },
      };
      const listHandler = async (request: FastifyRequest) => ok(await list(deps, kind, await companyOf(request), request.query as RawQuery));
      app.get(base, { config, schema: listSchema }, (request) => listHandler(request));
      app.get(`${base}/`, { config, schema: { ...listSchema, hide: true } }, (request) => listHandler(request));

      app.get(`${base}/export.csv`, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: CSV export (${kind.csvFile}), same filters as the list`, querystring: rawQuery, produces: ['text/csv'] },
        handler: async (request, reply) => {
          const csv = prepareExport(deps, kind, await companyOf(request), request.query);
          return reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${kind.csvFile}"`)
            .header('cache-control', 'no-store')
            .send(Readable.from(csv, { objectMode: false }));
        },
      });

      app.post(`${base}/inquiry_status/:trctId`, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: ask the bank for the payment status ('03' only)`, params: idParams, response: { 200: envelopeOf(inquiryResult) } },
        handler: async (request) => {
          const answer = await inquire(deps, kind, await companyOf(request), request.params.trctId);
          return ok(answer.data, answer.message);
        },
      });

      app.post(`${base}/send_notification/:trctId`, {
        config,
        schema: { tags, summary: `${kind.resource.entity}: send the payment notification to the merchant now ('00' only)`, params: idParams, response: { 200: envelopeOf(notifyResult) } },
        handler: async (request) => {
          const answer = await sendNotification(deps, kind, await companyOf(request), request.params.trctId);
          return ok(answer.data, answer.message);
        },
      });
    }
  };
