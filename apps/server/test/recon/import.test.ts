/** Importing statements over HTTP: each format, the checks that refuse a file (nothing written), the same file or lines again, bad input. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany } from '../monitoring/support.ts';
import {
  PAID_19,
  briFixtureTransactions,
  createAccount,
  fixture,
  importFile,
  multipartFile,
} from './support.ts';

const BJB_MAPPING = {
  delimiter: ';',
  date: 'Tanggal',
  dateFormat: 'DD/MM/YYYY',
  amount: 'Nominal',
  direction: 'D/K',
  description: 'Uraian',
  reference: 'No Ref',
  balance: 'Saldo',
  decimalSeparator: ',',
};

describe.each(DIALECTS)('statement import (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let company: TestCompany;
  const accounts: Record<string, number> = {};
  const count = async (
    table: 'recon_statements' | 'recon_lines' | 'recon_breaks' | 'recon_matches',
  ) =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    token = await ctx.login(ADMIN);
    company = await createCompany(ctx);
    await briFixtureTransactions(ctx, company);
    const account = (bank: string, no: string, extra: Record<string, unknown> = {}) =>
      createAccount(ctx, token, {
        baccBank: bank,
        baccAccountNo: no,
        baccName: `${bank} Operasional`,
        baccCompIds: [company.compId],
        ...extra,
      });
    accounts.bri = await account('BRI', '0123456789012');
    accounts.bca = await account('BCA', '8720123456');
    accounts.mandiri = await account('Mandiri', '1230001234567');
    accounts.bjb = await account('BJB', '9900112233', { baccCsvMapping: BJB_MAPPING });
    await insertTx(ctx, company, 'VA', [
      {
        orderId: 'BCA-VA-111',
        customerNo: '081200000111',
        partnerServiceId: '   39001',
        amount: 150000,
        status: '00',
        bank: 'BCA',
        lunasAt: PAID_19,
      },
      {
        orderId: 'MDR-VA-211',
        customerNo: '081200000211',
        partnerServiceId: '   89003',
        amount: 250000,
        status: '00',
        bank: 'Mandiri',
        lunasAt: PAID_19,
      },
    ]);
    await insertTx(ctx, company, 'QRIS', [
      {
        orderId: 'BCA-QR-1',
        refNo: '998877665544',
        amount: 287490,
        status: '00',
        bank: 'BCA',
        qrBank: 'BCA',
        lunasAt: PAID_19,
      },
      ...[50000, 40000, 35000].map((amount, i) => ({
        orderId: `BJB-QR-${i}`,
        refNo: `BJBREF${i}`,
        amount,
        status: '00' as const,
        bank: 'BJB',
        qrBank: 'BJB',
        lunasAt: PAID_19,
      })),
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('refuses a statement whose balances do not add up, with the line and the reason, writes no line, and lists it as failed (why, in Indonesian)', async () => {
    const before = {
      statements: await count('recon_statements'),
      lines: await count('recon_lines'),
      breaks: await count('recon_breaks'),
    };
    const res = await importFile(ctx, token, 'bri-2026-11-19-wrong-closing.mt940');
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe(
      'The statement was not imported: line 28: opening 1.000.000,00 + credits 1.174.001,00 − debits 6.500,00 = 2.167.501,00, but the closing balance is 2.167.500,00',
    );
    expect(res.json().data).toEqual({
      line: 28,
      reason: expect.stringContaining('but the closing balance is 2.167.500,00'),
      code: 'invalid',
    });
    expect({
      statements: await count('recon_statements'),
      lines: await count('recon_lines'),
      breaks: await count('recon_breaks'),
    }).toEqual({ ...before, statements: before.statements + 1 });
    const list = await ctx.inject({ method: 'GET', url: '/api/recon/statements', token });
    expect(list.json().data.data[0]).toMatchObject({
      baccId: accounts.bri,
      state: 'failed',
      lines: 0,
      credits: 0,
      debits: 0,
      fileName: 'bri-2026-11-19-wrong-closing.mt940',
      failure:
        'Saldo tidak cocok: saldo awal + kredit − debit bukan saldo akhir (baris 28). Rincian: opening 1.000.000,00 + credits 1.174.001,00 − debits 6.500,00 = 2.167.501,00, but the closing balance is 2.167.500,00',
    });
    const audit = await ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', 'recon.statement.imported')
      .where('audtOutcome', '=', 'failure')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.parse(audit.at(-1)!.audtDetails)).toMatchObject({
      line: 28,
      format: 'mt940',
      file: 'bri-2026-11-19-wrong-closing.mt940',
    });
  });

  it('imports MT940 (account from :25:), matches it and answers lines, credits, matched and breaks by category', async () => {
    const res = await importFile(ctx, token, 'bri-2026-11-19.mt940');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      stmtId: expect.any(Number),
      alreadyImported: false,
      format: 'mt940',
      baccId: accounts.bri,
      accountNo: '0123456789012',
      lines: 10,
      skippedLines: 0,
      pendingLines: 0,
      credits: 9,
      matched: 5,
      balanceChecked: true,
      breaks: { missing_at_bank: 1, missing_in_tagih: 1, amount: 1, status: 1, duplicate: 1 },
      expected: 0,
    });
    const rules = await ctx.db.kysely
      .selectFrom('recon_lines')
      .select(['stlnNarrative', 'stlnMatchRule'])
      .where('stlnMatchRule', 'is not', null)
      .orderBy('stlnId')
      .execute();
    expect(
      rules.map((r) => [r.stlnNarrative.split(' ').slice(0, 3).join(' '), r.stlnMatchRule]),
    ).toEqual([
      ['PEMBAYARAN VA TRANSFER', 'va'],
      ['QRIS PAYMENT REF', 'qris_reference'],
      ['PEMBAYARAN INV20260003 PT', 'order_id'],
      ['TRANSFER VA 77001081200000066', 'va'],
      ['TRANSFER DARI REKENING', 'va'],
    ]);
    const audit = await ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', 'recon.statement.imported')
      .where('audtOutcome', '=', 'success')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.audtDetails)).toMatchObject({
      baccId: accounts.bri,
      lines: 10,
      matched: 5,
    });
  });

  it('the same file again adds nothing and answers its first result', async () => {
    const lines = await count('recon_lines');
    const res = await importFile(ctx, token, 'bri-2026-11-19.mt940');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ alreadyImported: true, lines: 10 });
    expect(res.json().status.message).toBe(
      'This statement was imported before; nothing was added.',
    );
    expect(await count('recon_lines')).toBe(lines);
  });

  it('the same lines in another file are skipped by their fingerprint', async () => {
    const text = fixture('bri-2026-11-19.mt940')
      .toString()
      .replace(':20:STMT261119BRI', ':20:STMT261119BRI2');
    const res = await importFile(ctx, token, 'bri-again.mt940', {}, text);
    expect(res.json().data).toMatchObject({
      alreadyImported: false,
      lines: 0,
      skippedLines: 10,
      credits: 0,
      matched: 0,
    });
  });

  it('two uploads of one file at once make one import: one user runs one import at a time (429 with Retry-After), then the same file answers its first result', async () => {
    const text = fixture('bri-2026-11-20.mt942');
    const [a, b] = await Promise.all([
      importFile(ctx, token, 'intraday.mt942', {}, text),
      importFile(ctx, token, 'intraday.mt942', {}, text),
    ]);
    const [done, refused] = a.statusCode === 200 ? [a, b] : [b, a];
    expect([done.statusCode, refused.statusCode]).toEqual([200, 429]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const again = await importFile(ctx, token, 'intraday.mt942', {}, text);
    expect(again.json().data).toMatchObject({
      stmtId: done.json().data.stmtId,
      alreadyImported: true,
    });
    const stored = await ctx.db.kysely
      .selectFrom('recon_statements')
      .select('stmtId')
      .where('stmtFileName', '=', 'intraday.mt942')
      .execute();
    expect(stored).toHaveLength(1);
  });

  it("imports BCA Bisnis CSV: the account from 'No. rekening', PEND rows left out, matched by VA and by QRIS reference", async () => {
    const res = await importFile(ctx, token, 'bca-bisnis-2026-11-19.csv');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      format: 'bca-csv',
      baccId: accounts.bca,
      lines: 3,
      pendingLines: 1,
      credits: 2,
      matched: 2,
      balanceChecked: true,
    });
    const rules = await ctx.db.kysely
      .selectFrom('recon_lines')
      .select('stlnMatchRule')
      .where('stlnStmtId', '=', res.json().data.stmtId)
      .where('stlnDirection', '=', 'C')
      .orderBy('stlnId')
      .execute();
    expect(rules.map((r) => r.stlnMatchRule)).toEqual(['va', 'qris_reference']);
  });

  it('imports Mandiri MCM CSV with its format named', async () => {
    const res = await importFile(ctx, token, 'mandiri-mcm-2026-11-19.csv', {
      format: 'mandiri-csv',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      format: 'mandiri-csv',
      baccId: accounts.mandiri,
      lines: 2,
      credits: 1,
      matched: 1,
      balanceChecked: false,
    });
  });

  it("imports a generic CSV by its account's saved mapping, and a day's settlement matches the day's payments (1:N)", async () => {
    const res = await importFile(ctx, token, 'bjb-2026-11-19.csv', {
      baccId: String(accounts.bjb),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      format: 'csv',
      baccId: accounts.bjb,
      lines: 2,
      credits: 1,
      matched: 1,
      balanceChecked: true,
      breaks: { missing_at_bank: 0 },
    });
    const line = await ctx.db.kysely
      .selectFrom('recon_lines')
      .select(['stlnId', 'stlnMatchRule'])
      .where('stlnStmtId', '=', res.json().data.stmtId)
      .where('stlnDirection', '=', 'C')
      .executeTakeFirstOrThrow();
    expect(line.stlnMatchRule).toBe('daily_total');
    const matched = await ctx.db.kysely
      .selectFrom('recon_matches')
      .select(['rmatRule'])
      .where('rmatLineId', '=', line.stlnId)
      .execute();
    expect(matched.map((m) => m.rmatRule)).toEqual(['daily_total', 'daily_total', 'daily_total']);
  });

  it('refuses what it cannot take, with a clear 400 and no line written', async () => {
    const complete = async () =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom('recon_statements')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('stmtState', '!=', 'failed')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const [statements, lines] = [await complete(), await count('recon_lines')];
    const cases: [Record<string, string>, { name: string; content: string } | null, string][] = [
      [{}, null, 'file is required (multipart field "file")'],
      [
        { format: 'ofx' },
        { name: 'x.mt940', content: 'x' },
        'format must be one of mt940, bca-csv, mandiri-csv, bank-csv, xlsx, csv',
      ],
      [
        { baccId: '999999' },
        { name: 'x.mt940', content: fixture('bri-2026-11-19.mt940').toString() },
        'Bank account 999999 is not known',
      ],
      [
        { baccId: String(accounts.bca) },
        { name: 'x.mt940', content: fixture('bri-2026-11-19.mt940').toString() },
        'The file is for account 0123456789012, not BCA 8720123456',
      ],
      [
        {},
        { name: 'x.csv', content: 'a,b\n1,2\n' },
        "The statement was not imported: line 1: CSV dengan kolom 'a,b' bukan tata letak mutasi bank yang dikenal",
      ],
      [
        { baccId: String(accounts.bca), format: 'csv' },
        { name: 'x.csv', content: 'a,b\n1,2\n' },
        "line 1: CSV dengan kolom 'a,b' bukan tata letak mutasi bank yang dikenal",
      ],
      [
        {},
        {
          name: 'x.mt940',
          content: fixture('bri-2026-11-19.mt940')
            .toString()
            .replace('0123456789012', '5555555555'),
        },
        'Account 5555555555 is not a known bank account; add it under Bank Account first',
      ],
      [{}, { name: 'empty.mt940', content: '' }, 'The statement was not imported: file ini kosong'],
    ];
    for (const [fields, file, message] of cases) {
      const res = await ctx.inject({
        method: 'POST',
        url: '/api/recon/statements',
        token,
        ...multipartFile(fields, file),
      });
      expect(res.statusCode, `${message}: ${res.body}`).toBe(400);
      expect(res.json().status.message).toContain(message);
    }
    // A body may never name a file on the server: only the upload itself is read.
    const json = await ctx.inject({
      method: 'POST',
      url: '/api/recon/statements',
      token,
      payload: { file: { path: '/etc/hostname', fileName: 'x.csv', bytes: 1 } },
    });
    expect(json.statusCode).toBe(400);
    expect([await complete(), await count('recon_lines')]).toEqual([statements, lines]);
  });

  it('lists the imports, newest first', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/recon/statements?max=2&baccId=${accounts.bjb}`,
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pagination).toMatchObject({ page: 1, itemPerPage: 2 });
    expect(res.json().data.data[0]).toMatchObject({
      baccId: accounts.bjb,
      format: 'csv',
      bank: 'BJB',
      accountNo: '9900112233',
      fromDay: '2026-11-19',
      toDay: '2026-11-19',
      lines: 2,
      credits: 1,
      debits: 1,
      matched: 1,
      balanceChecked: true,
      state: 'complete',
      failure: null,
      createdBy: 'admin',
    });
  });
});
