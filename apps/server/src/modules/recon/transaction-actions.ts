/**
 * The only place reconciliation reaches the transactions' own actions: Inquiry (ask the bank),
 * Notif (re-send the merchant's notification), and bulk jobs of either. Their throttles, audit
 * events and rules are theirs; point these imports elsewhere if those actions move.
 */
import type { BulkJob, TransactionKindKey } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import { NotFound } from '../../shared/errors.ts';
import { start } from '../bulk-actions/service.ts';
import { inquire, runnerOf } from '../transactions/inquiry.ts';
import { SERVER_KINDS, type ServerKind } from '../transactions/kinds.ts';
import { sendNotification } from '../transactions/notify.ts';

function kindOf(type: string): ServerKind {
  const kind = SERVER_KINDS.find((k) => k.type === type);
  if (!kind) throw new NotFound(`Transactions of type ${type} have no actions`);
  return kind;
}

/** The bulk source (screen) of a transaction type: 'va' or 'qris'. */
export const sourceOf = (type: string): TransactionKindKey => kindOf(type).key;

export async function inquireTransaction(deps: AppDeps, actor: Actor, t: { type: string; compId: number; trctId: number }): Promise<{ message: string; paid: boolean }> {
  const answer = await inquire(deps, kindOf(t.type), runnerOf(actor), t.compId, t.trctId);
  return { message: answer.message, paid: answer.data.paid };
}

export async function notifyMerchant(deps: AppDeps, actor: Actor, t: { type: string; compId: number; trctId: number }): Promise<{ message: string }> {
  const answer = await sendNotification(deps, kindOf(t.type), runnerOf(actor), t.compId, t.trctId);
  return { message: answer.message };
}

/** A throttled bulk job (modules/bulk-actions) of one company's transactions of one type. */
export function startBulkJob(
  deps: AppDeps, actor: Actor, job: { action: 'inquiry' | 'resend'; compId: number; type: string; trctIds: number[]; reason: string; idempotencyKey: string },
): Promise<BulkJob> {
  return start(deps, actor.session, actor.audit, job.compId, {
    action: job.action, source: sourceOf(job.type), selection: { ids: job.trctIds }, reason: job.reason, idempotencyKey: job.idempotencyKey,
  });
}
