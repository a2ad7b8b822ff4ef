/**
 * POST /api/dashboard/transactionVa/{inquiry_status,send_notification}/{trctId} and the same under
 * transactionQr (spec §7): a transaction's two actions, inquiry and resend, for each kind. They
 * need the screen's read permission (spec §6), like the buttons that call them.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelopeSchema,
  inquiryResult,
  resendResult,
  transactionIdParams,
  transactionPaths,
  type TransactionAction,
} from '@tagih/contract';
import type { z } from 'zod';
import type { AppDeps } from '../../../deps.ts';
import { sessionOf } from '../../../http/access.ts';
import { actorOf } from '../../../http/audit-context.ts';
import { ok } from '../../../http/envelope.ts';
import { recordingProbes } from '../../audit/access-denied.ts';
import { requireActiveCompany } from '../../auth/service.ts';
import { SERVER_KINDS } from '../kinds.ts';
import { probedTransaction } from '../repo.ts';
import { runnerOf, type ActionAnswer, type ActionRequest } from './action-runner.ts';
import { inquire } from './inquiry.ts';
import { resend } from './resend.ts';

interface ActionRoute<T> {
  summary: string;
  result: z.ZodType<T>;
  run: (deps: AppDeps, request: ActionRequest) => Promise<ActionAnswer<T>>;
}

const ROUTES: { [A in TransactionAction]: ActionRoute<unknown> } = {
  inquiry: {
    summary: 'ask the bank for the payment status (unpaid only)',
    result: inquiryResult,
    run: inquire,
  },
  resend: {
    summary: 'send the payment notification to the merchant now (paid only; the Notif button)',
    result: resendResult,
    run: resend,
  },
};

export const transactionActionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const companyOf = (request: FastifyRequest) => requireActiveCompany(deps, sessionOf(request));
    for (const kind of SERVER_KINDS) {
      const paths = transactionPaths(kind);
      for (const [action, { summary, result, run }] of Object.entries(ROUTES) as [
        TransactionAction,
        ActionRoute<unknown>,
      ][]) {
        app.post(paths[action], {
          config: { access: { area: kind.area, action: 'read' } },
          schema: {
            tags: ['monitoring'],
            summary: `${kind.resource.entity}: ${summary}`,
            params: transactionIdParams,
            response: { 200: envelopeSchema(result) },
          },
          handler: async (request) => {
            const compId = await companyOf(request);
            const { trctId } = request.params;
            const runner = runnerOf(actorOf(request));
            const answer = await recordingProbes(
              deps,
              request,
              compId,
              probedTransaction(deps.db, trctId),
              () => run(deps, { kind, runner, compId, trctId }),
            );
            return ok(answer.data, answer.message);
          },
        });
      }
    }
  };
