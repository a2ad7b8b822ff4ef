/** GET /api/dashboard/transactionVa/export and transactionQr/export: one kind's list as CSV, with the list's filters. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dateRangeListQuerySchema, transactionPaths } from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { sessionOf } from '../../../http/access.ts';
import { auditContextOf } from '../../../http/audit-context.ts';
import { renewingSlot, takeLargeReadSlot } from '../../large-reads/slot.ts';
import { requireActiveCompany } from '../../auth/service.ts';
import type { ServerKind } from '../kinds.ts';
import { withExactIdOnAllDates } from '../list/exact-id.ts';
import { parseListRequest } from '../list/list-request.ts';
import { prepareExport } from './csv-export.ts';
import { sendCsv } from './send-csv.ts';

export function exportRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: AppDeps,
  kind: ServerKind,
): void {
  app.get(transactionPaths(kind).export, {
    config: { access: { area: kind.area, action: 'read' as const } },
    schema: {
      tags: ['monitoring'],
      summary: `${kind.resource.entity}: CSV export (${kind.csvFile}), same filters as the list`,
      querystring: dateRangeListQuerySchema,
      produces: ['text/csv'],
    },
    handler: async (request, reply) => {
      const compId = await requireActiveCompany(deps, sessionOf(request));
      // The same rows as the list: an exact id is exported on all dates as it is listed.
      const listRequest = await withExactIdOnAllDates(
        deps,
        parseListRequest(deps, kind, compId, request.query),
      );
      const csv = prepareExport(deps, listRequest, auditContextOf(request));
      const slot = await takeLargeReadSlot(deps, request, reply);
      await sendCsv(reply, kind.csvFile, renewingSlot(slot, csv));
    },
  });
}
