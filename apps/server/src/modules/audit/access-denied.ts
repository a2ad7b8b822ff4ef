/**
 * access.denied (outcome 'denied'): every request the permission guard refuses (http/access.ts)
 * leaves one event, and so does a probe for another company's record (`recordingProbes`).
 */
import type { FastifyRequest } from 'fastify';
import { AUDIT_ACTIONS } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { DenialRecorder } from '../../http/access.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { NotFound } from '../../shared/errors.ts';
import { recordAudit } from './service.ts';

const routeOf = (request: FastifyRequest): string =>
  request.routeOptions.url ?? request.url.split('?')[0]!;

export const accessDenialRecorder =
  (deps: AppDeps): DenialRecorder =>
  async ({ request, method, path, needed }) => {
    await recordAudit(deps.db, deps.clock, auditContextOf(request), {
      action: AUDIT_ACTIONS.accessDenied,
      outcome: 'denied',
      details: { method, path, needed },
    });
  };

export interface ProbedRecord {
  /** 'transaction', 'notification'. */
  type: string;
  id: number;
  /** The company the record belongs to, whoever asks; undefined when there is no such record. */
  ownerCompId: () => Promise<number | undefined>;
}

/**
 * Runs a company-scoped read. When it answers 404 for a record that exists under another company
 * than `compId` (the caller's active one), the probe is recorded as access.denied with the target;
 * the answer stays the same 404, so the caller learns nothing from it.
 */
export async function recordingProbes<T>(
  deps: AppDeps,
  request: FastifyRequest,
  compId: number,
  record: ProbedRecord,
  read: () => Promise<T>,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof NotFound)) throw error;
    const owner = await record.ownerCompId();
    if (owner !== undefined && owner !== compId) {
      await recordAudit(deps.db, deps.clock, auditContextOf(request), {
        action: AUDIT_ACTIONS.accessDenied,
        outcome: 'denied',
        target: { type: record.type, id: record.id },
        details: {
          method: request.method,
          path: routeOf(request),
          reason: 'another company',
          ownerCompId: owner,
        },
      });
    }
    throw error;
  }
}
