/**
 * The first pass over a statement, writing nothing: every section's opening balance + credits −
 * debits must be its closing balance (MT942: its declared totals; a CSV with a balance column:
 * each row's balance), rupiah only, one account, each day's lines together (the fingerprints count
 * repeats per day), and every date real, inside the section's declared period and not after
 * tomorrow. The first failure is a StatementRefusal naming the line.
 */
import { formatMinorIdr } from '@tagih/contract';
import {
  StatementRefusal,
  type Entry,
  type SectionEnd,
  type SectionStart,
  type StatementEvent,
} from './formats/statement-events.ts';

export interface CheckedStatement {
  /** The account number the file names (digits), or null. */
  accountNo: string | null;
  reference: string | null;
  /** The variant its first section was read as (formats/statement-events.ts). */
  variant: string | null;
  fromDay: string | null;
  toDay: string | null;
  lines: number;
  pending: number;
  balanceChecked: boolean;
}

const rp = (minor: bigint | number) => formatMinorIdr(Number(minor));

/**
 * The account number a file names: as the parsers give it (digits, or letters and digits kept
 * whole: 'B4E08MS9D00A0009'), else the last run of digits of a longer text ('BRINIDJA/0123456789').
 */
export const accountDigits = (text: string | null): string | null =>
  text
    ? /^[A-Z0-9]+$/.test(text)
      ? text
      : (/(\d[\d-]{3,})\D*$/.exec(text)?.[1]?.replace(/-/g, '') ?? null)
    : null;

class SectionState {
  credits = 0n;
  debits = 0n;
  creditCount = 0;
  debitCount = 0;
  balance: bigint | null;
  minDay: string | null = null;
  maxDay: string | null = null;
  readonly start: SectionStart;
  constructor(start: SectionStart) {
    this.start = start;
    this.balance = start.openingMinor === null ? null : BigInt(start.openingMinor);
  }
}

export async function checkStatement(
  events: AsyncIterable<StatementEvent>,
  latestDay: string,
): Promise<CheckedStatement> {
  const out: CheckedStatement = {
    accountNo: null,
    reference: null,
    variant: null,
    fromDay: null,
    toDay: null,
    lines: 0,
    pending: 0,
    balanceChecked: true,
  };
  let section: SectionState | null = null;
  let currentDay: string | null = null;
  const closedDays = new Set<string>();
  const widen = (day: string | null) => {
    if (!day) return;
    if (out.fromDay === null || day < out.fromDay) out.fromDay = day;
    if (out.toDay === null || day > out.toDay) out.toDay = day;
  };

  const onStart = (e: SectionStart) => {
    if (e.currency && e.currency !== 'IDR')
      throw new StatementRefusal(e.lineNo, `currency ${e.currency} is not rupiah (IDR)`);
    const account = accountDigits(e.accountNo);
    if (account && out.accountNo && account !== out.accountNo)
      throw new StatementRefusal(
        e.lineNo,
        `account ${account} differs from ${out.accountNo} above: one account per file`,
      );
    out.accountNo ??= account;
    out.reference ??= e.reference;
    out.variant ??= e.variant;
    widen(e.periodTo);
    section = new SectionState(e);
  };

  const onEntry = (s: SectionState, e: Entry) => {
    if (e.bookedDay > latestDay)
      throw new StatementRefusal(e.lineNo, `date ${e.bookedDay} is in the future`);
    const { periodFrom, periodTo } = s.start;
    if ((periodFrom && e.bookedDay < periodFrom) || (periodTo && e.bookedDay > periodTo)) {
      throw new StatementRefusal(
        e.lineNo,
        `date ${e.bookedDay} is outside the statement's period ${periodFrom ?? '…'} to ${periodTo ?? '…'}`,
      );
    }
    if (e.bookedDay !== currentDay) {
      if (closedDays.has(e.bookedDay))
        throw new StatementRefusal(
          e.lineNo,
          `lines of ${e.bookedDay} appear again after other days; each day's lines must be together`,
        );
      if (currentDay) closedDays.add(currentDay);
      currentDay = e.bookedDay;
    }
    const amount = BigInt(e.amountMinor);
    if (e.direction === 'C') {
      s.credits += amount;
      s.creditCount++;
    } else {
      s.debits += amount;
      s.debitCount++;
    }
    if (e.balanceMinor !== null) {
      const after = BigInt(e.balanceMinor);
      const expected =
        s.balance === null ? null : s.balance + (e.direction === 'C' ? amount : -amount);
      if (expected !== null && expected !== after)
        throw new StatementRefusal(
          e.lineNo,
          `balance ${rp(after)} should be ${rp(expected)} (the balance before ${e.direction === 'C' ? '+' : '−'} ${rp(amount)})`,
        );
      s.balance = after;
    } else {
      s.balance = null;
    }
    if (s.minDay === null || e.bookedDay < s.minDay) s.minDay = e.bookedDay;
    if (s.maxDay === null || e.bookedDay > s.maxDay) s.maxDay = e.bookedDay;
    widen(e.bookedDay);
    out.lines++;
  };

  const onEnd = (s: SectionState, e: SectionEnd) => {
    const opening = s.start.openingMinor ?? e.openingMinor;
    let checked = false;
    if (opening !== null && e.closingMinor !== null) {
      const total = BigInt(opening) + s.credits - s.debits;
      if (total !== BigInt(e.closingMinor)) {
        throw new StatementRefusal(
          e.lineNo,
          `opening ${rp(opening)} + credits ${rp(s.credits)} − debits ${rp(s.debits)} = ${rp(total)}, but the closing balance is ${rp(e.closingMinor)}`,
        );
      }
      checked = true;
    }
    for (const [side, declared, sum, count] of [
      ['credit', e.declared?.credits, s.credits, s.creditCount],
      ['debit', e.declared?.debits, s.debits, s.debitCount],
    ] as const) {
      if (!declared) continue;
      if (BigInt(declared.minor) !== sum || (declared.count !== null && declared.count !== count)) {
        throw new StatementRefusal(
          e.lineNo,
          `the file declares ${declared.count ?? '?'} ${side}s of ${rp(declared.minor)}, its lines hold ${count} of ${rp(sum)}`,
        );
      }
      checked = true;
    }
    if (e.closingDay && s.maxDay && s.maxDay > e.closingDay)
      throw new StatementRefusal(
        e.lineNo,
        `a line of ${s.maxDay} is after the closing balance's date ${e.closingDay}`,
      );
    widen(e.closingDay);
    // Balances checked row by row count too (a CSV with a balance column).
    if (!checked && !(s.creditCount + s.debitCount > 0 && s.balance !== null))
      out.balanceChecked = false;
  };

  for await (const e of events) {
    if (e.type === 'start') onStart(e);
    else if (e.type === 'pending') out.pending++;
    else if (!section) throw new StatementRefusal(e.lineNo, 'a line before its statement began');
    else if (e.type === 'entry') onEntry(section, e);
    else {
      onEnd(section, e);
      section = null;
    }
  }
  if (out.lines === 0 && out.fromDay === null)
    throw new StatementRefusal(null, 'the file holds no statement lines');
  return out;
}
