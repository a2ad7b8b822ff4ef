/** /api/audit: list, one event, CSV export and the access review; Superadmin only (audit_log.read). */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import {
  API_PATHS,
  AUDIT_AREA,
  AUDIT_CSV_FILES,
  MAX_BIG_ID,
  auditEventRow,
  listPayloadSchema,
  envelopeSchema,
  pathId,
  queryText,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { answerLargePage, mayBeLargePage } from '../large-reads/large-page.ts';
import { renewingSlot, takeLargeReadSlot } from '../large-reads/slot.ts';
import { prepareAccessReview, prepareAuditExport } from './csv-export.ts';
import { batchedAuditList, listAudit, viewAudit } from './service.ts';

const config = { access: { area: AUDIT_AREA, action: 'read' } } as const;
const tags = ['audit'];
const rawQuery = z.record(z.string(), queryText);
const listResponse = envelopeSchema(listPayloadSchema(auditEventRow));

function sendCsv(reply: FastifyReply, file: string, csv: AsyncGenerator<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csv, { objectMode: false }));
}

export const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API_PATHS.audit.list, {
      config,
      schema: {
        tags,
        summary: 'Audit events: list (from, to, page, max, orderField, orderValue, finds[...])',
        querystring: rawQuery,
        response: { 200: listResponse },
      },
      handler: async (request, reply) => {
        if (mayBeLargePage(request.query)) {
          return answerLargePage(
            deps,
            request,
            reply,
            batchedAuditList(deps, auditContextOf(request), request.query),
            { envelope: listResponse, row: auditEventRow },
          );
        }
        return ok(await listAudit(deps, auditContextOf(request), request.query));
      },
    });

    app.get(API_PATHS.audit.export, {
      config,
      schema: {
        tags,
        summary: `Audit events: CSV export (${AUDIT_CSV_FILES.events}), same filters as the list, newest first`,
        querystring: rawQuery,
        produces: ['text/csv'],
      },
      handler: async (request, reply) => {
        // The slot first: a refused export is not recorded as exported.
        const slot = await takeLargeReadSlot(deps, request, reply);
        const csv = await prepareAuditExport(deps, auditContextOf(request), request.query);
        return sendCsv(reply, AUDIT_CSV_FILES.events, renewingSlot(slot, csv));
      },
    });

    app.get(API_PATHS.audit.accessReview, {
      config,
      schema: {
        tags,
        summary: `Access review: every user with status, roles, companies, last sign-in and lock (${AUDIT_CSV_FILES.accessReview})`,
        produces: ['text/csv'],
      },
      handler: async (request, reply) =>
        sendCsv(
          reply,
          AUDIT_CSV_FILES.accessReview,
          await prepareAccessReview(deps, auditContextOf(request)),
        ),
    });

    app.get(API_PATHS.audit.one, {
      config,
      schema: {
        tags,
        summary: 'One audit event (reading it is recorded as audit.viewed)',
        params: z.strictObject({ audtId: pathId(MAX_BIG_ID) }),
        response: { 200: envelopeSchema(auditEventRow) },
      },
      handler: async (request) =>
        ok(await viewAudit(deps, auditContextOf(request), request.params.audtId)),
    });
  };
