/**
 * What Inquiry (inquiry.ts) and resend (resend.ts, the Notif button) share, run the same way for an
 * operator's request and for an item of a bulk job (modules/bulk-actions): the transaction found
 * in the company and allowed by its status (contract ACTION_STATUS), the throttles (throttle.ts),
 * and the audit event each try leaves (contract ACTION_AUDIT), which names the bulk job if any.
 */
import {
  ACTION_AUDIT,
  actionAllowed,
  transactionStatusLabel,
  type TransactionAction,
} from '@tagih/contract';
import type { AppDeps } from '../../../deps.ts';
import type { DbOrTx } from '../../../db/tables.ts';
import type { Actor } from '../../../shared/actor.ts';
import type { AuditContext } from '../../../shared/audit-context.ts';
import { NotFound, type AppError } from '../../../shared/errors.ts';
import { recordAudit } from '../../audit/service.ts';
import type { ServerKind } from '../kinds.ts';
import * as repo from '../repo.ts';
import { admitAction } from './throttle.ts';

/** An action's answer: the operator's words (status.message) and the data. */
export interface ActionAnswer<T> {
  message: string;
  data: T;
}

/**
 * Who runs the action: an operator's own request (their per-user budget applies), or an item of a
 * bulk job (paced by the job's per-bank / per-merchant rate instead, and its audit events name the
 * job). Everything else is the same for both.
 */
export interface ActionRunner {
  audit: AuditContext;
  /** Whose per-minute budget the action uses (throttle.ts); null for a bulk item. */
  budgetUserId: string | null;
  bulkJobId?: number;
}

export const runnerOf = (actor: Actor): ActionRunner => ({
  audit: actor.audit,
  budgetUserId: actor.session.userId,
});

/** One action asked on one transaction: of which kind and company, by whom. */
export interface ActionRequest {
  kind: ServerKind;
  runner: ActionRunner;
  compId: number;
  trctId: number;
}

/** How an action differs in what the runner does for it. */
export interface ActionRules {
  action: TransactionAction;
  /** How long one run holds its transaction at most (one at a time); null: no lease (the action has its own). */
  leaseMs: number | null;
  /** The error for a transaction whose status does not allow the action (`status` in words). */
  notAllowed: (t: repo.ActionRow, status: string) => AppError;
}

/** Writes the action's audit event on its transaction: a success or a failure, with the action's own details. */
export type ActionAudit = (
  db: DbOrTx,
  success: boolean,
  details: Record<string, unknown>,
) => Promise<void>;

/**
 * Finds the transaction (404 when it is not the company's or not of this kind), checks its status
 * allows the action (before anything is counted), admits it through the throttles (429), then
 * runs it with the transaction and its audit writer; the lease, if any, ends with the run.
 */
export async function runAction<T>(
  deps: AppDeps,
  request: ActionRequest,
  rules: ActionRules,
  run: (t: repo.ActionRow, audit: ActionAudit) => Promise<ActionAnswer<T>>,
): Promise<ActionAnswer<T>> {
  const { kind, runner, compId, trctId } = request;
  const t = await repo.findForAction(deps.db, kind, compId, trctId);
  if (!t) throw new NotFound(`Transaction ${trctId} not found`);
  if (!actionAllowed(rules.action, t.trctStatus))
    throw rules.notAllowed(t, transactionStatusLabel(t.trctStatus) || t.trctStatus);
  const admission = await admitAction(
    deps,
    rules.action,
    runner.budgetUserId,
    t.trctId,
    rules.leaseMs,
  );
  const audit: ActionAudit = async (db, success, details) => {
    await recordAudit(db, deps.clock, runner.audit, {
      action: ACTION_AUDIT[rules.action],
      outcome: success ? 'success' : 'failure',
      target: { type: 'transaction', id: t.trctId },
      details: {
        kind: kind.type,
        orderId: t.trctOrderId,
        ...details,
        ...(runner.bulkJobId === undefined ? {} : { bulkJobId: runner.bulkJobId }),
      },
    });
  };
  try {
    return await run(t, audit);
  } finally {
    await admission.release();
  }
}
