/** Who acted and from where, as an audit event records it (the route reads it from the request). */
export interface AuditContext {
  actorUserId: string | null;
  /** The signed-in user's name, or for a failed sign-in the name that was tried. */
  actorUsername: string | null;
  /** The session's active company. */
  compId: number | null;
  ip: string | null;
  userAgent: string | null;
}

/** Events the server writes on its own (retention purge, workers). */
export const SYSTEM_AUDIT_CONTEXT: AuditContext = {
  actorUserId: null,
  actorUsername: 'system',
  compId: null,
  ip: null,
  userAgent: null,
};
