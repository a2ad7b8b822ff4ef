/**
 * The break queue as CSV (the queue's filters, every page, cells neutralised, recorded in the audit
 * trail; a bad query is a 400 before any byte) and the statement line a transaction was matched
 * to on its timeline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, type TestCompany } from '../monitoring/support.ts';
import { createAccount, importBriDay, importFile } from './support.ts';

const cells = (line: string) =>
  [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

describe.each(DIALECTS)('break queue export and the timeline entry (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let company: TestCompany;
  let ids: Record<string, number>;
  const exported = () =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', 'recon.breaks.exported')
      .orderBy('audtId')
      .execute();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    token = await ctx.login(ADMIN);
    company = await createCompany(ctx);
    ids = await importBriDay(ctx, token, company);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('exports the filtered queue as CSV with Indonesian headers and records it', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/recon/breaks/export.csv?finds[category]=amount',
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="reconciliation_breaks.csv"',
    );
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    const header = cells(lines[0]!);
    const row = Object.fromEntries(header.map((h, i) => [h, cells(lines[1]!)[i]]));
    expect(row).toMatchObject({
      Kategori: 'Selisih nominal',
      Status: 'Terbuka',
      'Order ID': 'VA-AMOUNT-04',
      'Nominal Bank': '200001.00',
      'Nominal Tagih': '200000.00',
      Selisih: '1.00',
      'Alasan Tidak Cocok': 'nominal: 200.001,00 vs 200.000,00',
    });
    const [event] = await exported();
    expect(event).toMatchObject({ audtActorUsername: 'admin', audtOutcome: 'success' });
    expect(JSON.parse(event!.audtDetails)).toMatchObject({
      rows: 1,
      filters: { 'finds[category]': 'amount' },
    });
  });

  it('the statement list gives each statement its open breaks by category', async () => {
    const [row] = (await ctx.inject({ method: 'GET', url: '/api/recon/statements', token })).json()
      .data.data;
    expect(row).toMatchObject({
      accountNo: '0123456789012',
      openBreaks: 5,
      openByCategory: {
        missing_at_bank: 1,
        missing_in_tagih: 1,
        amount: 1,
        status: 1,
        duplicate: 1,
      },
    });
  });

  it('every break, in the list order', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/recon/breaks/export.csv?orderField=lineAmount&orderValue=desc',
      token,
    });
    const lines = res.body.trim().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(cells(lines[1]!)[9]).toBe('300000.00');
  });

  it('a bad query is a 400 and nothing is recorded', async () => {
    const before = (await exported()).length;
    for (const bad of ['finds[nope]=1', 'from=2026-02-30']) {
      expect(
        (await ctx.inject({ method: 'GET', url: `/api/recon/breaks/export.csv?${bad}`, token }))
          .statusCode,
        bad,
      ).toBe(400);
    }
    expect((await exported()).length).toBe(before);
  });

  it("a matched transaction's timeline shows its statement line; an unmatched one does not", async () => {
    const operator = await ctx.loginWithCompany(ADMIN, company.compId);
    const timeline = async (trctId: number) =>
      (
        await ctx.inject({
          method: 'GET',
          url: `/api/dashboard/transactionVa/${trctId}`,
          token: operator,
        })
      ).json().data.timeline as { type: string }[];
    expect((await timeline(ids['VA-MATCH-01']!)).filter((e) => e.type === 'statement')).toEqual([
      expect.objectContaining({
        type: 'statement',
        rule: 'va',
        bank: 'BRI',
        accountNo: '0123456789012',
        day: '2026-11-19',
        amount: 150000,
        rbrkId: null,
      }),
    ]);
    expect((await timeline(ids['VA-MISSING-07']!)).filter((e) => e.type === 'statement')).toEqual(
      [],
    );
  });

  it("a link may name the transaction by its order id; the linked transaction's timeline then shows the line and its break", async () => {
    const [line] = (
      await ctx.inject({
        method: 'GET',
        url: '/api/recon/breaks?finds[category]=missing_in_tagih',
        token,
      })
    ).json().data.data as { rbrkId: number }[];
    const link = (body: Record<string, unknown>) =>
      ctx.inject({
        method: 'POST',
        url: `/api/recon/breaks/${line!.rbrkId}/resolve`,
        token,
        payload: { action: 'link', reason: 'Customer paid the wrong amount', ...body },
      });
    expect((await link({ orderId: 'NO-SUCH-ORDER' })).json().status.message).toBe(
      'Transaksi dengan order id NO-SUCH-ORDER tidak ditemukan di perusahaan rekening ini.',
    );
    expect((await link({ orderId: '' })).statusCode).toBe(400);
    const res = await link({ orderId: 'VA-MISSING-07' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.break).toMatchObject({ status: 'resolved', resolution: 'link' });
    const operator = await ctx.loginWithCompany(ADMIN, company.compId);
    const timeline = (
      await ctx.inject({
        method: 'GET',
        url: `/api/dashboard/transactionVa/${ids['VA-MISSING-07']}`,
        token: operator,
      })
    ).json().data.timeline as { type: string }[];
    expect(timeline.filter((e) => e.type === 'statement')).toEqual([
      expect.objectContaining({ rule: 'manual', rbrkId: expect.any(Number), amount: 99000 }),
    ]);
  });

  it('a bank narrative a spreadsheet would read as a formula is neutralised', async () => {
    await createAccount(ctx, token, {
      baccBank: 'BRI',
      baccAccountNo: '5555555555',
      baccName: 'BRI Formula',
      baccCompIds: [company.compId],
    });
    const mt940 =
      ':20:SFORMULA\n:25:5555555555\n:60F:C261118IDR0,00\n:61:2611191119C5000,00NTRFNONREF//FTX1\n:86:=HYPERLINK("http://x")\n:62F:C261119IDR5000,00\n';
    const imported = await importFile(ctx, token, 'formula.mt940', {}, mt940);
    expect(imported.statusCode, imported.body).toBe(200);
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/recon/breaks/export.csv?finds[accountNo]=5555555555',
      token,
    });
    const [, line] = res.body.trim().split('\r\n');
    expect(cells(line!)[11]).toBe('\'=HYPERLINK("http://x")');
  });
});
