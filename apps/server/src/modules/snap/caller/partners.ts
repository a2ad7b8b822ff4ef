/**
 * The banks that may call the /snap endpoints: each bank with inbound credentials (BANK_CONFIG_FILE,
 * or the demo's simulated banks). Merchants open bills only at these banks, since only they can
 * report the payments: a VA at the bank whose partnerServiceId it names, a QRIS at the acquirer whose merchantId.
 */
import type { SnapPartner } from '../../../deps.ts';
import type { BankConfig } from '../../../integrations/bank/gateway.ts';

/** Declared with what the app is built from (deps.ts), which imports no module. */
export type { SnapPartner };

export function partnersOfBanks(banks: readonly BankConfig[]): SnapPartner[] {
  return banks.flatMap((b) =>
    b.inbound
      ? [
          {
            bank: b.code,
            ...b.inbound,
            partnerServiceId: b.partnerServiceId,
            ...(b.merchantId ? { merchantId: b.merchantId } : {}),
            ...(b.qris ? { qris: b.qris } : {}),
          },
        ]
      : [],
  );
}

export function partnerByClientId(
  partners: readonly SnapPartner[] | undefined,
  clientId: string,
): SnapPartner | undefined {
  return partners?.find((p) => p.clientId === clientId);
}

export const isPartnersBank = (partner: SnapPartner, bank: string | null): boolean =>
  bank !== null && bank.toLowerCase() === partner.bank.toLowerCase();
