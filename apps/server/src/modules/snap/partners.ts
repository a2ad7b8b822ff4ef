/** Who may call the /snap endpoints: each bank with inbound credentials (BANK_CONFIG_FILE, or the demo's simulated banks). */
import type { BankConfig, InboundCredentials } from '../../integrations/bank/gateway.ts';

export interface SnapPartner extends InboundCredentials {
  /** The bank code of the bills it may ask about and pay (trctBank / trctQrBank, any case). */
  bank: string;
}

export function partnersOfBanks(banks: readonly BankConfig[]): SnapPartner[] {
  return banks.flatMap((b) => (b.inbound ? [{ bank: b.code, ...b.inbound }] : []));
}

export function partnerByClientId(partners: readonly SnapPartner[] | undefined, clientId: string): SnapPartner | undefined {
  return partners?.find((p) => p.clientId === clientId);
}

export const isPartnersBank = (partner: SnapPartner, bank: string | null): boolean => bank !== null && bank.toLowerCase() === partner.bank.toLowerCase();
