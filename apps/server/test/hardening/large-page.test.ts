/**
 * A large list page (max up to 1,000,000, spec §9) answers the same rows, totals and pagination
 * as paging through the pager's pages, on every list, while it is streamed in batches (both dialects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { recordAudit } from '../../src/modules/audit/service.ts';
import { SYSTEM_AUDIT_CONTEXT } from '../../src/shared/audit-context.ts';
import { insertTransactions, type NewTransaction } from '../../src/db/seed/bulk-transactions.ts';
import { LARGE_PAGE_ROWS, largePageMetrics } from '../../src/modules/large-reads/large-page.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany } from '../monitoring/support.ts';

const ROWS = 2_600;
const PAGER = 100;
const START = Date.parse('2026-10-21T00:00:00.000Z');

function* rows(compId: number, clntId: number): Generator<NewTransaction> {
  for (let i = 0; i < ROWS; i++) {
    const customerNo = `0812${String(i).padStart(8, '0')}`;
    const paid = i % 3 === 0;
    yield {
      transaction: {
        trctType: i % 5 === 4 ? 'QRIS' : 'VA',
        trctCompId: compId,
        trctClntId: clntId,
        trctOrderId: `BIG-${String(i).padStart(5, '0')}`,
        trctStatus: paid ? '00' : i % 3 === 1 ? '03' : '05',
        trctBank: i % 2 ? 'BRI' : 'BNI',
        trctVirtualAccountNo: `77001${customerNo}`,
        // nulls and repeated values in the orders below; ties in created time
        trctVirtualAccountName: i % 7 === 0 ? null : `Pelanggan ${i % 40}`,
        trctQrName: null,
        trctQrBank: null,
        trctTotalAmount: i % 11 === 0 ? null : 15_000_000 + (i % 97) * 100,
        trctTotalAmountPaid: paid ? 15_000_000 : null,
        trctCreatedTime: new Date(START + Math.floor(i / 3) * 60_000).toISOString(),
        trctLunasTime: null,
        trctUpdatedTime: null,
      },
      va: {
        trvaPartnerServiceId: '   77001',
        trvaCustomerNo: customerNo,
        trvaVirtualAccountNo: `77001${customerNo}`,
        trvaVirtualAccountName: null,
        trvaExpiredDate: null,
      },
      ...(i % 3 !== 2
        ? {
            notification: {
              notiStatus: (paid ? 2 : 1) as 1 | 2,
              notiAttempts: 1,
              notiNextAttemptAt: null,
              notiCreatedTime: new Date(START + i * 60_000).toISOString(),
              history: [],
            },
          }
        : {}),
    };
  }
}

const RANGE = 'from=2026-10-01&to=2026-11-30';
/** The business day of the audit events made before the lists are read (the test clock's first day). */
const AUDIT_DAY = 'from=2026-11-20&to=2026-11-20';

describe.each(DIALECTS)('large list pages (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  const get = (url: string) => ctx.inject({ method: 'GET', url, token });

  /** Every row the pager's pages show, in order, and the first page's totals and pagination. */
  async function pagedThrough(list: string, query: string) {
    const first = (await get(`${list}?${query}&page=1&max=${PAGER}`)).json().data;
    const all = [...first.data];
    for (let page = 2; page <= first.pagination.totalPage; page++) {
      const res = await get(`${list}?${query}&page=${page}&max=${PAGER}`);
      expect(res.statusCode, res.body).toBe(200);
      all.push(...res.json().data.data);
    }
    return { rows: all, first };
  }

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const company = await createCompany(ctx);
    expect(await insertTransactions(ctx.db.kysely, rows(company.compId, company.clntid))).toBe(
      ROWS,
    );
    const now = ctx.clock.now().toISOString();
    const made = {
      CreatedTime: now,
      CreatedUserId: 'system',
      UpdatedTime: now,
      UpdatedUserId: 'system',
    };
    const clients = Array.from({ length: 1_200 }, (_, i) => ({
      clntName: `Merchant ${i % 50}`,
      clntCallbackUrl: null,
      clntSecret: `s${i}`,
      ...Object.fromEntries(Object.entries(made).map(([k, v]) => [`clnt${k}`, v])),
    }));
    await ctx.db.kysely
      .insertInto('clients')
      .values(clients as never)
      .execute();
    for (let i = 0; i < 1_100; i++) {
      await recordAudit(ctx.db.kysely, ctx.clock, SYSTEM_AUDIT_CONTEXT, {
        action: i % 2 ? AUDIT_ACTIONS.bulkStarted : AUDIT_ACTIONS.auditViewed,
        ...(i % 3 ? { target: { type: 'audit_event', id: i % 13 } } : {}),
      });
    }
    // Reading the audit list is itself recorded (audit.viewed): the lists below read the day of the
    // events made above, and every read from here on is recorded on the next day.
    ctx.clock.advanceMinutes(24 * 60);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
  }, 120_000);
  afterAll(async () => {
    await ctx.close();
  });

  const lists = [
    ['/api/dashboard/transactionVa', ''],
    ['/api/dashboard/transactionVa', 'orderField=trctCreatedTime&orderValue=asc'],
    ['/api/dashboard/transactionVa', 'orderField=trctVirtualAccountName&orderValue=asc'],
    ['/api/dashboard/transactionVa', 'orderField=trctVirtualAccountName&orderValue=desc'],
    [
      '/api/dashboard/transactionVa',
      'orderField=trctTotalAmount&orderValue=desc&search=Pelanggan%201',
    ],
    ['/api/dashboard/transactionQr', 'orderField=trctTotalAmount&orderValue=asc'],
    ['/api/dashboard/notification', 'from=2026-10-01&to=2026-12-31'],
    [
      '/api/dashboard/notification',
      'from=2026-10-01&to=2026-12-31&orderField=trctVirtualAccountNo&orderValue=asc',
    ],
    ['/api/master/client', ''],
    ['/api/master/client', 'orderField=clntName&orderValue=desc'],
    ['/api/audit', AUDIT_DAY],
    ['/api/audit', `${AUDIT_DAY}&orderField=audtTargetId&orderValue=asc`],
    ['/api/audit', `${AUDIT_DAY}&orderField=audtAction&orderValue=desc`],
  ] as const;

  it.each(lists)(
    "%s?%s: the whole list in one page is the pager's pages end to end, same totals",
    async (list, query) => {
      const q = list.startsWith('/api/dashboard/transaction')
        ? [RANGE, query].filter(Boolean).join('&')
        : query;
      const { rows: paged, first } = await pagedThrough(list, q);
      const batchesBefore = largePageMetrics.batches;
      const res = await get(`${list}?${q}&page=1&max=1000000`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.status).toEqual({ error: 0, message: expect.any(String) });
      expect(body.data.data).toEqual(paged);
      expect(body.data.total).toEqual(first.total);
      expect(body.data.fields).toEqual(first.fields);
      expect(body.data.pagination).toEqual({
        ...first.pagination,
        totalPage: paged.length > 0 ? 1 : 0,
        itemPerPage: 1_000_000,
      });
      if (paged.length > LARGE_PAGE_ROWS) {
        // read in batches, not at once
        expect(largePageMetrics.batches - batchesBefore).toBeGreaterThanOrEqual(
          Math.ceil(paged.length / LARGE_PAGE_ROWS),
        );
        // a later page of a large size: the same rows as the pager's
        const second = (await get(`${list}?${q}&page=2&max=1100`)).json().data;
        expect(second.data).toEqual(paged.slice(1100, 2200));
        expect(second.total).toEqual(first.total);
      }
    },
    60_000,
  );
});
