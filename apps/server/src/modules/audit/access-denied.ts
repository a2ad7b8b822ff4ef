/** access.denied: every request the permission guard refuses (http/access.ts) leaves one event, outcome 'denied'. */
import { AUDIT_ACTIONS } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { DenialRecorder } from '../../http/access.ts';
import { auditContextOf } from '../../http/audit-context.ts';
import { recordAudit } from './service.ts';

export const accessDenialRecorder =
  (deps: AppDeps): DenialRecorder =>
  async ({ request, method, path, needed }) => {
    await recordAudit(deps.db, deps.clock, auditContextOf(request), {
      action: AUDIT_ACTIONS.accessDenied,
      outcome: 'denied',
      details: { method, path, needed },
    });
  };
