/**
 * The transactions' work queue "Perlu tindakan" (`queue=attention`): unpaid (Belum Lunas),
 * created more than NEEDS_INQUIRY_AFTER_MINUTES ago, and no bank inquiry of it (inquiry_attempts)
 * within that time. The one source of this rule: the lists, the export, the bulk selection and
 * Home all narrow their rows here.
 *
 * The queue travels inside the parsed list query (`attentionBefore`, set by list-request.ts),
 * so every reader of the query (page, totals, export) applies it without a parameter of its own.
 * The rollup cannot answer it (it knows nothing of inquiries): totals come from the rows.
 */
import { TRX_STATUS, type ListQuery } from '@tagih/contract';
import { sql, type Expression, type SqlBool } from 'kysely';
import { addMinutes, iso } from '../../../clock.ts';
import type { AppDeps } from '../../../deps.ts';

/** A transaction list query, possibly narrowed to the work queue. */
export type TransactionListQuery = ListQuery & {
  /** Set for `queue=attention`: the instant before which a row must be created and not asked about since. */
  attentionBefore?: string;
};

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
