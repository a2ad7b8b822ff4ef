/** GET /api/dashboard/transactionVa/ and transactionQr/ (spec §7 "Dashboard"): one kind's list with its totals. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  transactionListExtras,
  type RawQuery,
  envelopeSchema,
  dateRangeListQuerySchema,
  listPayloadSchema,
  transactionPaths,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { sessionOf } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { answerLargePage, isLargePageSize } from '../../large-reads/large-page.ts';
import { requireActiveCompany } from '../../auth/service.ts';
import type { ServerKind } from '../kinds.ts';
import { withExactIdOnAllDates } from './exact-id.ts';
import { parseListPageRequest } from './list-request.ts';
import { batchedList, list } from './list-service.ts';

export function listRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: AppDeps,
  kind: ServerKind,
): void {
  const paths = transactionPaths(kind);
  const config = { access: { area: kind.area, action: 'read' as const } };
  const listSchema = {
    tags: ['monitoring'],
    summary: `${kind.resource.entity}: list (from, to, page, max, orderField, orderValue, finds[...])`,
    querystring: dateRangeListQuerySchema,
    response: {
      200: envelopeSchema(listPayloadSchema(kind.rowSchema).extend(transactionListExtras)),
    },
  };
  const rowSchemas = { envelope: listSchema.response[200], row: kind.rowSchema };
  const listHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const compId = await requireActiveCompany(deps, sessionOf(request));
    const listRequest = await withExactIdOnAllDates(
      deps,
      parseListPageRequest(deps, kind, compId, request.query as RawQuery),
    );
    if (isLargePageSize(listRequest.query.max))
      return answerLargePage(deps, request, reply, batchedList(deps, listRequest), rowSchemas);
    return ok(await list(deps, listRequest));
  };
  app.get(paths.list, { config, schema: listSchema }, listHandler);
  // The spec writes the list with a trailing slash; both spellings answer.
  app.get(`${paths.list}/`, { config, schema: { ...listSchema, hide: true } }, listHandler);
}
