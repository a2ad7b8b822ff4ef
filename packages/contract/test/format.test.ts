import { describe, expect, it } from 'vitest';
import {
  businessDate,
  can,
  formatDateTime,
  formatMinorIdr,
  formatRupiah,
  isFilterDate,
  isIsoDate,
  mergeAccess,
  plainAmount,
  transactionStatusLabel,
} from '../src/index.ts';

describe('money', () => {
  it("formats Rupiah the Indonesian way with 'Rp.' and 2 decimals", () => {
    expect(formatRupiah(1234567)).toBe('Rp. 1.234.567,00');
    expect(formatRupiah(150000.5)).toBe('Rp. 150.000,50');
    expect(formatRupiah(0.07)).toBe('Rp. 0,07');
    expect(formatRupiah(null)).toBe('0');
  });
  it('is exact for large amounts and negative ones', () => {
    expect(formatMinorIdr(999_999_999_999_99)).toBe('999.999.999.999,99');
    expect(formatMinorIdr(-12345)).toBe('-123,45');
    expect(plainAmount(150000)).toBe('150000.00');
    expect(plainAmount(0.1 + 0.2)).toBe('0.30');
  });
});

describe('dates', () => {
  it('puts 23:30 WIB on its own WIB day', () => {
    const instant = new Date('2026-05-01T16:30:00Z'); // 23:30 in Jakarta
    expect(businessDate(instant, 'Asia/Jakarta')).toBe('2026-05-01');
    expect(businessDate(instant, 'UTC')).toBe('2026-05-01');
    expect(businessDate(new Date('2026-05-01T17:30:00Z'), 'Asia/Jakarta')).toBe('2026-05-02');
    expect(formatDateTime('2026-05-01T16:30:00Z', 'Asia/Jakarta')).toBe('2026-05-01 23:30:00');
  });
  it("keeps each time zone's own answer when zones and shapes alternate (one formatter per zone and shape)", () => {
    const instant = '2026-05-01T17:30:00Z';
    for (let i = 0; i < 3; i++) {
      expect(formatDateTime(instant, 'Asia/Jakarta')).toBe('2026-05-02 00:30:00');
      expect(businessDate(new Date(instant), 'Asia/Jakarta')).toBe('2026-05-02');
      expect(formatDateTime(instant, 'UTC')).toBe('2026-05-01 17:30:00');
      expect(businessDate(new Date(instant), 'UTC')).toBe('2026-05-01');
      expect(formatDateTime(instant, 'Asia/Jayapura')).toBe('2026-05-02 02:30:00');
    }
    expect(() => formatDateTime(instant, 'Not/A_Zone')).toThrow(RangeError);
    expect(() => formatDateTime(instant, 'Not/A_Zone')).toThrow(RangeError);
  });
  it('knows a real calendar date', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-30')).toBe(false);
    expect(isIsoDate('2026-2-3')).toBe(false);
  });
  it('knows the days a filter may name: real dates from 1900-01-01 to 2999-12-31', () => {
    expect(['1900-01-01', '2024-02-29', '2999-12-31'].map(isFilterDate)).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['1899-12-31', '2026-02-30', '3000-01-01', '0000-01-01', '9999-12-31'].map(isFilterDate),
    ).toEqual([false, false, false, false, false]);
  });
});

describe('status words', () => {
  it('names the three transaction statuses', () => {
    expect(['03', '00', '05', 'zz'].map(transactionStatusLabel)).toEqual([
      'Belum Lunas',
      'Lunas',
      'Kadaluarsa',
      '',
    ]);
  });
});

describe('access map', () => {
  it('merges grants per area and treats the company-group alias as one area', () => {
    const access = mergeAccess([
      { area: 'master_group_company', actions: ['read'] },
      { area: 'master_company_group', actions: ['delete', 'bogus'] },
      { area: 'master_role', actions: [] },
    ]);
    expect(access).toEqual({
      master_company_group: ['read', 'delete'],
      master_group_company: ['read', 'delete'],
    });
    expect(can(access, 'master_company_group', 'delete')).toBe(true);
    expect(can(access, 'master_role', 'read')).toBe(false);
    expect(can({ master_group_company: ['update'] }, 'master_company_group', 'update')).toBe(true);
  });
});
