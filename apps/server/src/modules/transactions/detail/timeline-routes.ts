/** GET /api/dashboard/transactionVa/{trctId} and transactionQr/{trctId}: one transaction with its timeline. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RECON_AREA,
  can,
  envelopeSchema,
  transactionDetail,
  transactionIdParams,
  transactionPaths,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import { sessionOf } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { recordingProbes } from '../../audit/access-denied.ts';
import { requireActiveCompany } from '../../auth/service.ts';
import type { ServerKind } from '../kinds.ts';
import { probedTransaction } from '../repo.ts';
import { transactionDetail as detailOf } from './timeline.ts';

export function timelineRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  deps: AppDeps,
  kind: ServerKind,
): void {
  app.get(transactionPaths(kind).detail, {
    // The same permission as the list: reading the screen.
    config: { access: { area: kind.area, action: 'read' as const } },
    schema: {
      tags: ['monitoring'],
      summary: `${kind.resource.entity}: one transaction with its VA/QRIS detail, notification and timeline (created, inquiries, status changes, deliveries, operator actions)`,
      params: transactionIdParams,
      response: { 200: envelopeSchema(transactionDetail) },
    },
    handler: async (request) => {
      const session = sessionOf(request);
      const compId = await requireActiveCompany(deps, session);
      const { trctId } = request.params;
      const withRecon = can(session.access, RECON_AREA, 'read');
      return ok(
        await recordingProbes(deps, request, compId, probedTransaction(deps.db, trctId), () =>
          detailOf(deps, kind, compId, trctId, withRecon),
        ),
      );
    },
  });
}
