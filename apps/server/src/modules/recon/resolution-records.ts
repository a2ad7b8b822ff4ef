/** What an operator did with a break, written twice in the same database transaction: its history (the screen) and the audit trail. */
import { AUDIT_ACTIONS, type ResolveAction } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { recordAudit } from '../audit/service.ts';
import * as breaks from './breaks-repo.ts';

const AUDITED: Record<
  ResolveAction,
  (typeof AUDIT_ACTIONS.recon)[keyof typeof AUDIT_ACTIONS.recon]
> = {
  accept: AUDIT_ACTIONS.recon.breakAccepted,
  link: AUDIT_ACTIONS.recon.breakLinked,
  inquiry: AUDIT_ACTIONS.recon.breakInquired,
  notify: AUDIT_ACTIONS.recon.breakNotified,
  reopen: AUDIT_ACTIONS.recon.breakReopened,
};

export interface ResolutionRecord {
  action: ResolveAction;
  reason: string;
  /** 'done', or what the bank or merchant answered: 'paid', 'unpaid', 'failed', 'queued'. */
  outcome: string;
  details?: Record<string, unknown>;
}

export async function recordResolution(
  db: DbOrTx,
  deps: AppDeps,
  actor: Actor,
  b: breaks.BreakRecord,
  r: ResolutionRecord,
): Promise<void> {
  const details = {
    category: b.rbrkCategory,
    lineId: b.rbrkLineId,
    trctId: b.rbrkTrctId,
    ...r.details,
  };
  await breaks.insertEvents(db, [
    {
      rbevBreakId: b.rbrkId,
      rbevAt: deps.clock.now().toISOString(),
      rbevAction: r.action,
      rbevUserId: actor.session.userId,
      rbevUsername: actor.session.username,
      rbevReason: r.reason,
      rbevOutcome: r.outcome,
      rbevDetails: JSON.stringify(details),
    },
  ]);
  await recordAudit(db, deps.clock, actor.audit, {
    action: AUDITED[r.action],
    outcome: r.outcome === 'failed' ? 'failure' : 'success',
    target: { type: 'recon_break', id: b.rbrkId },
    details: { reason: r.reason, outcome: r.outcome, ...details },
  });
}
