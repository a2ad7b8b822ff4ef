/**
 * Matching again when a transaction changes (a late payment flag, an Inquiry that finds it paid),
 * in the caller's database transaction, so that a break closes by itself: the open breaks of
 * lines that name the transaction (or mention its VA number, QRIS reference or order id) are
 * judged again, and a paid transaction no line took becomes missing at the bank when a statement
 * of its bank already covers its paid time. Nothing happens for a company without bank accounts.
 */
import { TRX_STATUS } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import { accountsOfCompany } from './accounts-repo.ts';
import * as breaks from './breaks-repo.ts';
import * as candidates from './candidates-repo.ts';
import * as lines from './lines-repo.ts';
import { settleBreaks, type MatchContext } from './matching/break-records.ts';
import { matchCreditLines } from './matching/match-lines.ts';
import { recordMissingAtBank } from './matching/missing-at-bank.ts';
import { settleUnidentified } from './matching/unidentified.ts';

export async function rematchTransaction(
  db: DbOrTx,
  trctId: number,
  nowIso: string,
  by: { userId: string; username: string } | null = null,
): Promise<void> {
  const t = await candidates.transactionOf(db, trctId);
  if (!t) return;
  const accounts = await accountsOfCompany(db, t.trctCompId);
  if (accounts.length === 0) return;
  const ctx: MatchContext = {
    nowIso,
    stmtId: null,
    userId: by?.userId ?? null,
    username: by?.username ?? null,
  };
  if (await breaks.matchOfTransaction(db, trctId)) {
    await settleBreaks(db, [], [trctId], ctx);
    return;
  }
  const [row] = await candidates.byIds(db, [t.trctCompId], [trctId]);
  const identifiers = [row?.trvaVirtualAccountNo, row?.trqrReferenceNo, row?.trctOrderId].filter(
    (v): v is string => Boolean(v),
  );
  const named = await breaks.lineBreaksMentioning(
    db,
    accounts.map((a) => a.baccId),
    trctId,
    identifiers,
  );
  for (const account of accounts) {
    const ids = named.filter((n) => n.stlnBaccId === account.baccId).map((n) => n.stlnId);
    if (ids.length === 0) continue;
    const { unidentified } = await matchCreditLines(
      db,
      account,
      await lines.linesByIds(db, ids),
      ctx,
    );
    await settleUnidentified(db, account, unidentified, ctx);
  }
  if (
    t.trctStatus !== TRX_STATUS.PAID ||
    !t.trctLunasTime ||
    (await breaks.matchOfTransaction(db, trctId))
  )
    return;
  if (await breaks.namedByLineBreak(db, trctId)) return;
  const [fresh] = await candidates.byIds(db, [t.trctCompId], [trctId]);
  for (const account of accounts) {
    if (!fresh || fresh.bank !== account.bank.toLowerCase()) continue;
    if ((await lines.coveredAt(db, account.baccId, t.trctLunasTime)) === null) continue;
    await recordMissingAtBank(db, account, fresh, ctx);
  }
}
