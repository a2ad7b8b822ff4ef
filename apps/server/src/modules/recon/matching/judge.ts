/**
 * The matching rules, in their fixed order, as pure decisions over a line and the transactions
 * its identifiers found: `va` (the VA number in the text, the amount, the paid day within
 * RECON_MATCH_WINDOW_DAYS of the line's day), `qris_reference` (the QRIS reference number, same
 * checks), `order_id` (our order id, same checks). A line that names a transaction but fails a
 * check is a break about it: duplicate (it is matched already), status (it is not paid), amount
 * (the amounts differ); the differing fields are recorded raw and formatted when read.
 */
import {
  RECON_MATCH_WINDOW_DAYS,
  TRX_STATUS,
  type BreakCategory,
  type MatchRule,
} from '@tagih/contract';
import type { CandidateRow } from '../candidates-repo.ts';

export const WINDOW_MS = RECON_MATCH_WINDOW_DAYS * 24 * 3_600_000;

export interface LineFacts {
  stlnId: number;
  stlnDay: string;
  stlnDayStart: string;
  stlnDayEnd: string;
  stlnAmountMinor: number;
}

/** A difference as stored: raw values (minor units, a day, an instant, a status, an id). */
export interface RawDifference {
  field: 'amount' | 'date' | 'status' | 'identifier' | 'matched';
  bank: string | number | null;
  tagih: string | number | null;
}

export type Verdict =
  | { kind: 'match'; rule: MatchRule; trct: CandidateRow }
  | {
      kind: 'break';
      category: Exclude<BreakCategory, 'missing_at_bank' | 'missing_in_tagih'>;
      trct: CandidateRow;
      differences: RawDifference[];
    }
  /** Names a bill of ours, paid with this amount, but far from the line's day: missing in Tagih, that bill the nearest. */
  | { kind: 'far'; candidate: CandidateRow; differences: RawDifference[] }
  | { kind: 'unidentified' };

export const IDENTIFYING_RULES = [
  'va',
  'qris_reference',
  'order_id',
] as const satisfies readonly MatchRule[];
export type IdentifyingRule = (typeof IDENTIFYING_RULES)[number];

/** What a transaction is worth: the paid amount once paid, else its bill's total. */
export const amountOf = (t: CandidateRow): number | null =>
  t.trctStatus === TRX_STATUS.PAID ? (t.trctTotalAmountPaid ?? t.billMinor) : t.billMinor;

export function withinWindow(
  line: Pick<LineFacts, 'stlnDayStart' | 'stlnDayEnd'>,
  at: string | null,
): boolean {
  if (!at) return false;
  const ms = Date.parse(at);
  return (
    ms >= Date.parse(line.stlnDayStart) - WINDOW_MS && ms < Date.parse(line.stlnDayEnd) + WINDOW_MS
  );
}

/** What differs between a line and a transaction it names (nothing: it would match). */
export function differencesOf(line: LineFacts, t: CandidateRow): RawDifference[] {
  const out: RawDifference[] = [];
  const amount = amountOf(t);
  if (amount !== line.stlnAmountMinor)
    out.push({ field: 'amount', bank: line.stlnAmountMinor, tagih: amount });
  if (t.trctStatus !== TRX_STATUS.PAID)
    out.push({ field: 'status', bank: 'credited', tagih: t.trctStatus });
  else if (!withinWindow(line, t.trctLunasTime))
    out.push({ field: 'date', bank: line.stlnDay, tagih: t.trctLunasTime });
  if (t.rmatLineId !== null && t.rmatLineId !== line.stlnId)
    out.push({ field: 'matched', bank: null, tagih: t.rmatLineId });
  return out;
}

/** How near a named transaction is: fewer and smaller differences first, then paid close to the line's day. */
function nearness(line: LineFacts, t: CandidateRow): number[] {
  const d = differencesOf(line, t);
  const amount = amountOf(t);
  const time = t.trctLunasTime ?? t.trctCreatedTime;
  return [
    d.length,
    amount === null ? Number.MAX_SAFE_INTEGER : Math.abs(amount - line.stlnAmountMinor),
    Math.abs(Date.parse(time) - Date.parse(line.stlnDayStart)),
  ];
}

const compare = (a: number[], b: number[]) => a.reduce((acc, v, i) => acc || v - b[i]!, 0);

/**
 * The verdict on one credit line. `found` holds the transactions each identifying rule found for
 * it; `taken` the transactions matched earlier in this run (one line each).
 */
export function judgeLine(
  line: LineFacts,
  found: Readonly<Record<IdentifyingRule, readonly CandidateRow[]>>,
  taken: ReadonlyMap<number, number>,
): Verdict {
  const named: CandidateRow[] = [];
  for (const rule of IDENTIFYING_RULES) {
    const cands = found[rule].map((t) =>
      t.rmatLineId === null && taken.has(t.trctId) ? { ...t, rmatLineId: taken.get(t.trctId)! } : t,
    );
    const exact = cands
      .filter((t) => t.rmatLineId === null && differencesOf(line, t).length === 0)
      .sort((a, b) => compare(nearness(line, a), nearness(line, b)));
    if (exact[0]) return { kind: 'match', rule, trct: exact[0] };
    named.push(...cands);
  }
  if (named.length === 0) return { kind: 'unidentified' };
  const nearest = [...named].sort((a, b) => compare(nearness(line, a), nearness(line, b)))[0]!;
  const differences = differencesOf(line, nearest);
  const fields = new Set(differences.map((d) => d.field));
  const category =
    fields.has('matched') && !fields.has('amount')
      ? 'duplicate'
      : fields.has('status')
        ? 'status'
        : fields.has('amount')
          ? 'amount'
          : null;
  if (!category) return { kind: 'far', candidate: nearest, differences };
  return { kind: 'break', category, trct: nearest, differences };
}
