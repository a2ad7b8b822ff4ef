/**
 * The audit CSVs: the events (same filters as the list) and the access review. Each is a snapshot
 * counted and recorded (audit.exported) before the first byte, then streamed in keyset batches.
 * Cells go through the contract's csvLine (quoted, formulas neutralised).
 */
import {
  ACCESS_REVIEW_ALL_COMPANIES,
  ACCESS_REVIEW_CSV_HEADER,
  AUDIT_ACTIONS,
  AUDIT_CSV_COLUMNS,
  SUPERADMIN_ROLE_ID,
  USER_STATUS_LABEL,
  csvLine,
  dateTimeFormatter,
  type AccessReviewRow,
  type RawQuery,
} from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import * as repo from './repo.ts';
import { sealBeforeReading } from './sealer.ts';
import { parseAuditQuery, recordAudit, type AuditContext } from './service.ts';

export const AUDIT_EXPORT_BATCH_ROWS = 1000;

/** Validates the query (a 400 before any byte), records the export and returns the CSV text. */
export async function prepareAuditExport(
  deps: AppDeps,
  context: AuditContext,
  raw: RawQuery,
): Promise<AsyncGenerator<string>> {
  const { query, range } = parseAuditQuery(deps, raw);
  const timeZone = deps.config.businessTz;
  // Every event recorded so far is in it (the unsealed ones are sealed first, sealer.ts); the
  // snapshot ends at the current last event, so the export does not list its own record.
  await sealBeforeReading(deps.db);
  const throughId = (await repo.lastEvent(deps.db))?.audtId ?? 0;
  const filtered = () => repo.filtered(deps.db, range, query, timeZone, throughId);
  const rows = await repo.countFiltered(filtered());
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.auditExported,
    details: { report: 'events', filters: raw, rows, throughId },
  });

  return (async function* csv() {
    yield csvLine(AUDIT_CSV_COLUMNS.map((c) => c.label));
    let before: number | null = null;
    for (;;) {
      const batch = await repo.exportBatch(filtered(), before, AUDIT_EXPORT_BATCH_ROWS);
      if (batch.length === 0) return;
      yield batch.map((row) => csvLine(AUDIT_CSV_COLUMNS.map((c) => row[c.field]))).join('');
      if (batch.length < AUDIT_EXPORT_BATCH_ROWS) return;
      before = batch[batch.length - 1]!.audtId;
    }
  })();
}

const REVIEW_BATCH_USERS = 500;

/** Every user, batch by batch, with roles, companies, last sign-in and a lock still in force. */
async function* reviewRows(deps: AppDeps, nowIso: string): AsyncGenerator<AccessReviewRow[]> {
  let after: string | null = null;
  for (;;) {
    const users = await repo.reviewUsers(deps.db, after, REVIEW_BATCH_USERS);
    if (users.length === 0) return;
    const ids = users.map((u) => u.userId);
    const [roles, companies] = await Promise.all([
      repo.reviewRoles(deps.db, ids),
      repo.reviewCompanies(deps.db, ids),
    ]);
    yield users.map((u) => {
      const own = roles.filter((r) => r.usroUserId === u.userId);
      return {
        userId: u.userId,
        username: u.usloUserName,
        userStatus: u.userStatus,
        roles: own.map((r) => r.roleName),
        companies: companies.filter((c) => c.uscoUserId === u.userId).map((c) => c.compName),
        allCompanies: own.some((r) => r.roleId === SUPERADMIN_ROLE_ID),
        lastLoginAt: u.usloLastLoginAt,
        lockedUntil: u.lothLockedUntil && u.lothLockedUntil > nowIso ? u.lothLockedUntil : null,
      };
    });
    if (users.length < REVIEW_BATCH_USERS) return;
    after = users[users.length - 1]!.userId;
  }
}

/** Records the export (audit.exported) and returns the access review CSV text. */
export async function prepareAccessReview(
  deps: AppDeps,
  context: AuditContext,
): Promise<AsyncGenerator<string>> {
  const rows = await repo.countUsers(deps.db);
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.auditExported,
    details: { report: 'access-review', rows },
  });
  const nowIso = iso(deps.clock.now());
  const formatDate = dateTimeFormatter(deps.config.businessTz);

  return (async function* csv() {
    yield csvLine(ACCESS_REVIEW_CSV_HEADER);
    for await (const batch of reviewRows(deps, nowIso)) {
      yield batch
        .map((r) =>
          csvLine([
            r.userId,
            r.username,
            USER_STATUS_LABEL[r.userStatus] ?? String(r.userStatus),
            r.roles.join('; '),
            r.allCompanies ? ACCESS_REVIEW_ALL_COMPANIES : r.companies.join('; '),
            formatDate(r.lastLoginAt),
            formatDate(r.lockedUntil),
          ]),
        )
        .join('');
    }
  })();
}
