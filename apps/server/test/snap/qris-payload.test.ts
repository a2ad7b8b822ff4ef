import { describe, expect, it } from 'vitest';
import {
  crc16CcittFalse,
  qrisPayload,
  readQrisPayload,
  tlv,
  type QrisBill,
} from '../../src/modules/snap/qris/qris-payload.ts';

const BILL: QrisBill = {
  acquirerDomain: 'ID.CO.BANKBRI.WWW',
  merchantPan: '936000020000012345',
  merchantId: '000012345',
  nmid: 'ID1026000012345',
  criteria: 'UMI',
  mcc: '5812',
  amountMinor: 15_000_050,
  merchantName: 'PT Toko Maju Sejahtera Abadi Jaya',
  merchantCity: 'Jakarta Selatan Raya',
  postalCode: '12190',
  referenceLabel: 'ORD-2026-0001',
};

describe('QRIS payload (EMVCo MPM)', () => {
  it('computes CRC-16/CCITT-FALSE as published: the standard check value and a payload printed by another implementation', () => {
    expect(crc16CcittFalse('123456789')).toBe('29B1');
    // An EMVCo MPM payload with its CRC from another product's test suite (BR Code, the same CRC rule).
    const known =
      '00020101021226580014br.gov.bcb.pix013671d6c6e1-64ea-4a11-9560-a10870c40ca2520400005303986540512.305802BR5914COMPANY_1_DATA62150511NFeTEST000163044CCF';
    expect(crc16CcittFalse(known.slice(0, -4))).toBe('4CCF');
    expect(readQrisPayload(known)?.get('59')).toBe('COMPANY_1_DATA');
  });

  it('writes every required tag in order, with two-digit lengths, and a CRC over the payload up to 6304', () => {
    const payload = qrisPayload(BILL);
    const fields = readQrisPayload(payload)!;
    expect([...fields.keys()]).toEqual([
      '00',
      '01',
      '26',
      '51',
      '52',
      '53',
      '54',
      '58',
      '59',
      '60',
      '61',
      '62',
      '63',
    ]);
    expect(fields.get('00')).toBe('01');
    expect(fields.get('01')).toBe('12');
    expect(fields.get('26')).toBe(
      '0017ID.CO.BANKBRI.WWW0118936000020000012345' + '0209000012345' + '0303UMI',
    );
    expect(fields.get('51')).toBe('0014ID.CO.QRIS.WWW0215ID10260000123450303UMI');
    expect(fields.get('53')).toBe('360');
    expect(fields.get('54')).toBe('150000.50');
    expect(fields.get('58')).toBe('ID');
    expect(fields.get('59')).toBe('PT Toko Maju Sejahtera Ab');
    expect(fields.get('60')).toBe('Jakarta Selatan');
    expect(fields.get('62')).toBe('0513ORD-2026-0001');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(payload.slice(-4)).toBe(crc16CcittFalse(payload.slice(0, -4)));
  });

  it('refuses a payload whose CRC or lengths do not hold', () => {
    const payload = qrisPayload(BILL);
    expect(readQrisPayload(payload.replace('150000.50', '150000.51'))).toBeNull();
    expect(readQrisPayload(`${payload.slice(0, -4)}0000`)).toBeNull();
    expect(readQrisPayload('0002')).toBeNull();
  });

  it('refuses values a field cannot hold', () => {
    expect(() => tlv('54', '')).toThrow(/1 to 99/);
    expect(() => tlv('59', 'Toko Ñ')).toThrow(/ASCII/);
    expect(() => qrisPayload({ ...BILL, amountMinor: 0 })).toThrow(/positive/);
    expect(() => qrisPayload({ ...BILL, amountMinor: 1.5 })).toThrow(/whole/);
  });
});
