/**
 * What a demo bank account's statement holds for a day: a credit for every payment the bank booked
 * that day, with exactly one break of each reconciliation category planted across the demo
 * accounts, and an evening sweep (a debit of the day's credits to the operating account, so every
 * day opens and closes at the same balance). A pure function of the day and the book: the same day
 * asked again (a repeated pull, the MT940 download) gives the same lines, the same transaction ids.
 *
 * Planted, chosen by a hash of the day among the day's payments (README "Statements"):
 * - missing at the bank: one payment left out;
 * - amount: one payment credited Rp 2.500 short (a fee the bank kept);
 * - duplicate: one payment credited twice;
 * - status: a VA bill Tagih does not hold as paid, credited (its payment flag never arrived);
 * - missing in Tagih: a transfer naming no bill.
 * A day with fewer payments plants what it can (in that order).
 */
import { createHash } from 'node:crypto';
import type { BankBook, BookedPayment, OpenBill } from '@tagih/contract/demo-bank';

export type { BankBook, BookedPayment, OpenBill };

export interface StatementAccount {
  bank: string;
  accountNo: string;
}

export type PlantedBreak =
  'missing_at_bank' | 'amount' | 'duplicate' | 'status' | 'missing_in_tagih';

export interface StatementEntry {
  transactionId: string;
  /** ISO instant of the booking. */
  at: string;
  direction: 'C' | 'D';
  amountMinor: number;
  remark: string;
  /** The break this line plants (tests and the README's answer key); absent on ordinary lines. */
  planted?: PlantedBreak;
}

/** The balance every demo account opens and closes each day at (the sweep empties the day's credits). */
export const DAY_BALANCE_MINOR = 250_000_000_00;
/** The short credit of the amount break. */
export const SHORT_BY_MINOR = 2_500_00;
/** The demo's business day is Jakarta's (UTC+7, no daylight saving). */
const OFFSET_MS = 7 * 3_600_000;
const DAY_MS = 86_400_000;

export const dayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - OFFSET_MS);
export const dayOfInstant = (at: Date): string =>
  new Date(at.getTime() + OFFSET_MS).toISOString().slice(0, 10);
export const nextDay = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

const hashOf = (text: string) => createHash('sha256').update(text).digest().readUInt32BE(0);
const remarkOf = (p: { channel: 'VA' | 'QRIS'; identifier: string }) =>
  p.channel === 'VA' ? `TRANSFER VA ${p.identifier}` : `QRIS MPM ${p.identifier}`;
const at = (day: string, secondsIntoDay: number) =>
  new Date(dayStart(day).getTime() + secondsIntoDay * 1000).toISOString();

interface Draft extends Omit<StatementEntry, 'transactionId'> {
  accountNo: string;
}

/** Every demo account's lines of `day` (each sorted by time, transaction ids given), keyed by account number. */
/** Told of each bill the bank credited although Tagih never heard of its payment, with when: its Inquiry answers that time. */
export type OnFlagLost = (virtualAccountNo: string, at: string) => void;

