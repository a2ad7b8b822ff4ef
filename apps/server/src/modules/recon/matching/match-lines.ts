/**
 * Runs the identifying rules (judge.ts) over credit lines in one go: their identifiers are looked
 * up in three queries (VA numbers, QRIS references, order ids) within the account's companies,
 * each line judged in turn, the matches written (a transaction matched meanwhile by another line
 * makes this one a duplicate), and breaks recorded for lines that name a bill but fail a check.
 * What names nothing is handed back for the 1:N rule and the nearest-candidate search.
 */
import type { AccountScope } from '../accounts-repo.ts';
import * as candidates from '../candidates-repo.ts';
import type { CandidateRow } from '../candidates-repo.ts';
import * as breaks from '../breaks-repo.ts';
import * as lines from '../lines-repo.ts';
import type { DbOrTx } from '../../../db/tables.ts';
import { recordBreak, settleBreaks, type MatchContext } from './break-records.ts';
import { tokensOf } from './identifiers.ts';
import { judgeLine, type IdentifyingRule, type Verdict } from './judge.ts';

export interface Settled {
  matched: number;
  unidentified: lines.LineRow[];
}

/** The line's company: the transaction's, or the account's only one; else none (every company of the account may see it). */
export const companyOf = (account: AccountScope, trct: CandidateRow | null): number | null =>
  trct?.trctCompId ?? (account.compIds.length === 1 ? account.compIds[0]! : null);

function index(
  rows: readonly CandidateRow[],
  key: (t: CandidateRow) => string | null,
): Map<string, CandidateRow[]> {
  const map = new Map<string, CandidateRow[]>();
  for (const row of rows) {
    const k = key(row);
    if (k) map.set(k, [...(map.get(k) ?? []), row]);
  }
  return map;
}

export async function matchCreditLines(
  db: DbOrTx,
  account: AccountScope,
  batch: readonly lines.LineRow[],
  ctx: MatchContext,
): Promise<Settled> {
  const tokens = batch.map((l) => tokensOf(l.stlnNarrative, l.stlnReference));
  const all = [...new Set(tokens.flat())];
  const [va, qr, order] = [
    index(await candidates.byVaNumbers(db, account.compIds, all), (t) => t.trvaVirtualAccountNo),
    index(await candidates.byQrisReferences(db, account.compIds, all), (t) => t.trqrReferenceNo),
    index(await candidates.byOrderIds(db, account.compIds, all), (t) => t.trctOrderId),
  ];
  const taken = new Map<number, number>();
  const verdicts: { line: lines.LineRow; verdict: Verdict }[] = [];
  for (const [i, line] of batch.entries()) {
    const pick = (map: Map<string, CandidateRow[]>) => tokens[i]!.flatMap((t) => map.get(t) ?? []);
    const found: Record<IdentifyingRule, CandidateRow[]> = {
      va: pick(va),
      qris_reference: pick(qr),
      order_id: pick(order),
    };
    const verdict = judgeLine(line, found, taken);
    if (verdict.kind === 'match') taken.set(verdict.trct.trctId, line.stlnId);
    verdicts.push({ line, verdict });
  }

  const wanted = verdicts.flatMap(({ line, verdict }) =>
    verdict.kind === 'match' ? [{ line, verdict }] : [],
  );
  const inserted = new Set(
    await breaks.insertMatches(
      db,
      wanted.map(({ line, verdict }) => ({
        rmatLineId: line.stlnId,
        rmatTrctId: verdict.trct.trctId,
        rmatRule: verdict.rule,
        rmatCreatedTime: ctx.nowIso,
        rmatCreatedUserId: ctx.userId,
      })),
    ),
  );
  const byRule = new Map<string, number[]>();
  for (const { line, verdict } of wanted) {
    if (!inserted.has(verdict.trct.trctId)) continue;
    byRule.set(verdict.rule, [...(byRule.get(verdict.rule) ?? []), line.stlnId]);
  }
  for (const [rule, ids] of byRule) await lines.setLineRule(db, ids, rule);
  const matchedLines = [...byRule.values()].flat();
  await settleBreaks(db, matchedLines, [...inserted], ctx);

  const unidentified: lines.LineRow[] = [];
  for (const { line, verdict } of verdicts) {
    if (verdict.kind === 'unidentified') unidentified.push(line);
    else if (verdict.kind === 'far') {
      await recordBreak(
        db,
        {
          baccId: account.baccId,
          lineId: line.stlnId,
          trctId: null,
          compId: companyOf(account, null),
          category: 'missing_in_tagih',
          at: line.stlnDayStart,
          candidateTrctId: verdict.candidate.trctId,
          differences: verdict.differences,
        },
        ctx,
      );
    } else if (verdict.kind === 'break') {
      await recordBreak(
        db,
        {
          baccId: account.baccId,
          lineId: line.stlnId,
          trctId: verdict.trct.trctId,
          compId: verdict.trct.trctCompId,
          category: verdict.category,
          at: line.stlnDayStart,
          candidateTrctId: verdict.trct.trctId,
          differences: verdict.differences,
        },
        ctx,
      );
    } else if (!inserted.has(verdict.trct.trctId)) {
      // Another line took the transaction between our look and our write.
      const differences = [{ field: 'matched' as const, bank: null, tagih: null }];
      await recordBreak(
        db,
        {
          baccId: account.baccId,
          lineId: line.stlnId,
          trctId: verdict.trct.trctId,
          compId: verdict.trct.trctCompId,
          category: 'duplicate',
          at: line.stlnDayStart,
          candidateTrctId: verdict.trct.trctId,
          differences,
        },
        ctx,
      );
    }
  }
  return { matched: matchedLines.length, unidentified };
}
