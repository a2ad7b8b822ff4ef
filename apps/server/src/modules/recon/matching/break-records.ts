/**
 * Keeps the break rows true to what matching found: one row per unmatched line and per unmatched
 * paid transaction, created when found ('detected'), brought up to date while open, resolved by
 * itself when a match settles it ('matched'). A break an operator resolved is not reopened here.
 */
import type { DbOrTx } from '../../../db/tables.ts';
import * as breaks from '../breaks-repo.ts';
import type { RawDifference } from './judge.ts';

export interface MatchContext {
  nowIso: string;
  /** The import running, when it is one (its breaks name it). */
  stmtId: number | null;
  /** Who made the change: an operator's link, else null (the system). */
  userId: string | null;
  username: string | null;
  /**
   * An import in progress: breaks of transactions (another statement's missing at the bank) that
   * its matches settle are settled when it completes (settleTransactionBreaksOfStatement), so that
   * an import taken back leaves them as they were.
   */
  deferTransactionSettling?: boolean;
}

export interface FoundBreak {
  baccId: number;
  lineId: number | null;
  trctId: number | null;
  compId: number | null;
  category: string;
  at: string;
  candidateTrctId: number | null;
  differences: RawDifference[];
}

const event = (
  rbrkId: number,
  action: string,
  ctx: MatchContext,
  details: Record<string, unknown> | null = null,
): breaks.NewBreakEvent => ({
  rbevBreakId: rbrkId,
  rbevAt: ctx.nowIso,
  rbevAction: action,
  rbevUserId: ctx.userId,
  rbevUsername: ctx.username ?? 'system',
  rbevReason: null,
  rbevOutcome: null,
  rbevDetails: details ? JSON.stringify(details) : null,
});

export async function recordBreak(db: DbOrTx, found: FoundBreak, ctx: MatchContext): Promise<void> {
  const existing =
    found.lineId !== null
      ? await breaks.breakOfLine(db, found.lineId)
      : await breaks.breakOfTransaction(db, found.trctId!);
  const facts = {
    rbrkTrctId: found.trctId,
    rbrkCompId: found.compId,
    rbrkCategory: found.category,
    rbrkCandidateTrctId: found.candidateTrctId,
    rbrkDifferences: JSON.stringify(found.differences),
  };
  if (!existing) {
    const id = await breaks.insertBreak(
      db,
      {
        ...facts,
        rbrkBaccId: found.baccId,
        rbrkStmtId: ctx.stmtId,
        rbrkLineId: found.lineId,
        rbrkAt: found.at,
      },
      ctx.nowIso,
    );
    await breaks.insertEvents(db, [event(id, 'detected', ctx, { category: found.category })]);
    return;
  }
  if (existing.rbrkStatus !== 'open') return;
  await breaks.updateOpenBreak(db, existing.rbrkId, facts, ctx.nowIso);
  if (existing.rbrkCategory !== found.category) {
    await breaks.insertEvents(db, [
      event(existing.rbrkId, 'recategorized', ctx, {
        from: existing.rbrkCategory,
        to: found.category,
      }),
    ]);
  }
}

/** Resolves (as 'matched') the open breaks the new matches settle. */
export async function settleBreaks(
  db: DbOrTx,
  lineIds: readonly number[],
  trctIds: readonly number[],
  ctx: MatchContext,
): Promise<void> {
  await settle(
    db,
    await breaks.openBreaksSettledBy(db, lineIds, ctx.deferTransactionSettling ? [] : trctIds),
    ctx,
  );
}

/** At an import's end: resolves the open breaks of the transactions its lines matched (see deferTransactionSettling). */
export async function settleTransactionBreaksOfStatement(
  db: DbOrTx,
  stmtId: number,
  ctx: MatchContext,
): Promise<void> {
  await settle(db, await breaks.openTransactionBreaksMatchedBy(db, stmtId), ctx);
}

async function settle(
  db: DbOrTx,
  settled: readonly { rbrkId: number }[],
  ctx: MatchContext,
): Promise<void> {
  for (const b of settled) {
    await breaks.setBreakStatus(db, b.rbrkId, 'open', {
      resolution: 'matched',
      reason: null,
      userId: ctx.userId,
      username: ctx.username,
      nowIso: ctx.nowIso,
    });
  }
  await breaks.insertEvents(
    db,
    settled.map((b) => event(b.rbrkId, 'matched', ctx)),
  );
}
