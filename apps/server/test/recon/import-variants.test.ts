/**
 * Statements as banks write them, imported over HTTP on both dialects: a BRI host-to-host MT940
 * without decimal commas, a BCA personal CSV and a Mandiri XLSX are detected, matched, and listed
 * with the variant they were read as; what cannot be read answers 400 in Indonesian with a stable
 * code, and nothing is written.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany } from '../monitoring/support.ts';
import { PAID_19, createAccount, fixture, importFile } from './support.ts';

const BRI_H2H = [
  '{1:F01BRINIDJAAXXX0000000000}{2:I940BRINIDJAXXXXN}{4:',
  ':20:BRIH2H261119',
  ':25:0123456789012',
  ':28C:00323/001',
  ':60F:C261118IDR1000000',
  ':61:2611191119C150000NTRF77001081200000011//FT26323001',
  ':86:TRANSFER VA 77001081200000011 BUDI SANTOSO',
  ':61:2611191119D6500NCHGNONREF//FT26323002',
  ':86:BIAYA ADMIN',
  ':62F:C261119IDR1143500',
  '-}',
  '',
].join('\r\n');

async function mandiriXlsx(): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Rekening Koran');
  sheet.addRow(['Nomor Rekening', '1230009876543']);
  sheet.addRow([
    'Tgl.',
    'Tgl. Val.',
    'Rincian Transaksi',
    'No. Referensi',
    'Debit',
    'Kredit',
    'Saldo',
    'Branch',
  ]);
  sheet.addRow([
    new Date(Date.UTC(2026, 10, 19)),
    new Date(Date.UTC(2026, 10, 19)),
    'TRANSFER VA 89003081200000211 DARI ANDI',
    'MIB0001',
    0,
    250000,
    1250000,
    'KCP SUDIRMAN',
  ]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe.each(DIALECTS)('statements as banks write them, imported (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let company: TestCompany;
  const accounts: Record<string, number> = {};
  const count = async (table: 'recon_statements' | 'recon_lines') =>
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
    const account = (bank: string, no: string) =>
      createAccount(ctx, token, {
        baccBank: bank,
        baccAccountNo: no,
        baccName: `${bank} Operasional`,
        baccCompIds: [company.compId],
      });
    accounts.bri = await account('BRI', '0123456789012');
    accounts.bca = await account('BCA', '8720654321');
    accounts.mandiri = await account('Mandiri', '1230009876543');
    await insertTx(ctx, company, 'VA', [
      {
        orderId: 'BRI-H2H-11',
        customerNo: '081200000011',
        partnerServiceId: '   77001',
        amount: 150000,
        status: '00',
        bank: 'BRI',
        lunasAt: PAID_19,
      },
      {
        orderId: 'BCA-KLIK-11',
        customerNo: '081200000011',
        partnerServiceId: '   39001',
        amount: 150000,
        status: '00',
        bank: 'BCA',
        lunasAt: PAID_19,
      },
      {
        orderId: 'MDR-XLSX-211',
        customerNo: '081200000211',
        partnerServiceId: '   89003',
        amount: 250000,
        status: '00',
        bank: 'Mandiri',
        lunasAt: PAID_19,
      },
    ]);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('a BRI host-to-host MT940 without decimal commas: detected, its VA credit matched', async () => {
    const res = await importFile(ctx, token, 'bri-h2h.txt', {}, BRI_H2H);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      format: 'mt940',
      baccId: accounts.bri,
      lines: 2,
      credits: 1,
      matched: 1,
      balanceChecked: true,
    });
  });

  it('a BCA personal CSV (English header) and a Mandiri XLSX: detected, matched', async () => {
    const bca = await importFile(ctx, token, 'bca.csv', {}, fixture('bca-personal-2026-11-19.csv'));
    expect(bca.statusCode, bca.body).toBe(200);
    expect(bca.json().data).toMatchObject({
      format: 'bca-csv',
      baccId: accounts.bca,
      lines: 2,
      credits: 1,
      matched: 1,
      balanceChecked: true,
    });
    const xlsx = await importFile(ctx, token, 'rekening-koran.xlsx', {}, await mandiriXlsx());
    expect(xlsx.statusCode, xlsx.body).toBe(200);
    expect(xlsx.json().data).toMatchObject({
      format: 'xlsx',
      baccId: accounts.mandiri,
      lines: 1,
      credits: 1,
      matched: 1,
    });
  });

  it('the statements list names the variant each file was read as', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/recon/statements', token });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as {
      fileName: string;
      format: string;
      variant: string | null;
    }[];
    expect(Object.fromEntries(rows.map((r) => [r.fileName, [r.format, r.variant]]))).toEqual({
      'bri-h2h.txt': ['mt940', 'mt940:swift-envelope+no-decimal-comma'],
      'bca.csv': ['bca-csv', 'csv:bca'],
      'rekening-koran.xlsx': ['xlsx', 'xlsx:mandiri-ib'],
    });
  });

  it('binary data, UTF-16 and a CSV of unknown layout answer 400 with what the file looked like, its line and a stable code; nothing is written', async () => {
    const before = {
      statements: await count('recon_statements'),
      lines: await count('recon_lines'),
    };
    const cases: [
      string,
      Buffer | string,
      { line: number | null; code: string; reason: RegExp },
    ][] = [
      [
        'garbage.csv',
        Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]),
        { line: 1, code: 'binary', reason: /^file ini biner/ },
      ],
      [
        'utf16.sta',
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(BRI_H2H, 'utf16le')]),
        { line: 1, code: 'utf16', reason: /^file ini teks UTF-16/ },
      ],
      [
        'other.csv',
        'Kolom A,Kolom B\n1,2\n',
        {
          line: 1,
          code: 'unknown-layout',
          reason: /^CSV dengan kolom 'Kolom A,Kolom B' bukan tata letak mutasi bank yang dikenal/,
        },
      ],
      [
        'eur.sta',
        BRI_H2H.replace(/IDR/g, 'EUR'),
        { line: 5, code: 'currency-not-idr', reason: /^mata uang EUR pada saldo awal/ },
      ],
    ];
    for (const [name, content, expected] of cases) {
      const res = await importFile(ctx, token, name, {}, content);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(res.json().data).toEqual({
        line: expected.line,
        code: expected.code,
        reason: expect.stringMatching(expected.reason),
      });
    }
    expect({
      statements: await count('recon_statements'),
      lines: await count('recon_lines'),
    }).toEqual(before);
  });

  describe('a file of several accounts (an MT940 with several :25:)', () => {
    const SECOND = '5550001112223';
    const message = (ref: string, account: string, amount: string, remark: string) =>
      [
        `:20:${ref}`,
        `:25:${account}`,
        ':28C:00001/001',
        ':60F:C261119IDR0,00',
        `:61:2611201120C${amount}NTRFNONREF//${ref}`,
        `:86:${remark}`,
        `:62F:C261120IDR${amount}`,
        '-',
      ].join('\r\n');
    const twoAccounts = [
      message('MULTI0001', '0123456789012', '175000,00', 'TRSF E-BANKING CR 2011 PT SATU'),
      message('MULTI0002', SECOND, '225000,00', 'TRSF E-BANKING CR 2011 PT DUA'),
      '',
    ].join('\r\n');
    const counts = async () => ({
      statements: await count('recon_statements'),
      lines: await count('recon_lines'),
    });

    it('an account of the file that is not known refuses the whole file: nothing is written', async () => {
      const before = await counts();
      const res = await importFile(ctx, token, 'two-accounts.sta', {}, twoAccounts);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().status.message).toContain(`Account ${SECOND} is not a known bank account`);
      expect(await counts()).toEqual(before);
    });

    it('one statement per account, the first in the answer and the others in moreAccounts; the same file again adds nothing', async () => {
      const second = await createAccount(ctx, token, {
        baccBank: 'BRI',
        baccAccountNo: SECOND,
        baccName: 'BRI Penampungan',
        baccCompIds: [company.compId],
      });
      const chosen = await importFile(
        ctx,
        token,
        'two-accounts.sta',
        { baccId: String(accounts.bri) },
        twoAccounts,
      );
      expect(chosen.statusCode, chosen.body).toBe(400);
      expect(chosen.json().status.message).toContain('holds the statements of 2 accounts');

      const res = await importFile(ctx, token, 'two-accounts.sta', {}, twoAccounts);
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json().data;
      expect(answer).toMatchObject({
        baccId: accounts.bri,
        accountNo: '0123456789012',
        lines: 1,
        credits: 1,
        alreadyImported: false,
        moreAccounts: [
          {
            baccId: second,
            accountNo: SECOND,
            lines: 1,
            credits: 1,
            alreadyImported: false,
          },
        ],
      });
      const listed = await ctx.inject({ method: 'GET', url: '/api/recon/statements', token });
      const rows = (
        listed.json().data.data as { fileName: string; accountNo: string; lines: number }[]
      ).filter((r) => r.fileName === 'two-accounts.sta');
      expect(rows.map((r) => [r.accountNo, r.lines]).sort()).toEqual([
        ['0123456789012', 1],
        [SECOND, 1],
      ]);

      const again = await importFile(ctx, token, 'two-accounts.sta', {}, twoAccounts);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().data).toMatchObject({
        stmtId: answer.stmtId,
        alreadyImported: true,
        moreAccounts: [{ stmtId: answer.moreAccounts[0].stmtId, alreadyImported: true }],
      });
    });
  });
});
