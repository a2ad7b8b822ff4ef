/** The imported statements (and the failed imports, with why), newest first, of the accounts whose companies the user all reaches and that serve the active company. */
import type { StatementFormat, StatementRow } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import { allAccounts } from './accounts-repo.ts';
import { lateBefore } from './expected.ts';
import { openBreaksByStatement, statementPage } from './lines-repo.ts';
import { activeCompanyFilter, companyScope, reachesAll } from './scope.ts';

export async function listStatements(
  deps: AppDeps,
  session: SessionContext,
  query: { page?: number | undefined; max?: number | undefined; baccId?: number | undefined },
) {
  const page = query.page ?? 1;
  const max = query.max ?? 20;
  const [scope, active] = await Promise.all([
    companyScope(deps, session),
    activeCompanyFilter(deps, session),
  ]);
  const shown = (compIds: readonly number[]) =>
    reachesAll(scope, compIds) && (active === null || compIds.includes(active));
  const baccIds =
    scope === null && active === null
      ? null
      : (await allAccounts(deps.db)).filter((a) => shown(a.compIds)).map((a) => a.baccId);
  const { total, rows } = await statementPage(
    deps.db,
    { baccIds, baccId: query.baccId ?? null },
    page,
    max,
  );
  const late = lateBefore(deps.clock.now(), deps.config.businessTz, deps.config.reconExpectedDays);
  const byCategory = await openBreaksByStatement(
    deps.db,
    rows.map((r) => r.stmtId),
    late,
  );
  const openOf = (stmtId: number) =>
    Object.fromEntries(byCategory.filter((b) => b.stmtId === stmtId).map((b) => [b.category, b.n]));
  const data: StatementRow[] = rows.map((r) => ({
    stmtId: r.stmtId,
    baccId: r.stmtBaccId,
    bank: r.baccBank,
    accountNo: r.baccAccountNo,
    accountName: r.baccName,
    format: r.stmtFormat as StatementFormat,
    variant: r.stmtVariant,
    fileName: r.stmtFileName,
    reference: r.stmtReference,
    fromDay: r.stmtFromDay,
    toDay: r.stmtToDay,
    lines: r.stmtLines,
    skippedLines: r.stmtSkippedLines,
    credits: r.stmtCredits,
    matched: r.stmtMatched,
    debits: Math.max(0, r.stmtLines - r.stmtCredits),
    balanceChecked: r.stmtBalanceChecked === 1,
    state: r.stmtState === 'failed' ? 'failed' : 'complete',
    failure: r.stmtFailure,
    openBreaks: Number(r.openBreaks ?? 0),
    openByCategory: openOf(r.stmtId),
    createdAt: r.stmtCreatedTime,
    createdBy: r.stmtCreatedUsername ?? '',
  }));
  return {
    data,
    pagination: { totalData: total, totalPage: Math.ceil(total / max), page, itemPerPage: max },
  };
}
