/**
 * A dynamic QRIS payload (EMVCo Merchant-Presented Mode, as Bank Indonesia's QRIS standard
 * profiles it): tag-length-value fields, each length two decimal digits, ending with tag 63,
 * the CRC-16/CCITT-FALSE of everything before it including "6304".
 */

import type { QrisAcquirer } from '../../../integrations/bank/gateway.ts';

/** The merchant and bill a dynamic QRIS is drawn for, at its acquirer. */
export interface QrisBill extends QrisAcquirer {
  /** Merchant id at the acquirer (26/02). */
  merchantId: string;
  /** Amount in rupiah minor units (tag 54, written with two decimals). */
  amountMinor: number;
  /** Tag 59, at most 25 characters (longer names are cut). */
  merchantName: string;
  /** Tag 60, at most 15 characters (longer names are cut). */
  merchantCity: string;
  /** Tag 61, optional. */
  postalCode?: string;
  /** Tag 62 sub-tag 05: our reference of the bill, at most 25 characters. */
  referenceLabel: string;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) as four upper-case hex digits. */
export function crc16CcittFalse(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One field: tag, two-digit length, value (printable ASCII, at most 99 characters). */
export function tlv(tag: string, value: string): string {
  if (!/^\d{2}$/.test(tag)) throw new Error(`QRIS tag must be two digits, got '${tag}'`);
  if (!/^[\x20-\x7e]*$/.test(value)) throw new Error(`QRIS tag ${tag} must be printable ASCII`);
  if (value.length === 0 || value.length > 99)
    throw new Error(`QRIS tag ${tag} must hold 1 to 99 characters, got ${value.length}`);
  return `${tag}${String(value.length).padStart(2, '0')}${value}`;
}

/** Text a QRIS tag can hold: accents dropped, anything else outside printable ASCII turned into spaces, spaces collapsed; `fallback` when nothing is left. */
export function qrisText(text: string, fallback: string): string {
  const ascii = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return ascii || fallback;
}

/** Minor units as tag 54 writes them: '150000.00'. */
function amountText(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor <= 0)
    throw new Error('QRIS amount must be a positive whole number of minor units');
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}

/** The payload with its CRC: what the payer's app scans. */
export function qrisPayload(bill: QrisBill): string {
  const body = [
    tlv('00', '01'),
    tlv('01', '12'),
    tlv(
      '26',
      tlv('00', bill.acquirerDomain) +
        tlv('01', bill.merchantPan) +
        tlv('02', bill.merchantId) +
        tlv('03', bill.criteria),
    ),
    tlv('51', tlv('00', 'ID.CO.QRIS.WWW') + tlv('02', bill.nmid) + tlv('03', bill.criteria)),
    tlv('52', bill.mcc),
    tlv('53', '360'),
    tlv('54', amountText(bill.amountMinor)),
    tlv('58', 'ID'),
    tlv('59', bill.merchantName.slice(0, 25)),
    tlv('60', bill.merchantCity.slice(0, 15)),
    ...(bill.postalCode ? [tlv('61', bill.postalCode)] : []),
    tlv('62', tlv('05', bill.referenceLabel.slice(0, 25))),
  ].join('');
  const signed = `${body}6304`;
  return `${signed}${crc16CcittFalse(signed)}`;
}

/** The payload's top-level fields by tag, or null when it is not well-formed or its CRC is wrong. */
export function readQrisPayload(payload: string): Map<string, string> | null {
  if (
    payload.length < 8 ||
    crc16CcittFalse(payload.slice(0, -4)) !== payload.slice(-4).toUpperCase()
  )
    return null;
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const tag = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(tag) || !Number.isInteger(length) || at + 4 + length > payload.length)
      return null;
    fields.set(tag, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}
