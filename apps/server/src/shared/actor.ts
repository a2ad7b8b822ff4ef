/** Who performs a change: their session (what they may do) and where from (what the audit trail records). */
import type { AuditContext } from './audit-context.ts';
import type { SessionContext } from './session.ts';

export interface Actor {
  session: SessionContext;
  audit: AuditContext;
}
