/**
 * One resolution for many breaks: the ids picked, or every break the list query matches (within
 * the user's companies; at most RECON_BULK_MAX_ITEMS). `dryRun` says what would change and
 * changes nothing. Idempotent: a break already in the wanted state is skipped, and the same
 * Inquiry or Notif request again names the same bulk jobs. accept and reopen apply at once, each
 * break in its own database transaction with its history and audit event; inquiry and notify hand
 * the breaks' transactions to throttled bulk jobs (one per company and kind, per bank or merchant
 * rate; GET /bulk-actions/{jobId} shows their progress), and a paid answer closes its break by
 * itself (matching runs again when a transaction turns paid).
 */
import { createHash } from 'node:crypto';
import {
  AUDIT_ACTIONS,
  RECON_BULK_MAX_ITEMS,
  TRX_STATUS,
  type BulkResolveBody,
  type BulkResolveResult,
  type ReconSkipReason,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { Actor } from '../../shared/actor.ts';
import { AppError } from '../../shared/errors.ts';
import { recordAudit } from '../audit/service.ts';
import * as breaks from './breaks-repo.ts';
import * as candidates from './candidates-repo.ts';
import { lateBefore } from './expected.ts';
import { planQueue } from './queue.ts';
import { queueIds, queueRowsByIds, type QueueRow } from './queue-repo.ts';
import { recordResolution } from './resolution-records.ts';
import { companyScope } from './scope.ts';
import { sourceOf, startBulkJob } from './transaction-actions.ts';

const CHUNK = 1000;

/** A UUID made from the request: the same bulk request names the same bulk job. */
function requestKey(parts: readonly (string | number)[]): string {
  const hex = createHash('sha256').update(parts.join('|')).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function selectedRows(
  deps: AppDeps,
  actor: Actor,
  body: BulkResolveBody,
): Promise<{ rows: QueueRow[]; overLimit: number }> {
  const scope = await companyScope(deps, actor.session);
  const late = lateBefore(deps.clock.now(), deps.config.businessTz, deps.config.reconExpectedDays);
  let ids: number[];
  if ('ids' in body.selection) ids = [...new Set(body.selection.ids)];
  else
    ids = await queueIds(
      (await planQueue(deps, actor.session, body.selection.query)).queue,
      RECON_BULK_MAX_ITEMS + 1,
    );
  const overLimit = Math.max(0, ids.length - RECON_BULK_MAX_ITEMS);
  const rows: QueueRow[] = [];
  for (let i = 0; i < Math.min(ids.length, RECON_BULK_MAX_ITEMS); i += CHUNK)
    rows.push(
      ...(await queueRowsByIds(
        deps.db,
        ids.slice(i, Math.min(i + CHUNK, RECON_BULK_MAX_ITEMS)),
        late,
        { scope, active: null },
      )),
    );
  return { rows, overLimit };
}

interface Plan {
  eligible: QueueRow[];
  skipped: Map<ReconSkipReason, number>;
  /** inquiry, notify: the transaction each eligible break acts on. */
  targets: Map<number, { trctId: number; compId: number; type: string }>;
}

async function planOf(
  deps: AppDeps,
  body: BulkResolveBody,
  rows: readonly QueueRow[],
): Promise<Plan> {
  const skipped = new Map<ReconSkipReason, number>();
  const skip = (reason: ReconSkipReason) => skipped.set(reason, (skipped.get(reason) ?? 0) + 1);
  const eligible: QueueRow[] = [];
  const targets = new Map<number, { trctId: number; compId: number; type: string }>();
  const trctOf = (r: QueueRow) => r.trctId as number | null;
  const transactions = new Map(
    (
      await candidates.transactionsByIds(
        deps.db,
        rows.map(trctOf).filter((id): id is number => id !== null),
      )
    ).map((t) => [t.trctId, t]),
  );
  for (const row of rows) {
    if (body.action === 'reopen') {
      if (row.status === 'resolved') eligible.push(row);
      else skip('not-resolved');
      continue;
    }
    if (row.status !== 'open') {
      skip('already-resolved');
      continue;
    }
    if (body.action === 'accept') {
      eligible.push(row);
      continue;
    }
    const t = transactions.get(trctOf(row) ?? -1);
    if (!t) {
      skip('no-transaction');
      continue;
    }
    const fits =
      body.action === 'inquiry'
        ? t.trctStatus === TRX_STATUS.UNPAID
        : t.trctStatus === TRX_STATUS.PAID;
    if (!fits) {
      skip('not-eligible');
      continue;
    }
    eligible.push(row);
    targets.set(Number(row.rbrkId), { trctId: t.trctId, compId: t.trctCompId, type: t.trctType });
  }
  return { eligible, skipped, targets };
}

export async function bulkResolve(
  deps: AppDeps,
  actor: Actor,
  body: BulkResolveBody,
): Promise<BulkResolveResult> {
  const { rows, overLimit } = await selectedRows(deps, actor, body);
  const plan = await planOf(deps, body, rows);
  if (overLimit > 0) plan.skipped.set('over-limit', overLimit);
  const byCategory: Record<string, number> = {};
  for (const row of plan.eligible)
    byCategory[String(row.category)] = (byCategory[String(row.category)] ?? 0) + 1;
  const result: BulkResolveResult = {
    action: body.action,
    dryRun: body.dryRun,
    selected: rows.length + overLimit,
    applied: plan.eligible.length,
    skipped: [...plan.skipped].map(([reason, count]) => ({ reason, count })),
    byCategory,
    jobs: [],
  };
  if (body.dryRun || plan.eligible.length === 0) return result;

  let applied = 0;
  if (body.action === 'accept' || body.action === 'reopen') {
    const from = body.action === 'accept' ? 'open' : 'resolved';
    for (const row of plan.eligible) {
      const b = (await breaks.breakById(deps.db, Number(row.rbrkId)))!;
      const changed = await deps.db.transaction().execute(async (tx) => {
        const r = {
          resolution: body.action === 'accept' ? 'accept' : null,
          reason: body.reason,
          userId: actor.session.userId,
          username: actor.session.username,
          nowIso: deps.clock.now().toISOString(),
        };
        if (!(await breaks.setBreakStatus(tx, b.rbrkId, from, r))) return false;
        await recordResolution(tx, deps, actor, b, {
          action: body.action,
          reason: body.reason,
          outcome: 'done',
          details: { bulk: true },
        });
        return true;
      });
      if (changed) applied++;
    }
  } else {
    const groups = new Map<string, { compId: number; type: string; rows: QueueRow[] }>();
    for (const row of plan.eligible) {
      const t = plan.targets.get(Number(row.rbrkId))!;
      const key = `${t.compId}|${t.type}`;
      const group = groups.get(key) ?? { compId: t.compId, type: t.type, rows: [] };
      group.rows.push(row);
      groups.set(key, group);
    }
    for (const group of groups.values()) {
      for (let i = 0; i < group.rows.length; i += CHUNK) {
        const chunk = group.rows.slice(i, i + CHUNK);
        const trctIds = [
          ...new Set(chunk.map((r) => plan.targets.get(Number(r.rbrkId))!.trctId)),
        ].sort((a, b) => a - b);
        const idempotencyKey = requestKey([
          actor.session.userId,
          body.action,
          group.compId,
          group.type,
          body.reason,
          ...trctIds,
        ]);
        try {
          const job = await startBulkJob(deps, actor, {
            action: body.action === 'inquiry' ? 'inquiry' : 'resend',
            compId: group.compId,
            type: group.type,
            trctIds,
            reason: body.reason,
            idempotencyKey,
          });
          result.jobs.push({
            jobId: job.jobId,
            compId: group.compId,
            source: sourceOf(group.type),
            items: job.total,
          });
          for (const row of chunk) {
            const b = (await breaks.breakById(deps.db, Number(row.rbrkId)))!;
            await recordResolution(deps.db, deps, actor, b, {
              action: body.action,
              reason: body.reason,
              outcome: 'queued',
              details: { bulk: true, jobId: job.jobId },
            });
            applied++;
          }
        } catch (error) {
          // Nothing of it may run now (queued in another job, done moments ago, or not readable): skipped, the rest goes on.
          if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
          plan.skipped.set('queued', (plan.skipped.get('queued') ?? 0) + chunk.length);
        }
      }
    }
    result.skipped = [...plan.skipped].map(([reason, count]) => ({ reason, count }));
  }
  result.applied = applied;
  await recordAudit(deps.db, deps.clock, actor.audit, {
    action: AUDIT_ACTIONS.recon.bulkResolved,
    target: null,
    details: {
      action: body.action,
      reason: body.reason,
      selection:
        'ids' in body.selection
          ? { ids: body.selection.ids.length }
          : { query: body.selection.query },
      selected: result.selected,
      applied,
      skipped: result.skipped,
      jobs: result.jobs.map((j) => j.jobId),
    },
  });
  return result;
}
