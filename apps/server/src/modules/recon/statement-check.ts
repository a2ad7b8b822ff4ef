/**
 * The first pass over a statement file, writing nothing: every section's opening balance + credits
 * − debits must be its closing balance (MT942: its declared totals; a CSV with a balance column:
 * each row's balance), rupiah only, each account's lines of a day together (the fingerprints count
 * repeats per day), and every date real, inside the section's declared period and not after
 * tomorrow. A file of several accounts (an MT940 with several :25:) gives one checked statement per
 * account, in the order they first appear. The first failure is a StatementRefusal naming the line.
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

/** One account's statement as the check reads it, with the day its lines are at. */
class AccountState {
  readonly out: CheckedStatement;
  currentDay: string | null = null;
  readonly closedDays = new Set<string>();
  constructor(accountNo: string | null) {
    this.out = {
      accountNo,
      reference: null,
      variant: null,
      fromDay: null,
      toDay: null,
      lines: 0,
      pending: 0,
      balanceChecked: true,
    };
  }
  widen(day: string | null) {
    if (!day) return;
    if (this.out.fromDay === null || day < this.out.fromDay) this.out.fromDay = day;
    if (this.out.toDay === null || day > this.out.toDay) this.out.toDay = day;
  }
}

/** The checked statements of a file: one per account it names (a section naming none is the account's before it). */
export async function checkStatement(
  events: AsyncIterable<StatementEvent>,
  latestDay: string,
): Promise<CheckedStatement[]> {
  const accounts = new Map<string | null, AccountState>();
  let account = null as AccountState | null;
  let section: SectionState | null = null;
  let pendingBeforeStart = 0;

  const onStart = (e: SectionStart) => {
    if (e.currency && e.currency !== 'IDR')
      throw new StatementRefusal(e.lineNo, `currency ${e.currency} is not rupiah (IDR)`);
    const number = accountDigits(e.accountNo) ?? account?.out.accountNo ?? null;
    account = accounts.get(number) ?? new AccountState(number);
    accounts.set(number, account);
    account.out.reference ??= e.reference;
    account.out.variant ??= e.variant;
    account.widen(e.periodTo);
    section = new SectionState(e);
  };

  const onEntry = (a: AccountState, s: SectionState, e: Entry) => {
    if (e.bookedDay > latestDay)
      throw new StatementRefusal(e.lineNo, `date ${e.bookedDay} is in the future`);
    const { periodFrom, periodTo } = s.start;
    if ((periodFrom && e.bookedDay < periodFrom) || (periodTo && e.bookedDay > periodTo)) {
      throw new StatementRefusal(
        e.lineNo,
        `date ${e.bookedDay} is outside the statement's period ${periodFrom ?? '…'} to ${periodTo ?? '…'}`,
      );
    }
    if (e.bookedDay !== a.currentDay) {
      if (a.closedDays.has(e.bookedDay))
        throw new StatementRefusal(
          e.lineNo,
          `lines of ${e.bookedDay} appear again after other days; each day's lines must be together`,
        );
      if (a.currentDay) a.closedDays.add(a.currentDay);
      a.currentDay = e.bookedDay;
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
    a.widen(e.bookedDay);
    a.out.lines++;
  };

  const onEnd = (a: AccountState, s: SectionState, e: SectionEnd) => {
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
    a.widen(e.closingDay);
    // Balances checked row by row count too (a CSV with a balance column).
    if (!checked && !(s.creditCount + s.debitCount > 0 && s.balance !== null))
      a.out.balanceChecked = false;
  };

  for await (const e of events) {
    if (e.type === 'start') onStart(e);
    else if (e.type === 'pending') {
      if (account) account.out.pending++;
      else pendingBeforeStart++;
    } else if (!section || !account)
      throw new StatementRefusal(e.lineNo, 'a line before its statement began');
    else if (e.type === 'entry') onEntry(account, section, e);
    else {
      onEnd(account, section, e);
      section = null;
    }
  }
  const checked = [...accounts.values()].map((a) => a.out);
  if (checked.every((c) => c.lines === 0 && c.fromDay === null))
    throw new StatementRefusal(null, 'the file holds no statement lines');
  checked[0]!.pending += pendingBeforeStart;
  return checked;
}

/**
 * The events of one account's sections, by the check's rule (a section naming no account is the
 * account's before it): what an import of a file of several accounts writes for each.
 */
export async function* sectionsOf(
  events: AsyncIterable<StatementEvent>,
  accountNo: string | null,
): AsyncIterable<StatementEvent> {
  let current: string | null = null;
  for await (const e of events) {
    if (e.type === 'start') current = accountDigits(e.accountNo) ?? current;
    if (current === accountNo) yield e;
  }
}
