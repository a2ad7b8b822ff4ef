/** A call to a /snap endpoint as the services read it: the raw body (signatures cover it), its JSON, headers and origin. */
import type { AuditContext } from '../../../shared/audit-context.ts';
import type { SnapCaller, SnapMerchant } from './callers.ts';
import type { SnapPartner } from './partners.ts';

export interface SnapCall {
  method: string;
  /** Without host and query: what the signature covers. */
  path: string;
  /** Header names lowercased; a repeated header keeps its first value. */
  headers: Record<string, string | undefined>;
  rawBody: string;
  /** The parsed body; undefined when the text was not JSON. */
  body: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** Whom the audit trail names for a /snap call (`bank:BRI`, `merchant:<client id>`, `snap:<claimed id>`), never a user. */
export function snapAudit(call: SnapCall, who: string, compId: number | null = null): AuditContext {
  return {
    actorUserId: null,
    actorUsername: who.slice(0, 255),
    compId,
    ip: call.ip,
    userAgent: call.userAgent,
  };
}

/** A bank's call, for the audit trail. */
export const partnerAudit = (
  call: SnapCall,
  bank: string,
  compId: number | null = null,
): AuditContext => snapAudit(call, `bank:${bank}`, compId);

/** A service call whose token, partner id, timestamp and signature were checked (caller.ts). */
export interface AuthenticatedCall extends SnapCall {
  caller: SnapCaller;
  /** The caller's client id (X-PARTNER-ID). */
  clientId: string;
  externalId: string;
}

/** A bank's authenticated service call. */
export interface PartnerCall extends AuthenticatedCall {
  partner: SnapPartner;
}

/** A merchant's authenticated service call. */
export interface MerchantCall extends AuthenticatedCall {
  merchant: SnapMerchant;
}