export async function planDay(
  day: string,
  accounts: readonly StatementAccount[],
  book: BankBook,
  onFlagLost?: OnFlagLost,
): Promise<Map<string, StatementEntry[]>> {
  const start = dayStart(day);
  const end = new Date(start.getTime() + DAY_MS);
  const accountOf = new Map(accounts.map((a) => [a.bank.toLowerCase(), a.accountNo]));
  const payments = (await book.paidBetween(start, end))
    .filter((p) => accountOf.has(p.bank.toLowerCase()))
    .sort((a, b) => a.paidAt.localeCompare(b.paidAt) || a.identifier.localeCompare(b.identifier));
  const seed = hashOf(day);
  const n = payments.length;
  const pickedAt = (k: number) => (n > k ? (seed + k) % n : -1);
  const [missing, short, twice] = [pickedAt(0), pickedAt(1), pickedAt(2)];

  const drafts: Draft[] = [];
  payments.forEach((p, i) => {
    const accountNo = accountOf.get(p.bank.toLowerCase())!;
    if (i === missing) return;
    const credit: Draft = {
      accountNo,
      at: p.paidAt,
      direction: 'C',
      amountMinor: p.amountMinor,
      remark: remarkOf(p),
    };
    if (i === short)
      drafts.push({ ...credit, amountMinor: p.amountMinor - SHORT_BY_MINOR, planted: 'amount' });
    else drafts.push(credit);
    if (i === twice)
      drafts.push({
        ...credit,
        at: new Date(Math.min(Date.parse(p.paidAt) + 120_000, end.getTime() - 2000)).toISOString(),
        planted: 'duplicate',
      });
  });

  // The open bill whose hash with the day is least: the choice stays when other bills are paid.
  const open = (await book.unpaidDuring(start, end)).filter((b) =>
    accountOf.has(b.bank.toLowerCase()),
  );
  const rank = (b: OpenBill) => hashOf(`${day}|${b.virtualAccountNo}`);
  const flagLost = open.reduce<OpenBill | undefined>(
    (best, b) => (best === undefined || rank(b) < rank(best) ? b : best),
    undefined,
  );
  if (flagLost) {
    onFlagLost?.(flagLost.virtualAccountNo, at(day, 10 * 3600 + (seed % 3600)));
    drafts.push({
      accountNo: accountOf.get(flagLost.bank.toLowerCase())!,
      at: at(day, 10 * 3600 + (seed % 3600)),
      direction: 'C',
      amountMinor: flagLost.amountMinor,
      remark: remarkOf({ channel: 'VA', identifier: flagLost.virtualAccountNo }),
      planted: 'status',
    });
  }
  const first = accounts[0];
  if (first) {
    const ddmm = `${day.slice(8, 10)}${day.slice(5, 7)}`;
    const remark = `TRSF E-BANKING CR ${ddmm}/FTSCY/WS${String(10_000 + (seed % 90_000))} PT PELANGGAN UMUM`;
    drafts.push({
      accountNo: first.accountNo,
      at: at(day, 14 * 3600 + (seed % 3600)),
      direction: 'C',
      amountMinor: (100 + (seed % 900)) * 1000_00 + 7_700_00,
      remark,
      planted: 'missing_in_tagih',
    });
  }

  const out = new Map<string, StatementEntry[]>();
  for (const account of accounts) {
    const mine = drafts
      .filter((d) => d.accountNo === account.accountNo)
      .sort((a, b) => a.at.localeCompare(b.at) || a.remark.localeCompare(b.remark));
    const credited = mine.reduce((sum, d) => sum + d.amountMinor, 0);
    if (credited > 0)
      mine.push({
        accountNo: account.accountNo,
        at: at(day, DAY_MS / 1000 - 1),
        direction: 'D',
        amountMinor: credited,
        remark: 'PEMINDAHBUKUAN KE REK GIRO OPERASIONAL',
      });
    const prefix = `${account.bank.slice(0, 3).toUpperCase()}${day.slice(2).replace(/-/g, '')}`;
    out.set(
      account.accountNo,
      mine.map(({ accountNo: _account, ...d }, i) => ({
        transactionId: `${prefix}${String(i + 1).padStart(5, '0')}`,
        ...d,
      })),
    );
  }
  return out;
}

/** The account's lines of the days from..to (inclusive, YYYY-MM-DD), day by day. */
export async function planDays(
  from: string,
  to: string,
  account: StatementAccount,
  accounts: readonly StatementAccount[],
  book: BankBook,
  onFlagLost?: OnFlagLost,
): Promise<{ day: string; entries: StatementEntry[] }[]> {
  const days: { day: string; entries: StatementEntry[] }[] = [];
  for (let day = from; day <= to; day = nextDay(day))
    days.push({
      day,
      entries: (await planDay(day, accounts, book, onFlagLost)).get(account.accountNo) ?? [],
    });
  return days;
}
