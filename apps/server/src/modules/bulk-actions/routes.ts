/**
 * /api/bulk-actions: preview, start, list, one job, cancel. The screen a
 * selection comes from is in the body, so its read permission (the single actions' own) is
 * checked here rather than by the route's declaration, and a refusal is recorded as the guard's
 * are (access.denied).
 */
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  MESSAGES,
  bulkJob,
  pathId,
  bulkJobDetail,
  bulkJobListQuery,
  bulkPreview,
  bulkPreviewRequest,
  bulkStartRequest,
  can,
  envelopeSchema,
  type BulkSource,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { Forbidden } from '../../shared/errors.ts';
import { accessDenialRecorder } from '../audit/access-denied.ts';
import { requireActiveCompany } from '../auth/service.ts';
import { areaOfSource } from './selection.ts';
import * as bulk from './service.ts';

const tags = ['monitoring'];
const config = { access: 'signed-in' } as const;
const jobParams = z.strictObject({ jobId: pathId() });

export const bulkActionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const recordDenial = accessDenialRecorder(deps);

    /** The source screen's read permission, or 403 (recorded). */
    const requireRead = async (request: FastifyRequest, source: BulkSource) => {
      const area = areaOfSource(source);
      if (can(sessionOf(request).access, area, 'read')) return;
      const needed = `${area}.read`;
      await recordDenial({
        request,
        method: request.method,
        path: request.routeOptions.url ?? request.url.split('?')[0]!,
        needed,
      }).catch((error: unknown) => request.log.error(error, 'could not record the access denial'));
      throw new Forbidden(`${MESSAGES.forbidden} (needs ${needed})`);
    };
    const companyOf = (request: FastifyRequest) => requireActiveCompany(deps, sessionOf(request));
    const ownJob = async (request: FastifyRequest, jobId: number) => {
      const row = await bulk.ownJob(deps, sessionOf(request), await companyOf(request), jobId);
      await requireRead(request, row.bulkSource as BulkSource);
      return row;
    };

    app.post(API_PATHS.bulkActions.preview, {
      config,
      schema: {
        tags,
        summary:
          'Bulk action: how many of a selection would be acted on, what is skipped and why, where they go',
        body: bulkPreviewRequest,
        response: { 200: envelopeSchema(bulkPreview) },
      },
      handler: async (request) => {
        await requireRead(request, request.body.source);
        return ok(
          await bulk.preview(deps, sessionOf(request), await companyOf(request), request.body),
        );
      },
    });

    app.post(API_PATHS.bulkActions.list, {
      config,
      schema: {
        tags,
        summary:
          'Bulk action: start a job (reason required; the same idempotencyKey returns the same job)',
        body: bulkStartRequest,
        response: { 200: envelopeSchema(bulkJob) },
      },
      handler: async (request) => {
        await requireRead(request, request.body.source);
        return ok(
          await bulk.start(
            deps,
            sessionOf(request),
            auditContextOf(request),
            await companyOf(request),
            request.body,
          ),
        );
      },
    });

    app.get(API_PATHS.bulkActions.list, {
      config,
      schema: {
        tags,
        summary: `Bulk action: the user's jobs in the active company, newest first (at most ${bulk.JOB_LIST_LIMIT})`,
        querystring: bulkJobListQuery,
        response: { 200: envelopeSchema(z.array(bulkJob)) },
      },
      handler: async (request) =>
        ok(await bulk.list(deps, sessionOf(request), await companyOf(request), request.query)),
    });

    app.get(API_PATHS.bulkActions.one, {
      config,
      schema: {
        tags,
        summary: 'Bulk action: one job of the user with its items in order',
        params: jobParams,
        response: { 200: envelopeSchema(bulkJobDetail) },
      },
      handler: async (request) =>
        ok(await bulk.detail(deps, await ownJob(request, request.params.jobId))),
    });

    app.post(API_PATHS.bulkActions.cancel, {
      config,
      schema: {
        tags,
        summary: 'Bulk action: cancel a job (what has not run yet is skipped)',
        params: jobParams,
        response: { 200: envelopeSchema(bulkJob) },
      },
      handler: async (request) =>
        ok(
          await bulk.cancel(
            deps,
            auditContextOf(request),
            await ownJob(request, request.params.jobId),
          ),
        ),
    });
  };
