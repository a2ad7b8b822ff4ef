/** A call to a /snap endpoint as the services read it: the raw body (signatures cover it), its JSON, headers and origin. */
import type { AuditContext } from '../../shared/audit-context.ts';
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

/** Whom the audit trail names for a partner's call: the bank, never a user. */
export function partnerAudit(call: SnapCall, who: string, compId: number | null = null): AuditContext {
  return { actorUserId: null, actorUsername: `bank:${who}`.slice(0, 255), compId, ip: call.ip, userAgent: call.userAgent };
}

/** A partner's authenticated service call. */
export interface PartnerCall extends SnapCall {
  partner: SnapPartner;
  externalId: string;
}
