/**
 * The transactions' work queue "Perlu tindakan" (`queue=attention`): unpaid (Belum Lunas),
 * created more than NEEDS_INQUIRY_AFTER_MINUTES ago, and no bank inquiry of it (inquiry_attempts)
 * that the bank answered within that time. The one source of this rule: the lists, the export,
 * the bulk selection and Home all narrow their rows here.
 *
 * Only an answer takes a row out: 'paid' (it leaves Belum Lunas anyway) or 'unpaid' (the bank was
 * asked and said so). A failed inquiry ('error': the bank's error, an unknown bill, a time-out) or
 * a "paid" the evidence rule refused ('refused') asked nothing that settles the row: it stays in the
 * queue, as a failed bulk item leaves it waiting for the next try.
 *
 * The queue travels inside the parsed list query (`attentionBefore`, the cut-off list-request.ts
 * sets), so every reader of the query (page, totals, export) applies it without a parameter of its
 * own. The rollup cannot answer it (it knows nothing of inquiries): totals come from the rows.
 */
import { TRX_STATUS, type InquiryAttemptOutcome } from '@tagih/contract';
import { sql, type Expression, type SqlBool } from 'kysely';

/** The inquiry outcomes in which the bank answered about the bill. */
const ANSWERED_INQUIRY: readonly InquiryAttemptOutcome[] = ['paid', 'unpaid'];

/** The queue's condition on `transactions as t` (kind-rows-repo.ts's alias). */
export function needsAttention(before: string): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref('t.trctStatus')} = ${TRX_STATUS.UNPAID}
    and ${sql.ref('t.trctCreatedTime')} < ${before}
    and not exists (select 1 from ${sql.table('inquiry_attempts')} as ${sql.id('ia')}
      where ${sql.ref('ia.inatTrctId')} = ${sql.ref('t.trctId')} and ${sql.ref('ia.inatAt')} >= ${before}
        and ${sql.ref('ia.inatOutcome')} in (${sql.join(ANSWERED_INQUIRY)})))`;
}
