/** Audit columns (…CreatedTime, …CreatedUserId, …UpdatedTime, …UpdatedUserId), set by the server only. */
import type { AuditColumns } from './tables.ts';

export function auditOnCreate<P extends string>(
  prefix: P,
  userId: string,
  now: string,
): AuditColumns<P> {
  return {
    [`${prefix}CreatedTime`]: now,
    [`${prefix}CreatedUserId`]: userId,
    [`${prefix}UpdatedTime`]: now,
    [`${prefix}UpdatedUserId`]: userId,
  } as AuditColumns<P>;
}

export function auditOnUpdate<P extends string>(
  prefix: P,
  userId: string,
  now: string,
): Pick<AuditColumns<P>, `${P}UpdatedTime` | `${P}UpdatedUserId`> {
  return { [`${prefix}UpdatedTime`]: now, [`${prefix}UpdatedUserId`]: userId } as Pick<
    AuditColumns<P>,
    `${P}UpdatedTime` | `${P}UpdatedUserId`
  >;
}
