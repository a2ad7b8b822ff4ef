/**
 * The transactions' work queue "Perlu tindakan" (issue 11 item 5, `queue=attention`): unpaid
 * (Belum Lunas), created more than NEEDS_INQUIRY_AFTER_MINUTES ago, and no bank inquiry of it
 * (inquiry_attempts) within that time. The one source of this rule: the lists, the export, the
 * bulk selection and Home all narrow their rows here.
 *
 * The queue travels inside the parsed list query (`attentionBefore`, set by parseListRequest),
 * so every reader of the query (page, totals, export) applies it without a parameter of its own.
 * The rollup cannot answer it (it knows nothing of inquiries): totals come from the rows.
 */
import { TRX_STATUS, WORK_QUEUE_ATTENTION, WORK_QUEUE_PARAM, type ListQuery, type RawQuery } from '@tagih/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import { addMinutes, iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';
import { Invalid } from '../../../shared/errors.ts';

/** A transaction list query, possibly narrowed to the work queue. */
export type TransactionListQuery = ListQuery & {
  /** Set for `queue=attention`: the instant before which a row must be created and not asked about since. */
  attentionBefore?: string;
};

/**
 * `queue` of a list request: absent (or empty) means no queue; `attention` the work queue; any
 * other value is a 400. Shared by the transaction and notification lists.
 */
export function wantsWorkQueue(raw: RawQuery): boolean {
  const value = raw[WORK_QUEUE_PARAM];
  if (value === undefined || value === '') return false;
  if (value !== WORK_QUEUE_ATTENTION) throw new Invalid(`${WORK_QUEUE_PARAM} must be '${WORK_QUEUE_ATTENTION}'`, { [WORK_QUEUE_PARAM]: `must be '${WORK_QUEUE_ATTENTION}'` });
  return true;
}

/** The cut-off of the transactions' queue now: created before it and not asked about since. */
export function attentionCutoff(deps: AppDeps): string {
  return iso(addMinutes(deps.clock.now(), -deps.config.needsInquiryAfterMinutes));
}

/** The queue's condition on `transactions as t` (kind-rows-repo.ts's alias). */
export function needsAttention(before: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('t.trctStatus')} = ${TRX_STATUS.UNPAID}
    and ${sql.ref('t.trctCreatedTime')} < ${before}
    and not exists (select 1 from ${sql.table('inquiry_attempts')} as ${sql.id('ia')}
      where ${sql.ref('ia.inatTrctId')} = ${sql.ref('t.trctId')} and ${sql.ref('ia.inatAt')} >= ${before}))`;
}
