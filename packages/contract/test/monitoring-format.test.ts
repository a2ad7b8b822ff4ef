import { describe, expect, it } from 'vitest';
import {
  csvCell,
  csvLine,
  dateTimeFormatter,
  formatDateTime,
  notificationWord,
  plainMinor,
  plainToMinor,
} from '../src/format.ts';
import { TRANSACTION_KINDS } from '../src/monitoring/transaction-kinds.ts';

describe('CSV and money helpers of the monitoring screens', () => {
  it('quotes every cell and neutralises formula starts inside the quotes', () => {
    expect(csvCell('abc')).toBe('"abc"');
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    for (const start of ['=', '+', '-', '@', '\t', '\r', '\n'])
      expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell(null)).toBe('""');
    expect(csvLine(['a', 1])).toBe('"a","1"\r\n');
  });

  it('writes exact money from minor units and reads it back', () => {
    expect(plainMinor(15_000_000)).toBe('150000.00');
    expect(plainMinor(5)).toBe('0.05');
    expect(plainMinor(900_719_925_474_099)).toBe('9007199254740.99');
    expect(plainToMinor('149000.5')).toBe(14_900_050);
    expect(plainToMinor('1,00')).toBeNull();
  });

  it('formats many timestamps like formatDateTime, across zones and DST changes', () => {
    for (const zone of [
      'Asia/Jakarta',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
    ]) {
      const format = dateTimeFormatter(zone);
      for (const iso of [
        '2026-11-20T16:30:00.000Z',
        '2026-03-29T00:59:59.000Z',
        '2026-03-29T01:00:00.000Z',
        '2026-10-25T00:30:00.000Z',
        '2026-11-01T06:15:00.000Z',
        '2026-04-04T15:00:00.000Z',
      ]) {
        expect(format(iso), `${zone} ${iso}`).toBe(formatDateTime(iso, zone));
      }
    }
    expect(dateTimeFormatter('Asia/Jakarta')(null)).toBe('');
  });

  it('words for notifications: VA says No Data when there is none, QRIS leaves it empty', () => {
    expect(notificationWord({ notiStatus: 2 }, TRANSACTION_KINDS.va.csvNoNotification)).toBe(
      'Sukses',
    );
    expect(notificationWord({ notiStatus: 1 }, '')).toBe('Pending');
    expect(notificationWord([], TRANSACTION_KINDS.va.csvNoNotification)).toBe('No Data');
    expect(notificationWord([], TRANSACTION_KINDS.qris.csvNoNotification)).toBe('');
  });
});
