/**
 * Find any id on any date (issue 35): an order id, VA number or QRIS reference searched exactly on
 * a list whose range is "today" is found on the day it was made, the answer says so
 * (`searchedAllDates`), the export gives the same row; a part of an id, a name and an id of
 * another company keep the range as asked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { withExactIdOnAllDates } from '../../src/modules/transactions/list/exact-id.ts';
import { filteredRows } from '../../src/modules/transactions/list/list-repo.ts';
import { parseListRequest } from '../../src/modules/transactions/list/list-request.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, sqlitePlan, type TestCompany } from './support.ts';

const VA = '/api/dashboard/transactionVa/';
const QR = '/api/dashboard/transactionQr/';
// "Today" is 2026-11-28 in Jakarta; the ids searched for are of 24 Nov.
const TODAY = { from: '2026-11-28', to: '2026-11-28' };

describe.each(DIALECTS)('an exact id on any date (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;
  let vaNumber: string;
  const get = async (url: string, query: Record<string, string | number> = {}) => {
    const qs = new URLSearchParams(
      Object.entries(query).map(([k, v]) => [k, String(v)]),
    ).toString();
    return ctx.inject({ method: 'GET', url: `${url}?${qs}`, token });
  };
  const orderIds = (res: { json: () => { data: { data: { trctOrderId: string }[] } } }) =>
    res.json().data.data.map((r) => r.trctOrderId);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    await insertTx(ctx, mine, 'VA', [
      {
        orderId: 'DEMO-OLD-24NOV-0001',
        createdAt: '2026-11-24T03:00:00.000Z',
        customerNo: '081200001234',
      },
      {
        orderId: 'DEMO-OLD-24NOV-00012',
        createdAt: '2026-11-24T04:00:00.000Z',
        customerNo: '081200005678',
      },
      {
        orderId: 'DEMO-TODAY-0001',
        createdAt: '2026-11-28T03:00:00.000Z',
        customerNo: '081200009999',
      },
    ]);
    await insertTx(ctx, mine, 'QRIS', [
      { orderId: 'QR-OLD-0001', createdAt: '2026-11-20T03:00:00.000Z', refNo: 'REF-OLD-778899' },
    ]);
    await insertTx(ctx, other, 'VA', [
      { orderId: 'OTHER-CO-0001', createdAt: '2026-11-24T03:00:00.000Z' },
    ]);
    const va = await ctx.db.kysely
      .selectFrom('transaction_va')
      .innerJoin('transactions', 'trctId', 'trvaTrctId')
      .select('trvaVirtualAccountNo')
      .where('trctOrderId', '=', 'DEMO-OLD-24NOV-0001')
      .executeTakeFirstOrThrow();
    vaNumber = va.trvaVirtualAccountNo;
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("finds an order id of another day on today's range, that row only, and says the range was set aside", async () => {
    const res = await get(VA, { ...TODAY, 'finds[trctOrderId]': 'DEMO-OLD-24NOV-0001' });
    expect(res.statusCode).toBe(200);
    expect(orderIds(res)).toEqual(['DEMO-OLD-24NOV-0001']);
    expect(res.json().data.searchedAllDates).toBe(true);
    expect(res.json().data.pagination.totalData).toBe(1);
    // The same through `search` (one box over several fields), and with spaces around it.
    const searched = await get(VA, {
      ...TODAY,
      search: ' DEMO-OLD-24NOV-0001 ',
      searchFields: 'trctOrderId,trvaVirtualAccountNo',
    });
    expect(orderIds(searched)).toEqual(['DEMO-OLD-24NOV-0001']);
  });

  it('finds a VA number whatever search-by field it was typed in, and a QRIS reference', async () => {
    const byNumber = await get(VA, { ...TODAY, 'finds[trvaVirtualAccountNo]': vaNumber });
    expect(orderIds(byNumber)).toEqual(['DEMO-OLD-24NOV-0001']);
    const inOrderIdBox = await get(VA, { ...TODAY, 'finds[trctOrderId]': vaNumber });
    expect(orderIds(inOrderIdBox)).toEqual(['DEMO-OLD-24NOV-0001']);
    const qr = await get(QR, { ...TODAY, 'finds[trqrReferenceNo]': 'REF-OLD-778899' });
    expect(orderIds(qr)).toEqual(['QR-OLD-0001']);
    expect(qr.json().data.searchedAllDates).toBe(true);
  });

  it('keeps the range for a part of an id, a name, an id of another company and a search that is no id', async () => {
    const cases: [Record<string, string>, string[]][] = [
      [{ 'finds[trctOrderId]': 'DEMO-OLD' }, []],
      [{ 'finds[trctOrderId]': 'OTHER-CO-0001' }, []],
      // Every row's bank name is "Nama Bank": a name is searched in the range.
      [{ 'finds[trvaVirtualAccountName]': 'Nama Bank' }, ['DEMO-TODAY-0001']],
      [{ 'finds[trctOrderId]': 'nothing-like-it' }, []],
    ];
    for (const [finds, rows] of cases) {
      const res = await get(VA, { ...TODAY, ...finds });
      expect({ finds, status: res.statusCode }).toEqual({ finds, status: 200 });
      expect({ finds, rows: orderIds(res), all: res.json().data.searchedAllDates }).toEqual({
        finds,
        rows,
        all: undefined,
      });
    }
    // On today's range a part finds today's row only.
    expect(orderIds(await get(VA, { ...TODAY, 'finds[trctOrderId]': 'DEMO-' }))).toEqual([
      'DEMO-TODAY-0001',
    ]);
  });

  it('exports the same row as the list shows', async () => {
    const url = `/api/dashboard/transactionVa/export.csv?from=${TODAY.from}&to=${TODAY.to}&finds[trctOrderId]=DEMO-OLD-24NOV-0001`;
    const res = await ctx.inject({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('DEMO-OLD-24NOV-0001');
    expect(res.body).not.toContain('DEMO-OLD-24NOV-00012');
  });

  if (dialect === 'sqlite') {
    it('reads an exact id by its index, not by a scan of the rows (so 10M rows cost what 100 do)', async () => {
      const deps = ctx.deps;
      for (const [field, text] of [
        ['trctOrderId', 'DEMO-OLD-24NOV-0001'],
        ['trvaVirtualAccountNo', vaNumber],
      ] as const) {
        const raw = { ...TODAY, [`finds[${field}]`]: text };
        const request = await withExactIdOnAllDates(
          deps,
          parseListRequest(deps, SERVER_KINDS[0]!, mine.compId, raw),
        );
        const plan = await sqlitePlan(
          ctx,
          filteredRows(ctx.db.kysely, request, { fields: ['trctId'] }).select(
            sql.ref('trctId').as('id'),
          ),
        );
        expect({ field, plan }).toEqual({
          field,
          plan: expect.stringMatching(/INTEGER PRIMARY KEY \(rowid=\?\)/),
        });
        expect(plan).not.toMatch(/SCAN t\b|SCAN v\b/);
      }
    });
  }
});
