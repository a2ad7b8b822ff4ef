/**
 * Every master-data write leaves one audit event in its own transaction (master.<resource>.created,
 * updated or deleted, with the changed fields before and after, secrets redacted). A write refused
 * by a least-privilege rule leaves an event with outcome 'denied' instead, and changes nothing.
 */
import { AUDIT_ACTIONS, type AuditedMasterResource } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/tables.ts';
import type { Actor } from '../../shared/actor.ts';
import { Forbidden } from '../../shared/errors.ts';
import { changeDetails } from '../audit/details.ts';
import { recordAudit } from '../audit/service.ts';
import type { ApiRow, Values } from './resource-config.ts';

export type MasterChange = 'created' | 'updated' | 'deleted';

export interface ChangeRecord {
  resource: AuditedMasterResource;
  change: MasterChange;
  id: string | number;
  before: ApiRow | null | undefined;
  after: ApiRow | null | undefined;
}

/** Who changed what and when is the event itself; row bookkeeping and derived state would only be noise. */
const NOT_A_CHANGE =
  /(CreatedTime|CreatedUserId|UpdatedTime|UpdatedUserId)$|^userIsSuperadmin$|^userLockedUntil$|^userTwoFactor$/;

const fieldsOf = (row: ApiRow | null | undefined): ApiRow | null =>
  row ? Object.fromEntries(Object.entries(row).filter(([key]) => !NOT_A_CHANGE.test(key))) : null;

/** The last statement of the write's transaction. */
export function recordChange(
  tx: DbOrTx,
  deps: AppDeps,
  actor: Actor,
  record: ChangeRecord,
): Promise<unknown> {
  return recordAudit(tx, deps.clock, actor.audit, {
    action: AUDIT_ACTIONS.master[record.resource][record.change],
    target: { type: record.resource, id: record.id },
    details: changeDetails(fieldsOf(record.before), fieldsOf(record.after)),
  });
}

/**
 * Runs `write`; when a least-privilege rule refuses it (403), the write has rolled back and the
 * refusal is recorded on its own before the error goes on to the client.
 */
export async function recordingRefusals<T>(
  deps: AppDeps,
  actor: Actor,
  attempt: {
    resource: AuditedMasterResource;
    change: MasterChange;
    id: string | number | null;
    values: Values | null;
  },
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof Forbidden) {
      await recordAudit(deps.db, deps.clock, actor.audit, {
        action: AUDIT_ACTIONS.master[attempt.resource][attempt.change],
        outcome: 'denied',
        target: attempt.id === null ? null : { type: attempt.resource, id: attempt.id },
        details: {
          reason: error.message,
          ...(attempt.values ? { attempted: attempt.values } : {}),
        },
      });
    }
    throw error;
  }
}
