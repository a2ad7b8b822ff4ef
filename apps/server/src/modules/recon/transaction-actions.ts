/**
 * The only place reconciliation reaches the transactions' own actions: Inquiry (ask the bank),
 * Notif (re-send the merchant's notification), and bulk jobs of either. Their throttles, audit
 * events and rules are theirs (modules/transactions/actions/).
 */
import type { BulkJob, TransactionKindKey } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import { NotFound } from '../../shared/errors.ts';
import { start } from '../bulk-actions/service.ts';
import { runnerOf } from '../transactions/actions/action-runner.ts';
import { inquire } from '../transactions/actions/inquiry.ts';
import { resend } from '../transactions/actions/resend.ts';
import { SERVER_KINDS, type ServerKind } from '../transactions/kinds.ts';

function kindOf(type: string): ServerKind {
  const kind = SERVER_KINDS.find((k) => k.type === type);
  if (!kind) throw new NotFound(`Transactions of type ${type} have no actions`);
  return kind;
}

/** The bulk source (screen) of a transaction type: 'va' or 'qris'. */
export const sourceOf = (type: string): TransactionKindKey => kindOf(type).key;

export async function inquireTransaction(
  deps: AppDeps,
  actor: Actor,
  t: { type: string; compId: number; trctId: number },
): Promise<{ message: string; paid: boolean }> {
  const answer = await inquire(deps, {
    kind: kindOf(t.type),
    runner: runnerOf(actor),
    compId: t.compId,
    trctId: t.trctId,
  });
  return { message: answer.message, paid: answer.data.paid };
}

export async function notifyMerchant(
  deps: AppDeps,
  actor: Actor,
  t: { type: string; compId: number; trctId: number },
): Promise<{ message: string }> {
  const answer = await resend(deps, {
    kind: kindOf(t.type),
    runner: runnerOf(actor),
    compId: t.compId,
    trctId: t.trctId,
  });
  return { message: answer.message };
}

/** A throttled bulk job (modules/bulk-actions) of one company's transactions of one type. */
export function startBulkJob(
  deps: AppDeps,
  actor: Actor,
  job: {
    action: 'inquiry' | 'resend';
    compId: number;
    type: string;
    trctIds: number[];
    reason: string;
    idempotencyKey: string;
  },
): Promise<BulkJob> {
  return start(deps, actor.session, actor.audit, job.compId, {
    action: job.action,
    source: sourceOf(job.type),
    selection: { ids: job.trctIds },
    reason: job.reason,
    idempotencyKey: job.idempotencyKey,
  });
}
