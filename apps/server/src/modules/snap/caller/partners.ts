/**
 * The banks that may call the /snap endpoints: each bank with inbound credentials (BANK_CONFIG_FILE,
 * or the demo's simulated banks). Merchants open bills only at these banks, since only they can
 * report the payments: a VA at the bank whose partnerServiceId it names, a QRIS at the acquirer whose merchantId.
 */
import type { BankConfig, InboundCredentials, QrisAcquirer } from '../../../integrations/bank/gateway.ts';

export interface SnapPartner extends InboundCredentials {
  /** The bank code of the bills it may ask about and pay (trctBank / trctQrBank, any case). */
  bank: string;
  /** Our VA prefix at the bank (8 characters, space-padded): merchants' VA bills there carry it. */
  partnerServiceId?: string;
  /** Our merchant id at the bank as QRIS acquirer, and what its QRIS payloads carry. */
  merchantId?: string;
  qris?: QrisAcquirer;
}

export function partnersOfBanks(banks: readonly BankConfig[]): SnapPartner[] {
  return banks.flatMap((b) =>
    b.inbound
      ? [{ bank: b.code, ...b.inbound, partnerServiceId: b.partnerServiceId, ...(b.merchantId ? { merchantId: b.merchantId } : {}), ...(b.qris ? { qris: b.qris } : {}) }]
      : [],
  );
}

export function partnerByClientId(partners: readonly SnapPartner[] | undefined, clientId: string): SnapPartner | undefined {
  return partners?.find((p) => p.clientId === clientId);
}

export const isPartnersBank = (partner: SnapPartner, bank: string | null): boolean => bank !== null && bank.toLowerCase() === partner.bank.toLowerCase();
