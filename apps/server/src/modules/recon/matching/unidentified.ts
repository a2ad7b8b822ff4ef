/**
 * Credit lines that name none of our bills: first the 1:N rule `daily_total` (the line is the
 * sum of the bank's paid, unmatched transactions of the line's day, or of the day before, for
 * banks that settle a day in one credit; at least two transactions, so that an amount alone never
 * matches one bill), then missing in Tagih, with the nearest unmatched transaction in the window
 * (closest amount) and what differs from it.
 */
import type { DbOrTx } from '../../../db/tables.ts';
import type { AccountScope } from '../accounts-repo.ts';
import * as breaks from '../breaks-repo.ts';
import * as candidates from '../candidates-repo.ts';
import * as lines from '../lines-repo.ts';
import { recordBreak, settleBreaks, type MatchContext } from './break-records.ts';
import { amountOf, WINDOW_MS, type RawDifference } from './judge.ts';
import { companyOf } from './match-lines.ts';

const DAY_MS = 24 * 3_600_000;
const shift = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/**
 * What a bank day's paid, unmatched transactions add up to, read once per day of an import (an
 * import's lines of one day share it): a line whose amount is not that total needs no read at all.
 * A daily-total match changes the day: its entry is dropped.
 */
export type DayTotals = Map<string, { count: number; sum: number }>;

/** The transactions of [start, end) a daily total of `amount` would settle, or null. */
async function dailyTotal(
  db: DbOrTx,
  account: AccountScope,
  line: lines.LineRow,
  totals: DayTotals | null,
): Promise<candidates.CandidateRow[] | null> {
  for (const back of [0, 1]) {
    const [start, end] = [
      shift(line.stlnDayStart, -back * DAY_MS),
      shift(line.stlnDayEnd, -back * DAY_MS),
    ];
    if (totals) {
      const key = `${start}|${end}`;
      let total = totals.get(key);
      if (!total) {
        total = await candidates.paidTotalBetween(db, account.compIds, account.bank, start, end);
        totals.set(key, total);
      }
      if (total.count < 2 || total.sum !== line.stlnAmountMinor) continue;
      totals.delete(key);
    }
    const paid = await candidates.paidBetween(db, account.compIds, account.bank, start, end);
    const sum = paid.reduce((s, t) => s + (amountOf(t) ?? 0), 0);
    if (paid.length >= 2 && sum === line.stlnAmountMinor) return paid;
  }
  return null;
}

function nearestDifferences(
  line: lines.LineRow,
  t: candidates.CandidateRow | undefined,
): RawDifference[] {
  if (!t) return [{ field: 'identifier', bank: null, tagih: null }];
  const out: RawDifference[] = [
    {
      field: 'identifier',
      bank: null,
      tagih: t.trvaVirtualAccountNo ?? t.trqrReferenceNo ?? t.trctOrderId,
    },
  ];
  const amount = amountOf(t);
  if (amount !== line.stlnAmountMinor)
    out.push({ field: 'amount', bank: line.stlnAmountMinor, tagih: amount });
  if (t.trctStatus !== '00') out.push({ field: 'status', bank: 'credited', tagih: t.trctStatus });
  else if (
    t.trctLunasTime &&
    !(
      Date.parse(t.trctLunasTime) >= Date.parse(line.stlnDayStart) &&
      Date.parse(t.trctLunasTime) < Date.parse(line.stlnDayEnd)
    )
  ) {
    out.push({ field: 'date', bank: line.stlnDay, tagih: t.trctLunasTime });
  }
  return out;
}

/** Settles what the identifying rules left: returns how many lines the 1:N rule matched. */
export async function settleUnidentified(
  db: DbOrTx,
  account: AccountScope,
  rest: readonly lines.LineRow[],
  ctx: MatchContext,
  totals: DayTotals | null = null,
): Promise<number> {
  let matched = 0;
  for (const line of rest) {
    const settled = await dailyTotal(db, account, line, totals);
    if (settled) {
      const inserted = await breaks.insertMatches(
        db,
        settled.map((t) => ({
          rmatLineId: line.stlnId,
          rmatTrctId: t.trctId,
          rmatRule: 'daily_total',
          rmatCreatedTime: ctx.nowIso,
          rmatCreatedUserId: ctx.userId,
        })),
      );
      if (inserted.length === settled.length) {
        await lines.setLineRule(db, [line.stlnId], 'daily_total');
        await settleBreaks(db, [line.stlnId], inserted, ctx);
        matched++;
        continue;
      }
      // Some were matched meanwhile: the day no longer adds up; undo ours and treat the line as unmatched.
      for (const trctId of inserted) await breaks.deleteMatch(db, line.stlnId, trctId);
    }
    const nearest = await candidates.nearestTransaction(
      db,
      account.compIds,
      line.stlnAmountMinor,
      shift(line.stlnDayStart, -WINDOW_MS),
      shift(line.stlnDayEnd, WINDOW_MS),
    );
    await recordBreak(
      db,
      {
        baccId: account.baccId,
        lineId: line.stlnId,
        trctId: null,
        compId: companyOf(account, null),
        category: 'missing_in_tagih',
        at: line.stlnDayStart,
        candidateTrctId: nearest?.trctId ?? null,
        differences: nearestDifferences(line, nearest),
      },
      ctx,
    );
  }
  return matched;
}
