/** A demo account's statement as SWIFT MT940: one statement (:20: … :62F:) per day, decimal commas, :86: wrapped at 65 characters. */
import { DAY_BALANCE_MINOR, dayOfInstant, type StatementEntry } from './statement-plan.ts';

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const mtAmount = (minor: number) =>
  `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
const wrap = (text: string) => (text.match(/.{1,65}/g) ?? ['']).slice(0, 6);

export function mt940Of(
  accountNo: string,
  days: readonly { day: string; entries: readonly StatementEntry[] }[],
): string {
  const out: string[] = [];
  for (const { day, entries } of days) {
    const dayOfYear =
      Math.floor(
        (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${day.slice(0, 4)}-01-01T00:00:00Z`)) /
          86_400_000,
      ) + 1;
    out.push(
      `:20:STMT${yymmdd(day)}`,
      `:25:${accountNo}`,
      `:28C:${dayOfYear}/1`,
      `:60F:C${yymmdd(day)}IDR${mtAmount(DAY_BALANCE_MINOR)}`,
    );
    for (const e of entries) {
      const booked = dayOfInstant(new Date(e.at));
      out.push(
        `:61:${yymmdd(booked)}${yymmdd(booked).slice(2)}${e.direction}${mtAmount(e.amountMinor)}NTRFNONREF//${e.transactionId}`,
        `:86:${wrap(e.remark).join('\r\n')}`,
      );
    }
    out.push(`:62F:C${yymmdd(day)}IDR${mtAmount(DAY_BALANCE_MINOR)}`, '-');
  }
  return `${out.join('\r\n')}\r\n`;
}
