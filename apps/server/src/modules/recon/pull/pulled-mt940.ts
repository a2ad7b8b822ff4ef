/**
 * A statement pulled over SNAP, written as MT940 so that it goes through the very import an
 * uploaded file does (the same checks, fingerprints and matching): one statement from the first
 * day's opening to the last day's closing balance, lines in the bank's order grouped by day, the
 * bank's transactionId as the :61: bank reference (so a pull and the bank's MT940 file of the same
 * day share their fingerprints), the remark as :86: at 65 characters a line.
 */
import { businessDate } from '@tagih/contract';
import type { PulledStatement } from '../../../integrations/bank/statement-client.ts';

const WIDTH = 65;
const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const mtAmount = (minor: number) =>
  `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
const balance = (minor: number, day: string) =>
  `${minor < 0 ? 'D' : 'C'}${yymmdd(day)}IDR${mtAmount(Math.abs(minor))}`;
/** Field text that cannot be read as a tag or a block: no line breaks, no line starting with ':', '-' or '{'. */
const safe = (text: string) => text.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7e]/g, '?');
const wrapped = (remark: string) =>
  (safe(remark).match(new RegExp(`.{1,${WIDTH}}`, 'g')) ?? [])
    .slice(0, 6)
    .map((l) => l.replace(/^[:{-]/, ' '));

export function pulledMt940(
  accountNo: string,
  fromDay: string,
  toDay: string,
  statement: PulledStatement,
  timeZone: string,
): string {
  const days = new Map<string, string[]>();
  for (const e of statement.entries) {
    const day = businessDate(new Date(e.transactionDate), timeZone);
    const reference = e.transactionId
      ? `NONREF//${safe(e.transactionId).replace(/\s/g, '').slice(0, 16)}`
      : 'NONREF';
    const lines = [
      `:61:${yymmdd(day)}${yymmdd(day).slice(2)}${e.direction}${mtAmount(e.amountMinor)}NTRF${reference}`,
    ];
    const remark = wrapped(e.remark);
    if (remark.length > 0) lines.push(`:86:${remark.join('\r\n')}`);
    days.set(day, [...(days.get(day) ?? []), ...lines]);
  }
  const ordered = [...days.keys()].sort().flatMap((day) => days.get(day)!);
  const out = [
    `:20:SNAP${yymmdd(fromDay)}`,
    `:25:${accountNo}`,
    ':28C:1/1',
    `:60F:${balance(statement.startingMinor, fromDay)}`,
    ...ordered,
    `:62F:${balance(statement.endingMinor, toDay)}`,
    '-',
  ];
  return `${out.join('\r\n')}\r\n`;
}
