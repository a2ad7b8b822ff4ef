/**
 * GET /api/dashboard/transactionVa/export.csv and transactionQr/export.csv: one kind's list as
 * the spec's CSV, with the list's filters; export.xlsx: the same rows as an Excel workbook
 * (xlsx-export.ts). Both take the same query, permission, company, large-read slot and audit;
 * any other export.{format} is a 400 that names the two.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MESSAGES,
  dateRangeListQuerySchema,
  exportFormatParams,
  transactionPaths,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { sessionOf } from '../../../http/access.ts';
import { auditContextOf } from '../../../http/audit-context.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { Invalid } from '../../../shared/errors.ts';
import { renewingSlot, takeLargeReadSlot } from '../../large-reads/slot.ts';
import { requireActiveCompany } from '../../auth/service.ts';
import type { ServerKind } from '../kinds.ts';
import { withExactIdOnAllDates } from '../list/exact-id.ts';
import { parseListRequest, type TransactionListRequest } from '../list/list-request.ts';
import { prepareExport } from './csv-export.ts';
import { csvAttachment, sendAttachment, type Attachment } from './send-csv.ts';
import { prepareXlsxExport, xlsxAttachment } from './xlsx-export.ts';

interface ExportFile extends Attachment {
  path: string;
  prepare: (
    deps: AppDeps,
    request: TransactionListRequest,
    context: AuditContext,
  ) => AsyncGenerator<string | Buffer>;
}

const access = (kind: ServerKind) => ({ access: { area: kind.area, action: 'read' as const } });

export function exportRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: AppDeps,
  kind: ServerKind,
): void {
  const paths = transactionPaths(kind);
  const files: ExportFile[] = [
    { path: paths.export, ...csvAttachment(kind.csvFile), prepare: prepareExport },
    { path: paths.exportXlsx, ...xlsxAttachment(kind.xlsxFile), prepare: prepareXlsxExport },
  ];
  for (const file of files) {
    app.get(file.path, {
      config: access(kind),
      schema: {
        tags: ['monitoring'],
        summary: `${kind.resource.entity}: ${file.what} (${file.file}), same filters as the list`,
        querystring: dateRangeListQuerySchema,
        produces: [file.contentType.split(';')[0]!],
      },
      handler: async (request, reply) => {
        const compId = await requireActiveCompany(deps, sessionOf(request));
        // The same rows as the list: an exact id is exported on all dates as it is listed.
        const listRequest = await withExactIdOnAllDates(
          deps,
          parseListRequest(deps, kind, compId, request.query),
        );
        const parts = file.prepare(deps, listRequest, auditContextOf(request));
        const slot = await takeLargeReadSlot(deps, request, reply);
        await sendAttachment(reply, file, renewingSlot(slot, parts));
      },
    });
  }

  app.get(paths.exportOther, {
    config: access(kind),
    schema: {
      tags: ['monitoring'],
      summary: `${kind.resource.entity}: any other export format is refused (400)`,
      params: exportFormatParams,
    },
    handler: async (request) => {
      throw new Invalid(MESSAGES.unknownExportFormat(request.params.format));
    },
  });
}
