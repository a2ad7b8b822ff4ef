/**
 * Paid transactions a statement should have carried and did not: of the account's companies,
 * paid through the account's bank, in the days the statement covers, matched to no line and named
 * by no line's break. Each is a missing-at-bank break (read as "expected" until
 * RECON_EXPECTED_DAYS business days after its paid day), with the nearest unmatched line.
 */
import type { DbOrTx } from '../../../db/tables.ts';
import type { AccountScope } from '../accounts-repo.ts';
import * as candidates from '../candidates-repo.ts';
import { recordBreak, type MatchContext } from './break-records.ts';
import { amountOf, WINDOW_MS, type RawDifference } from './judge.ts';

const BATCH = 500;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

export async function recordMissingAtBank(
  db: DbOrTx,
  account: AccountScope,
  t: candidates.CandidateRow,
  ctx: MatchContext,
): Promise<void> {
  const amount = amountOf(t) ?? 0;
  const paidAt = t.trctLunasTime!;
  const line = await candidates.nearestLine(
    db,
    account.baccId,
    amount,
    shift(paidAt, -WINDOW_MS),
    shift(paidAt, WINDOW_MS),
  );
  // The nearest line's text shows what the bank wrote where our identifier is missing.
  const identifier: RawDifference = {
    field: 'identifier',
    bank: line ? line.stlnNarrative.slice(0, 100) : null,
    tagih: t.trvaVirtualAccountNo ?? t.trqrReferenceNo ?? t.trctOrderId,
  };
  const differences: RawDifference[] =
    line && line.stlnAmountMinor !== amount
      ? [identifier, { field: 'amount', bank: line.stlnAmountMinor, tagih: amount }]
      : [identifier];
  await recordBreak(
    db,
    {
      baccId: account.baccId,
      lineId: null,
      trctId: t.trctId,
      compId: t.trctCompId,
      category: 'missing_at_bank',
      at: paidAt,
      candidateTrctId: null,
      differences,
    },
    ctx,
  );
}

/** Every such transaction paid in [start, end); returns how many. */
export async function flagMissingAtBank(
  db: DbOrTx,
  account: AccountScope,
  start: string,
  end: string,
  ctx: MatchContext,
): Promise<number> {
  let after = 0;
  let count = 0;
  for (;;) {
    const batch = await candidates.paidBetweenBatch(
      db,
      account.compIds,
      account.bank,
      start,
      end,
      after,
      BATCH,
    );
    for (const t of batch) await recordMissingAtBank(db, account, t, ctx);
    count += batch.length;
    if (batch.length < BATCH) return count;
    after = batch.at(-1)!.trctId;
  }
}
