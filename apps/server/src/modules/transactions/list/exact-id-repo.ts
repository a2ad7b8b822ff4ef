/**
 * "Where is payment X": an id searched on a transaction list is looked up exactly, whatever the
 * date range. Each probe is one B-tree lookup (company and order id: transactions_order_idx; the
 * VA number: transaction_va_number_idx; the QRIS reference: transaction_qr_reference_idx), so it
 * costs the same at 10M rows as at 100.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/tables.ts';

/** The id fields a kind's rows are probed on, in the order they are tried. */
export const EXACT_ID_FIELDS = {
  VA: ['trctOrderId', 'trvaVirtualAccountNo'],
  QRIS: ['trctOrderId', 'trqrReferenceNo'],
} as const;

export type ExactIdField = (typeof EXACT_ID_FIELDS)[keyof typeof EXACT_ID_FIELDS][number];

/** At most this many rows share one id (an order id sent again, say); more is no id but a common text. */
export const EXACT_ID_MAX_ROWS = 100;

/** The ids of the company's rows of the kind that have exactly `text` in `field` (none: empty). */
async function holding(
  db: Kysely<Database>,
  type: 'VA' | 'QRIS',
  compId: number,
  field: ExactIdField,
  text: string,
): Promise<number[]> {
  const base = db
    .selectFrom('transactions as t')
    .select('t.trctId')
    .where('t.trctCompId', '=', compId)
    .where('t.trctType', '=', type)
    .limit(EXACT_ID_MAX_ROWS + 1);
  let probe;
  if (field === 'trctOrderId') probe = base.where('t.trctOrderId', '=', text);
  else if (field === 'trvaVirtualAccountNo')
    probe = base
      .innerJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId')
      .where('v.trvaVirtualAccountNo', '=', text);
  else
    probe = base
      .innerJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId')
      .where('q.trqrReferenceNo', '=', text);
  return (await probe.execute()).map((row) => Number(row.trctId));
}

/**
 * The trctIds of the rows whose first id field (in EXACT_ID_FIELDS' order) holding `text` holds it
 * exactly; null when no field does, or when more than EXACT_ID_MAX_ROWS rows do.
 */
export async function exactIdRows(
  db: Kysely<Database>,
  type: 'VA' | 'QRIS',
  compId: number,
  text: string,
): Promise<number[] | null> {
  for (const field of EXACT_ID_FIELDS[type]) {
    const ids = await holding(db, type, compId, field, text);
    if (ids.length > EXACT_ID_MAX_ROWS) return null;
    if (ids.length > 0) return ids;
  }
  return null;
}
