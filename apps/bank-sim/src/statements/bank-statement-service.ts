/**
 * SNAP bank statement (service 14, `POST {prefix}/v1.0/bank-statement`): `accountNo`,
 * `fromDateTime`, `toDateTime` (ISO with offset, at most 31 days apart), and
 * `additionalInfo.pageNumber` (from 1) for the pages after the first; the answer carries the
 * period's balances and totals, `detailData` of one page (oldest first) and `hasMore`.
 * The caller's token and signature are checked before this runs (bank.ts).
 */
import type { ServiceAnswer } from '../bank-services.ts';
import { jakartaTimestamp } from '../snap-verify.ts';
import {
  DAY_BALANCE_MINOR,
  dayOfInstant,
  planDays,
  type BankBook,
  type OnFlagLost,
  type StatementAccount,
} from './statement-plan.ts';

export const DEFAULT_STATEMENT_PAGE_SIZE = 100;
const MAX_RANGE_MS = 31 * 86_400_000;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?(Z|[+-]\d{2}:\d{2})$/;

const error = (status: number, responseCode: string, responseMessage: string): ServiceAnswer => ({
  status,
  body: { responseCode, responseMessage },
});
const idr = (minor: number) => ({
  value: `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`,
  currency: 'IDR',
});

export interface StatementServiceOptions {
  account: StatementAccount;
  accounts: readonly StatementAccount[];
  book: BankBook;
  pageSize: number;
  onFlagLost?: OnFlagLost;
}

function instant(body: Record<string, unknown>, field: string): Date | ServiceAnswer {
  const text = body[field];
  if (typeof text !== 'string' || text === '')
    return error(400, '4001402', `Invalid Mandatory Field ${field}`);
  const ms = Date.parse(text);
  if (!ISO_WITH_OFFSET.test(text) || Number.isNaN(ms))
    return error(400, '4001401', `Invalid Field Format ${field}`);
  return new Date(ms);
}

export async function bankStatement(
  body: Record<string, unknown>,
  o: StatementServiceOptions,
): Promise<ServiceAnswer> {
  if (typeof body.accountNo !== 'string' || body.accountNo === '')
    return error(400, '4001402', 'Invalid Mandatory Field accountNo');
  if (body.accountNo !== o.account.accountNo) return error(404, '4041411', 'Invalid Account');
  const from = instant(body, 'fromDateTime');
  if (!(from instanceof Date)) return from;
  const to = instant(body, 'toDateTime');
  if (!(to instanceof Date)) return to;
  if (to < from || to.getTime() - from.getTime() > MAX_RANGE_MS)
    return error(
      400,
      '4001401',
      'Invalid Field Format toDateTime (after fromDateTime, at most 31 days)',
    );
  const info = (body.additionalInfo ?? {}) as Record<string, unknown>;
  const page = info.pageNumber === undefined ? 1 : Number(info.pageNumber);
  if (!Number.isInteger(page) || page < 1)
    return error(400, '4001401', 'Invalid Field Format additionalInfo.pageNumber');

  const days = await planDays(
    dayOfInstant(from),
    dayOfInstant(to),
    o.account,
    o.accounts,
    o.book,
    o.onFlagLost,
  );
  const all = days.flatMap((d) => d.entries);
  const inRange = all.filter(
    (e) => Date.parse(e.at) >= from.getTime() && Date.parse(e.at) <= to.getTime(),
  );
  // Each day nets to nothing (the sweep): the balance at `from` is the day's opening plus what came before it that day.
  const net = (entries: typeof all) =>
    entries.reduce((sum, e) => sum + (e.direction === 'C' ? e.amountMinor : -e.amountMinor), 0);
  const starting =
    DAY_BALANCE_MINOR +
    net(
      all.filter(
        (e) =>
          dayOfInstant(new Date(e.at)) === dayOfInstant(from) && Date.parse(e.at) < from.getTime(),
      ),
    );
  const ending = starting + net(inRange);
  const side = (direction: 'C' | 'D') => {
    const entries = inRange.filter((e) => e.direction === direction);
    return {
      numberOfEntries: String(entries.length),
      amount: idr(entries.reduce((sum, e) => sum + e.amountMinor, 0)),
    };
  };
  const pageEntries = inRange.slice((page - 1) * o.pageSize, page * o.pageSize);
  const last = pageEntries.at(-1);
  return {
    status: 200,
    body: {
      responseCode: '2001400',
      responseMessage: 'Successful',
      balance: [
        { amount: idr(ending), startingBalance: idr(starting), endingBalance: idr(ending) },
      ],
      totalCreditEntries: side('C'),
      totalDebitEntries: side('D'),
      hasMore: page * o.pageSize < inRange.length,
      ...(last ? { lastRecordDateTime: jakartaTimestamp(new Date(last.at)) } : {}),
      detailData: pageEntries.map((e) => ({
        amount: idr(e.amountMinor),
        transactionDate: jakartaTimestamp(new Date(e.at)),
        remark: e.remark,
        transactionId: e.transactionId,
        type: e.direction === 'C' ? 'Credit' : 'Debit',
        transactionDetailStatus: 'SUCCESS',
        detailInfo: {},
      })),
      additionalInfo: { pageNumber: String(page), pageSize: String(o.pageSize) },
    },
  };
}
