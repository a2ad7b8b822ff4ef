/**
 * MT940 as banks really write it (issue 34 item 1): each variant from a statement written here in
 * that bank's style, read whole and checked (balances, dates), or refused with its line.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  detectFormat,
  headOf,
  statementEvents,
} from '../../src/modules/recon/formats/statement-file.ts';
import {
  StatementRefusal,
  type Entry,
  type SectionStart,
  type StatementEvent,
} from '../../src/modules/recon/formats/statement-events.ts';
import { checkStatement } from '../../src/modules/recon/statement-check.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-mt940-'));
let n = 0;
const file = (text: string | Buffer) => {
  const path = join(dir, `f${++n}.sta`);
  writeFileSync(path, text);
  return path;
};
const LATEST = '2026-11-21';

async function read(path: string) {
  const head = await headOf(path);
  const format = detectFormat(head);
  const events: StatementEvent[] = [];
  for await (const e of statementEvents(path, format, head, null)) events.push(e);
  return {
    format,
    events,
    starts: events.filter((e): e is SectionStart => e.type === 'start'),
    entries: events.filter((e): e is Entry => e.type === 'entry'),
  };
}
const checkAll = async (path: string) =>
  checkStatement(statementEvents(path, 'mt940', await headOf(path), null), LATEST);
/** A file of one account: its one checked statement. */
const check = async (path: string) => {
  const statements = await checkAll(path);
  expect(statements).toHaveLength(1);
  return statements[0]!;
};
async function refusal(path: string): Promise<StatementRefusal> {
  try {
    await check(path);
  } catch (error) {
    if (error instanceof StatementRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

/** One message of a bank: opening, lines, closing (amounts in rupiah, decimal comma). */
const message = (ref: string, account: string, body: string, open: string, close: string) =>
  `:20:${ref}\n:25:${account}\n:28C:00323/001\n:60F:${open}\n${body}:62F:${close}\n`;

describe('MT940 variants as banks write them', () => {
  it('1. a SWIFT envelope around each message, repeated between messages, with the trailer block', async () => {
    const text = [
      '{1:F01BRINIDJAAXXX0000000000}{2:O9401200261119BRINIDJAAXXX00000000002611191200N}{4:',
      message(
        'STMT261118',
        'BRINIDJA/0123456789012',
        ':61:2611181118C150000,00NTRFNONREF//FT1\n:86:TRANSFER VA 77001081200000011\n',
        'C261117IDR1000000,00',
        'C261118IDR1150000,00',
      ).trimEnd(),
      '-}{5:{CHK:1A2B3C4D5E6F}}',
      '{1:F01BRINIDJAAXXX0000000000}{2:O9401200261119BRINIDJAAXXX00000000002611191200N}{4:',
      message(
        'STMT261119',
        'BRINIDJA/0123456789012',
        ':61:2611191119D50000,00NCHGNONREF//FT2\n:86:BIAYA ADMIN\n',
        'C261118IDR1150000,00',
        'C261119IDR1100000,00',
      ).trimEnd(),
      '-}{5:{CHK:6F5E4D3C2B1A}}',
      '',
    ].join('\r\n');
    const { format, starts, entries } = await read(file(text));
    expect(format).toBe('mt940');
    expect(starts.map((s) => [s.reference, s.accountNo, s.variant])).toEqual([
      ['STMT261118', '0123456789012', 'mt940:swift-envelope'],
      ['STMT261119', '0123456789012', 'mt940:swift-envelope'],
    ]);
    expect(entries.map((e) => [e.day, e.direction, e.amountMinor, e.narrative])).toEqual([
      ['2026-11-18', 'C', 15_000_000, 'TRANSFER VA 77001081200000011'],
      ['2026-11-19', 'D', 5_000_000, 'BIAYA ADMIN'],
    ]);
    expect(await check(file(text))).toMatchObject({
      accountNo: '0123456789012',
      lines: 2,
      balanceChecked: true,
      variant: 'mt940:swift-envelope',
    });
  });

  it("1. a bank's own header lines before :20: and between messages ('ABNANL2A' / '940', the ING run line, ':940:')", async () => {
    const abn = [
      'ABNANL2A',
      '940',
      'ABNANL2A',
      message(
        'ABN AMRO BANK NV',
        '0123456789',
        ':61:2611191119C1000,00N196NONREF\n:86:/TRTP/SEPA OVERBOEKING/NAME/TOKO MAJU\n',
        'C261118IDR0,00',
        'C261119IDR1000,00',
      ),
      '-',
    ];
    const ing = [
      '0000 01INGBNL2AXXXX00001 0000 0000 940 00',
      ':940:',
      message(
        'P261119000000001',
        '0123456789',
        ':61:2611191119D250,00NTRFEREF//00001\n:86:BIAYA\n',
        'C261119IDR1000,00',
        'C261119IDR750,00',
      ),
      '-',
    ];
    const text = [...abn, ...ing, ''].join('\n');
    const { starts, entries } = await read(file(text));
    expect(starts.map((s) => s.variant)).toEqual(['mt940:bank-header', 'mt940:bank-header']);
    expect(entries.map((e) => [e.direction, e.amountMinor, e.reference])).toEqual([
      ['C', 100_000, null],
      ['D', 25_000, 'EREF//00001'],
    ]);
    expect(await check(file(text))).toMatchObject({
      accountNo: '0123456789',
      lines: 2,
      balanceChecked: true,
    });
  });

  it('2. lines dated before the opening balance: back-valued entries, an entry date before the value date', async () => {
    const body = [
      ':61:261118C50000,00NTRFNONREF//BACK2', // no entry date, before the opening balance's day
      ':86:BUNGA',
      ':61:2611171119C100000,00NTRFNONREF//BACK1', // value date 17th, booked the 19th
      ':86:KOREKSI VALUTA',
      ':61:2611201119C25000,00NTRFNONREF//FWD1', // entry date (19th) before the value date (20th)
      ':86:SETORAN',
      '',
    ].join('\n');
    const path = file(
      message('MANDIRI261119', '1230001234567', body, 'C261119IDR0,00', 'C261120IDR175000,00'),
    );
    const { entries } = await read(path);
    expect(entries.map((e) => [e.day, e.bookedDay])).toEqual([
      ['2026-11-18', '2026-11-18'],
      ['2026-11-17', '2026-11-19'],
      ['2026-11-20', '2026-11-19'],
    ]);
    await expect(check(path)).resolves.toMatchObject({
      lines: 3,
      balanceChecked: true,
      fromDay: '2026-11-18',
      toDay: '2026-11-20',
    });
  });

  it("3. type codes of three letters and a space ('NOV ', 'NIC ', 'NET ')", async () => {
    const body =
      ':61:2611191119C100000,00NOV NONREF//A1\n:86:OVERBOEKING\n:61:2611191119D1000,00NIC NONREF//A2\n:86:INCASSO\n:61:2611191119C500,00NET 12345//A3\n';
    const { entries } = await read(
      file(message('RABO', '0123456789', body, 'C261118IDR0,00', 'C261119IDR99500,00')),
    );
    expect(entries.map((e) => [e.direction, e.amountMinor, e.reference])).toEqual([
      ['C', 10_000_000, 'A1'],
      ['D', 100_000, 'A2'],
      ['C', 50_000, '12345//A3'],
    ]);
  });

  it('4. control bytes: SOH before the first tag, a trailing ^Z', async () => {
    const text = `\u0001${message('H2H261119', '0123456789', ':61:2611191119C1000,00NTRFNONREF\n:86:VA 77001081200000011\n', 'C261118IDR0,00', 'C261119IDR1000,00')}-\n\u001a`;
    const path = file(text);
    const { format, entries } = await read(path);
    expect(format).toBe('mt940');
    expect(entries).toHaveLength(1);
    await expect(check(path)).resolves.toMatchObject({ lines: 1, balanceChecked: true });
  });

  it('5. several accounts (several :25:) in one file: one section per account, each with its account and balances', async () => {
    const text = [
      message(
        'A1',
        '0123456789',
        ':61:2611191119C1000,00NTRFNONREF\n:86:VA 1\n',
        'C261118IDR0,00',
        'C261119IDR1000,00',
      ),
      '-',
      message(
        'B1',
        '9876543210',
        ':61:2611191119C2000,00NTRFNONREF\n:86:VA 2\n',
        'C261118IDR500,00',
        'C261119IDR2500,00',
      ),
      '-',
      '',
    ].join('\n');
    const { events } = await read(file(text));
    expect(
      events.map((e) =>
        e.type === 'start'
          ? `start ${e.accountNo} ${e.openingMinor}`
          : e.type === 'end'
            ? `end ${e.closingMinor}`
            : `${e.type} ${e.type === 'entry' ? e.amountMinor : ''}`,
      ),
    ).toEqual([
      'start 0123456789 0',
      'entry 100000',
      'end 100000',
      'start 9876543210 50000',
      'entry 200000',
      'end 250000',
    ]);
    // One checked statement per account, each with its own lines and period.
    expect(await checkAll(file(text))).toMatchObject([
      { accountNo: '0123456789', lines: 1, fromDay: '2026-11-19', toDay: '2026-11-19' },
      { accountNo: '9876543210', lines: 1, fromDay: '2026-11-19', toDay: '2026-11-19' },
    ]);
  });

  it('6. IDR amounts without a decimal comma (BRI, BTN, Danamon host-to-host)', async () => {
    const body =
      ':61:2611191119C15000000NTRF77001081200000011//FT26323001\n:86:TRANSFER VA 77001081200000011 BUDI\n:61:2611191119D6500NCHGNONREF//FT26323002\n:86:BIAYA ADMIN\n';
    const path = file(
      `{1:F01BRINIDJAAXXX0000000000}{2:I940BRINIDJAXXXXN}{4:\n${message('BRI2611190001', '0123456789012', body, 'C261118IDR100000000', 'C261119IDR114993500')}-}\n`,
    );
    const { starts, entries } = await read(path);
    expect(starts[0]).toMatchObject({
      openingMinor: 10_000_000_000,
      variant: 'mt940:swift-envelope+no-decimal-comma',
    });
    expect(entries.map((e) => [e.direction, e.amountMinor])).toEqual([
      ['C', 1_500_000_000],
      ['D', 650_000],
    ]);
    await expect(check(path)).resolves.toMatchObject({
      lines: 2,
      balanceChecked: true,
      variant: 'mt940:swift-envelope+no-decimal-comma',
    });
  });

  it('7. non-standard and missing type codes, a space before the type code, an entry date of spaces, a decimal point, indented lines', async () => {
    const body = [
      ':61:261119C100,00S   X', // 'S   ' and the owner's reference X
      ':61:261119D12,35MCI0REF2', // a type code without N/S/F
      ':61:261119D12,35 NRTI REF3', // a space between the amount and the type code
      ':61:261119    C50,00NTRFREF4', // an entry date of spaces
      ':61:261119C10,00//REF5', // no type code at all
      '   :86:DIINDENTASI', // an indented line
      '',
    ].join('\n');
    const path = file(message('X1', '0123456789', body, 'C261118IDR1000.00', 'C261119IDR1135.30'));
    const { entries, starts } = await read(path);
    expect(starts[0]!.variant).toBe('mt940:decimal-point');
    expect(entries.map((e) => [e.direction, e.amountMinor, e.reference, e.bookedDay])).toEqual([
      ['C', 10_000, 'X', '2026-11-19'],
      ['D', 1_235, 'REF2', '2026-11-19'],
      ['D', 1_235, 'REF3', '2026-11-19'],
      ['C', 5_000, 'REF4', '2026-11-19'],
      ['C', 1_000, 'REF5', '2026-11-19'],
    ]);
    expect(entries[4]!.narrative).toBe('DIINDENTASI');
    await expect(check(path)).resolves.toMatchObject({ lines: 5, balanceChecked: true });
  });

  it('7. an entry date in the year before the value date (1901011231: booked 2018-12-31)', async () => {
    const path = file(
      message(
        'NY',
        '0123456789',
        ':61:1901011231C100,00NTRFNONREF\n:86:AKHIR TAHUN\n',
        'C181230IDR0,00',
        'C190101IDR100,00',
      ),
    );
    const { entries } = await read(path);
    expect(entries[0]).toMatchObject({ day: '2019-01-01', bookedDay: '2018-12-31' });
    await expect(check(path)).resolves.toMatchObject({
      fromDay: '2018-12-31',
      toDay: '2019-01-01',
    });
    // And the other way: valued on 31 December, booked on 2 January.
    const { entries: forward } = await read(
      file(
        message(
          'NY2',
          '0123456789',
          ':61:1812310102C100,00NTRFNONREF\n',
          'C181230IDR0,00',
          'C190102IDR100,00',
        ),
      ),
    );
    expect(forward[0]).toMatchObject({ day: '2018-12-31', bookedDay: '2019-01-02' });
  });

  it("7. letters in the :25: account are kept whole ('B4E08MS9D00A0009'), a bank prefix and a currency suffix dropped", async () => {
    const accountOf = async (account: string) =>
      (
        await read(
          file(
            message(
              'ACC',
              account,
              ':61:2611191119C1,00NTRFNONREF\n',
              'C261118IDR0,00',
              'C261119IDR1,00',
            ),
          ),
        )
      ).starts[0]!.accountNo;
    expect(await accountOf('B4E08MS9D00A0009')).toBe('B4E08MS9D00A0009');
    expect(await accountOf('BRINIDJA/0123456789012')).toBe('0123456789012');
    expect(await accountOf('0123456789 IDR')).toBe('0123456789');
    expect(await accountOf('123-456-7890')).toBe('1234567890');
    expect(
      await check(
        file(
          message(
            'ACC',
            'B4E08MS9D00A0009',
            ':61:2611191119C1,00NTRFNONREF\n',
            'C261118IDR0,00',
            'C261119IDR1,00',
          ),
        ),
      ),
    ).toMatchObject({ accountNo: 'B4E08MS9D00A0009' });
  });

  it("8. a :86: continuation line that starts with '-' is narrative, not the end of the message", async () => {
    const body =
      ':61:2611191119C1000,00NTRFNONREF\n:86:PEMBAYARAN SEWA PERIODE NOVEMBER 2026 S/D DESEMBER\n-2026 VA 77001081200000011\n';
    const path = file(
      `${message('DASH', '0123456789', body, 'C261118IDR0,00', 'C261119IDR1000,00')}-\n`,
    );
    const { entries } = await read(path);
    expect(entries[0]!.narrative).toBe(
      'PEMBAYARAN SEWA PERIODE NOVEMBER 2026 S/D DESEMBER -2026 VA 77001081200000011',
    );
    await expect(check(path)).resolves.toMatchObject({ lines: 1, balanceChecked: true });
  });

  it('refuses another currency, naming it, the line and what to do', async () => {
    const refused = await refusal(
      file(
        message(
          'EUR',
          'NL91ABNA0417164300',
          ':61:2611191119C1,00NTRFNONREF\n',
          'C261118EUR0,00',
          'C261119EUR1,00',
        ),
      ),
    );
    expect(refused).toMatchObject({ lineNo: 4, code: 'currency-not-idr' });
    expect(refused.reason).toBe(
      'mata uang EUR pada saldo awal (:60F:): hanya mutasi rupiah (IDR) yang direkonsiliasi. Impor mutasi rekening rupiah, atau hapus pernyataan EUR dari file',
    );
  });

  it(':86: is at most 6 lines of 65 characters: a longer one is refused with its line', async () => {
    const seven = Array.from({ length: 7 }, (_, i) => `BARIS ${i + 1}`).join('\n');
    const tooMany = await refusal(
      file(
        message(
          'L',
          '0123456789',
          `:61:2611191119C1,00NTRFNONREF\n:86:${seven}\n`,
          'C261118IDR0,00',
          'C261119IDR1,00',
        ),
      ),
    );
    expect(tooMany).toMatchObject({ lineNo: 12, code: 'mt940-narrative-too-long' });
    expect(tooMany.reason).toBe(
      'keterangan :86: lebih dari 6 baris (MT940: paling banyak 6 × 65 karakter)',
    );
    const wide = await refusal(
      file(
        message(
          'W',
          '0123456789',
          `:61:2611191119C1,00NTRFNONREF\n:86:SATU\n${'X'.repeat(66)}\n`,
          'C261118IDR0,00',
          'C261119IDR1,00',
        ),
      ),
    );
    expect(wide).toMatchObject({ lineNo: 7, code: 'mt940-narrative-too-long' });
    expect(wide.reason).toBe(
      'baris keterangan :86: 66 karakter, lebih dari 65 (MT940: paling banyak 6 × 65 karakter)',
    );
    // Exactly 6 × 65 is read.
    const full = Array.from({ length: 6 }, () => 'Y'.repeat(65)).join('\n');
    await expect(
      check(
        file(
          message(
            'F',
            '0123456789',
            `:61:2611191119C1,00NTRFNONREF\n:86:${full}\n`,
            'C261118IDR0,00',
            'C261119IDR1,00',
          ),
        ),
      ),
    ).resolves.toMatchObject({ lines: 1 });
  });

  it('a statement line that is no statement line is refused with its line', async () => {
    const bad = await refusal(
      file(
        ':20:X\n:25:0123456789\n:60F:C261118IDR0,00\n:61:2611191119C1,5,0NTRF\n:62F:C261119IDR1,00\n',
      ),
    );
    expect(bad).toMatchObject({ lineNo: 4, code: 'mt940-bad-line' });
  });
});
