/**
 * /api/recon/*: import a bank statement (multipart, one file) or pull one from the bank, list the imports; the break queue,
 * its counts by category, one break with its history, resolve one, resolve many. Read needs
 * reconciliation.read, an import reconciliation.create, a resolution reconciliation.update.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  RECON_AREA,
  importProgress,
  importProgressParams,
  RECON_BREAKS_CSV_FILE,
  RECON_MAX_FILE_BYTES,
  breakCountsSchema,
  breakDetail,
  breakIdParams,
  breakRow,
  bulkResolveBody,
  bulkResolveResult,
  dateRangeListQuerySchema,
  envelopeSchema,
  listPayloadSchema,
  paginationSchema,
  resolveBody,
  resolveResult,
  statementImportFields,
  statementImportResult,
  statementListQuery,
  statementPullBody,
  statementRow,
  type RawQuery,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { actorOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { NotFound } from '../../shared/errors.ts';
import { uploadConfig, uploadedFile } from '../../http/uploads.ts';
import { breakDetail as detailOf, countBreaks, listBreaks } from './queue.ts';
import { pullStatement } from './pull/pull-statement.ts';
import { prepareQueueExport } from './queue-export.ts';
import { sendParts } from '../../http/send-parts.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { bulkResolve } from './resolve-bulk.ts';
import { resolveBreak } from './resolve-one.ts';
import { ImportProgressBoard } from './import-progress.ts';
import { importStatement } from './statement-import.ts';
import { releaseImportSlot, takeImportSlot } from './import-slot.ts';
import { listStatements } from './statements.ts';

const tags = ['reconciliation'];
const access = (action: 'read' | 'create' | 'update') => ({ access: { area: RECON_AREA, action } });

export const reconRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const paths = API_PATHS.recon;
    const progressBoard = new ImportProgressBoard();

    app.post(paths.statements, {
      config: { ...access('create'), ...uploadConfig(RECON_MAX_FILE_BYTES) },
      // One import per user at a time, settled before the file is read (import-slot.ts).
      preParsing: async (request, reply, payload) => {
        await app.admitRequest(request);
        await takeImportSlot(deps, request, reply);
        return payload;
      },
      onSend: async (request, _reply, payload) => {
        await releaseImportSlot(request);
        return payload;
      },
      schema: {
        tags,
        summary:
          "Import a bank statement: multipart field file (MT940/MT942, BCA Bisnis CSV, Mandiri MCM CSV, or a CSV read with its account's mapping), optional format, baccId and progressId (then GET …/progress/{progressId} tells how far it is)",
        consumes: ['multipart/form-data'],
        body: statementImportFields,
        response: { 200: envelopeSchema(statementImportResult) },
      },
      handler: async (request) => {
        const { format, baccId, progressId } = request.body;
        const file = uploadedFile(request);
        const progress = progressBoard.sinkFor(progressId, sessionOf(request).userId);
        const result = await importStatement(
          deps,
          actorOf(request),
          { path: file.path, fileName: file.fileName },
          { format, baccId, progress },
        );
        return ok(
          result,
          result.alreadyImported
            ? 'This statement was imported before; nothing was added.'
            : 'Statement imported.',
        );
      },
    });

    app.post(paths.pull, {
      config: access('create'),
      schema: {
        tags,
        summary:
          "Ask the bank for an account's statement over SNAP bank-statement (from, to: business days, default yesterday) and import it as a file would be",
        body: statementPullBody,
        response: { 200: envelopeSchema(statementImportResult.extend({ pages: z.number() })) },
      },
      handler: async (request) => {
        const result = await pullStatement(deps, actorOf(request), request.body);
        return ok(
          result,
          result.alreadyImported
            ? 'The bank sent the same statement as before; nothing was added.'
            : 'Statement pulled and imported.',
        );
      },
    });

    app.get(paths.importProgress, {
      config: access('create'),
      schema: {
        tags,
        summary:
          "How far the caller's import named progressId is (kept by the server running it, ten minutes)",
        params: importProgressParams,
        response: { 200: envelopeSchema(importProgress) },
      },
      handler: async (request) => {
        const found = progressBoard.read(request.params.progressId, sessionOf(request).userId);
        if (!found) throw new NotFound('No import of yours by that name on this server');
        return ok(found);
      },
    });

    app.get(paths.statements, {
      config: access('read'),
      schema: {
        tags,
        summary: 'Imported statements, newest first (page, max, baccId)',
        querystring: statementListQuery,
        response: {
          200: envelopeSchema(
            z.object({ data: z.array(statementRow), pagination: paginationSchema }),
          ),
        },
      },
      handler: async (request) => ok(await listStatements(deps, sessionOf(request), request.query)),
    });

    app.get(paths.breaks, {
      config: access('read'),
      schema: {
        tags,
        summary:
          "The break queue: the list query (finds[category], finds[status], …) plus from, to on the break's date",
        querystring: dateRangeListQuerySchema,
        response: { 200: envelopeSchema(listPayloadSchema(breakRow)) },
      },
      handler: async (request) =>
        ok(await listBreaks(deps, sessionOf(request), request.query as RawQuery)),
    });

    app.get(paths.breakCounts, {
      config: access('read'),
      schema: {
        tags,
        summary: 'Open breaks by category (expected apart), with the same filters as the queue',
        querystring: dateRangeListQuerySchema,
        response: { 200: envelopeSchema(breakCountsSchema) },
      },
      handler: async (request) =>
        ok(await countBreaks(deps, sessionOf(request), request.query as RawQuery)),
    });

    app.get(paths.breaksExport, {
      config: access('read'),
      schema: {
        tags,
        summary:
          "The break queue as CSV: the queue's filters and order, every page (cells that read as formulas neutralised)",
        querystring: dateRangeListQuerySchema,
        produces: ['text/csv'],
      },
      handler: async (request, reply) => {
        const csv = await prepareQueueExport(
          deps,
          sessionOf(request),
          auditContextOf(request),
          request.query as RawQuery,
        );
        await sendParts(
          reply,
          {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="${RECON_BREAKS_CSV_FILE}"`,
          },
          csv,
          'Break queue export',
        );
      },
    });

    app.get(paths.break, {
      config: access('read'),
      schema: {
        tags,
        summary:
          'One break with the rule of its match, its nearest candidate, differences and history',
        params: breakIdParams,
        response: { 200: envelopeSchema(breakDetail) },
      },
      handler: async (request) =>
        ok(await detailOf(deps, sessionOf(request), request.params.rbrkId)),
    });

    app.post(paths.resolve, {
      config: access('update'),
      schema: {
        tags,
        summary:
          'Resolve a break: accept, link (trctId or lineId), inquiry, notify, reopen; a reason is required',
        params: breakIdParams,
        body: resolveBody,
        response: { 200: envelopeSchema(resolveResult) },
      },
      handler: async (request) => {
        const resolved = await resolveBreak(
          deps,
          actorOf(request),
          request.params.rbrkId,
          request.body,
        );
        return ok(resolved, resolved.message);
      },
    });

    app.post(paths.bulkResolve, {
      config: access('update'),
      schema: {
        tags,
        summary:
          "Resolve many breaks (ids, or the queue's list query): accept, inquiry, notify, reopen; dryRun previews",
        body: bulkResolveBody,
        response: { 200: envelopeSchema(bulkResolveResult) },
      },
      handler: async (request) => ok(await bulkResolve(deps, actorOf(request), request.body)),
    });
  };
