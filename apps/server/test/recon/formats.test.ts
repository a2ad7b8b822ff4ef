/** The statement formats read from real-shaped files: what each yields, and what each refuses. */
import { describe, expect, it } from 'vitest';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CsvMapping } from '@tagih/contract';
import {
  detectFormat,
  headOf,
  statementEvents,
} from '../../src/modules/recon/formats/statement-file.ts';
import {
  StatementRefusal,
  type Entry,
  type StatementEvent,
} from '../../src/modules/recon/formats/statement-events.ts';
import { checkStatement } from '../../src/modules/recon/statement-check.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'recon-formats-'));
let n = 0;
const file = (text: string) => {
  const path = join(dir, `f${++n}`);
  writeFileSync(path, text);
  return path;
};
const BJB_MAPPING: CsvMapping = {
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

async function eventsOf(
  path: string,
  mapping: CsvMapping | null = null,
): Promise<StatementEvent[]> {
  const head = await headOf(path);
  const out: StatementEvent[] = [];
  for await (const e of statementEvents(path, detectFormat(head), head, mapping)) out.push(e);
  return out;
}
const entries = (events: StatementEvent[]) => events.filter((e): e is Entry => e.type === 'entry');
async function refusal(path: string, mapping: CsvMapping | null = null): Promise<StatementRefusal> {
  const head = await headOf(path);
  try {
    await checkStatement(statementEvents(path, detectFormat(head), head, mapping), '2026-11-21');
  } catch (error) {
    if (error instanceof StatementRefusal) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('statement formats', () => {
  it('detects each format from its first bytes', async () => {
    expect(detectFormat(await headOf(fixture('bri-2026-11-19.mt940')))).toBe('mt940');
    expect(detectFormat(await headOf(fixture('bri-2026-11-20.mt942')))).toBe('mt940');
    expect(detectFormat(await headOf(fixture('bca-bisnis-2026-11-19.csv')))).toBe('bca-csv');
    expect(detectFormat(await headOf(fixture('mandiri-mcm-2026-11-19.csv')))).toBe('mandiri-csv');
    expect(detectFormat(await headOf(fixture('bjb-2026-11-19.csv')))).toBe('csv');
  });

  it('MT940: block wrappers, balances, C/D lines with references, :86: narratives over several lines (a 65-character line joins the next)', async () => {
    const events = await eventsOf(fixture('bri-2026-11-19.mt940'));
    expect(events[0]).toMatchObject({
      type: 'start',
      accountNo: '0123456789012',
      reference: 'STMT261119BRI',
      currency: 'IDR',
      openingMinor: 100_000_000,
      periodFrom: null,
      variant: 'mt940:swift-envelope',
    });
    const lines = entries(events);
    expect(lines).toHaveLength(10);
    expect(lines[0]).toMatchObject({
      day: '2026-11-19',
      bookedDay: '2026-11-19',
      direction: 'C',
      amountMinor: 15_000_000,
      reference: '77001081200000011//FT26323001',
      narrative: 'PEMBAYARAN VA TRANSFER VA 77001081200000011 BUDI SANTOSO',
    });
    expect(lines[8]!.narrative).toBe(
      'TRANSFER DARI REKENING 0987654321 SITI AMINAH KE VA 77001081200000088 SITI AMINAH',
    );
    expect(lines[9]).toMatchObject({
      direction: 'D',
      amountMinor: 650_000,
      narrative: 'BIAYA ADMIN BULANAN',
    });
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      closingMinor: 216_750_100,
      closingDay: '2026-11-19',
    });
    const [checked] = await checkStatement(
      statementEvents(fixture('bri-2026-11-19.mt940'), 'mt940', '', null),
      '2026-11-21',
    );
    expect(checked).toMatchObject({
      accountNo: '0123456789012',
      lines: 10,
      balanceChecked: true,
      fromDay: '2026-11-19',
      toDay: '2026-11-19',
    });
  });

  it('MT942: no balances, its declared credit and debit totals are checked', async () => {
    const events = await eventsOf(fixture('bri-2026-11-20.mt942'));
    expect(entries(events)).toEqual([
      expect.objectContaining({
        day: '2026-11-20',
        direction: 'C',
        amountMinor: 4_500_000,
        narrative: 'TRANSFER VA 77001081200000099 JOKO',
      }),
    ]);
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      closingMinor: null,
      declared: { credits: { count: 1, minor: 4_500_000 }, debits: { count: 0, minor: 0 } },
    });
    const wrong = file(
      (await import('node:fs'))
        .readFileSync(fixture('bri-2026-11-20.mt942'), 'utf8')
        .replace(':90C:1IDR45000,00', ':90C:2IDR45000,00'),
    );
    expect((await refusal(wrong)).message).toBe(
      'line 9: the file declares 2 credits of 45.000,00, its lines hold 1 of 45.000,00',
    );
  });

  it('BCA Bisnis CSV: the "\'" date marker, CR/DB in the next column or in the amount, PEND rows not imported, the footer\'s balances', async () => {
    const events = await eventsOf(fixture('bca-bisnis-2026-11-19.csv'));
    expect(events[0]).toMatchObject({
      type: 'start',
      accountNo: '8720123456',
      periodFrom: '2026-11-19',
      periodTo: '2026-11-19',
    });
    expect(entries(events).map((e) => [e.day, e.direction, e.amountMinor, e.balanceMinor])).toEqual(
      [
        ['2026-11-19', 'C', 15_000_000, 115_000_000],
        ['2026-11-19', 'C', 28_749_000, 143_749_000],
        ['2026-11-19', 'D', 1_000_000, 142_749_000],
      ],
    );
    expect(events.filter((e) => e.type === 'pending')).toHaveLength(1);
    expect(events.at(-1)).toMatchObject({
      type: 'end',
      openingMinor: 100_000_000,
      closingMinor: 142_749_000,
      declared: { credits: { count: 2, minor: 43_749_000 } },
    });
    const [checked] = await checkStatement(
      statementEvents(
        fixture('bca-bisnis-2026-11-19.csv'),
        'bca-csv',
        await headOf(fixture('bca-bisnis-2026-11-19.csv')),
        null,
      ),
      '2026-11-21',
    );
    expect(checked).toMatchObject({
      accountNo: '8720123456',
      lines: 3,
      pending: 1,
      balanceChecked: true,
    });
  });

  it('Mandiri MCM CSV: dd/mm/yy dates, Debit or Credit, both descriptions; no balance to check', async () => {
    const events = await eventsOf(fixture('mandiri-mcm-2026-11-19.csv'));
    expect(entries(events)).toEqual([
      expect.objectContaining({
        day: '2026-11-19',
        direction: 'C',
        amountMinor: 25_000_000,
        reference: 'MCM0001',
        narrative: 'TRANSFER VA 89003081200000211 DARI ANDI WIJAYA',
      }),
      expect.objectContaining({
        direction: 'D',
        amountMinor: 250_000,
        narrative: 'BIAYA TRANSFER',
      }),
    ]);
    const [checked] = await checkStatement(
      statementEvents(
        fixture('mandiri-mcm-2026-11-19.csv'),
        'mandiri-csv',
        await headOf(fixture('mandiri-mcm-2026-11-19.csv')),
        null,
      ),
      '2026-11-21',
    );
    expect(checked).toMatchObject({ accountNo: '1230001234567', lines: 2, balanceChecked: false });
  });

  it("a generic CSV by its account's mapping: ';', decimal comma, D/K, the running balance checked", async () => {
    const events = await eventsOf(fixture('bjb-2026-11-19.csv'), BJB_MAPPING);
    expect(
      entries(events).map((e) => [e.direction, e.amountMinor, e.reference, e.balanceMinor]),
    ).toEqual([
      ['C', 12_500_000, 'BJB0001', 112_500_000],
      ['D', 87_500, 'BJB0002', 112_412_500],
    ]);
    const broken = file(
      'Tanggal;Uraian;No Ref;Nominal;D/K;Saldo\n19/11/2026;A;R1;100,00;K;1.100,00\n19/11/2026;B;R2;50,00;D;1.000,00\n',
    );
    expect((await refusal(broken, BJB_MAPPING)).message).toBe(
      'line 3: balance 1.000,00 should be 1.050,00 (the balance before − 50,00)',
    );
    expect((await refusal(broken, { ...BJB_MAPPING, date: 'Tgl' })).message).toBe(
      "line 1: column 'Tgl' (the mapping's date) is not in the header",
    );
  });

  it('refuses a wrong closing balance, naming the line and the sums', async () => {
    expect((await refusal(fixture('bri-2026-11-19-wrong-closing.mt940'))).message).toBe(
      'line 28: opening 1.000.000,00 + credits 1.174.001,00 − debits 6.500,00 = 2.167.501,00, but the closing balance is 2.167.500,00',
    );
  });

  it('refuses bad dates, amounts, currencies, a day split in two and lines without a statement', async () => {
    const mt = (body: string) => file(`:20:X\n:25:0123456789012\n:60F:C261118IDR0,00\n${body}`);
    expect(
      (await refusal(mt(':61:2613191119C1,00NTRFNONREF\n:62F:C261119IDR1,00\n'))).message,
    ).toBe('line 4: tanggal valuta 261319 bukan tanggal (YYMMDD)');
    expect(
      (await refusal(mt(':61:2612011201C1,00NTRFNONREF\n:62F:C261201IDR1,00\n'))).message,
    ).toBe('line 4: date 2026-12-01 is in the future');
    expect(
      (await refusal(mt(':61:261119C1.5,00NTRFNONREF\n:62F:C261119IDR1,00\n'))).message,
    ).toMatch(/^line 4: :61: '261119C1.5,00NTRFNONREF' bukan baris mutasi/);
    expect(
      (await refusal(file(':20:X\n:25:1\n:60F:C261118USD0,00\n:62F:C261119USD0,00\n'))).message,
    ).toBe(
      'line 3: mata uang USD pada saldo awal (:60F:): hanya mutasi rupiah (IDR) yang direkonsiliasi. Impor mutasi rekening rupiah, atau hapus pernyataan USD dari file',
    );
    expect(
      (
        await refusal(
          mt(
            ':61:261119C1,00NTRFA\n:61:261118C1,00NTRFB\n:61:261119C1,00NTRFC\n:62F:C261119IDR3,00\n',
          ),
        )
      ).message,
    ).toBe(
      "line 6: lines of 2026-11-19 appear again after other days; each day's lines must be together",
    );
    expect((await refusal(mt(':61:261119C1,00NTRFA\n'))).message).toBe(
      'line 4: pernyataan X punya saldo awal (:60F:) tetapi tanpa saldo akhir (:62F:)',
    );
    expect((await refusal(file(':25:0123456789012\n:61:261119C1,00NTRFA\n'))).message).toBe(
      'line 1: pernyataan MT940 harus diawali :20:',
    );
    expect((await refusal(file(':20:X\n:25:0123456789012\n'))).message).toBe(
      'the file holds no statement lines',
    );
    expect((await refusal(file('hello\n'))).message).toMatch(
      /^line 1: CSV dengan kolom 'hello' bukan tata letak mutasi bank yang dikenal/,
    );
  });
});
