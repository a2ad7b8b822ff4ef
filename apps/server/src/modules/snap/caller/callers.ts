/**
 * Who may call /snap, by client id (X-CLIENT-KEY, X-PARTNER-ID): a bank (its BANK_CONFIG_FILE
 * `inbound` credentials, or the demo's), or a merchant (its client's API access, given from the
 * Client screen: merchant-access.ts). The client id says which; banks pay bills, merchants open them.
 */
import type { AppDeps } from '../../../deps.ts';
import type { InboundCredentials } from '../../../integrations/bank/gateway.ts';
import { openClientApiSecret } from '../../../security/client-api-secrets.ts';
import { credentialsByClientId } from '../merchant-access/merchant-access-repo.ts';
import { partnerByClientId, type SnapPartner } from './partners.ts';

/** A merchant with API access: its client, and its credentials with the secret opened. */
export interface SnapMerchant extends InboundCredentials {
  clntid: number;
  clntName: string;
}

export type SnapCaller =
  { kind: 'bank'; partner: SnapPartner } | { kind: 'merchant'; merchant: SnapMerchant };

export const credentialsOf = (caller: SnapCaller): InboundCredentials =>
  caller.kind === 'bank' ? caller.partner : caller.merchant;

export async function callerByClientId(
  deps: AppDeps,
  clientId: string,
): Promise<SnapCaller | undefined> {
  const partner = partnerByClientId(deps.snapPartners, clientId);
  if (partner) return { kind: 'bank', partner };
  const row = await credentialsByClientId(deps.db, clientId);
  // Secrets are issued only sealed: without the data key no merchant can be checked.
  if (!row || !deps.secretBox) return undefined;
  return {
    kind: 'merchant',
    merchant: {
      clntid: row.clsnClntId,
      clntName: row.clntName,
      clientId: row.clsnClientId,
      publicKey: row.clsnPublicKey,
      clientSecret: openClientApiSecret(deps.secretBox, row.clsnSecret),
    },
  };
}
