/**
 * Who sees what in reconciliation: a user reaches the breaks of the companies linked to them (a
 * Superadmin every company), and a break that belongs to no company (a credit naming no bill of a
 * pooled account) only when they reach every company of its account. Importing a statement needs
 * every company of its account.
 */
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import { linkedCompanyIds } from './scope-repo.ts';

/** null: every company. */
export type CompanyScope = readonly number[] | null;

export async function companyScope(deps: AppDeps, session: SessionContext): Promise<CompanyScope> {
  return session.isSuperadmin ? null : linkedCompanyIds(deps.db, session.userId);
}

export const reachesAll = (scope: CompanyScope, compIds: readonly number[]): boolean => scope === null || compIds.every((id) => scope.includes(id));
export const reaches = (scope: CompanyScope, compId: number | null, accountCompIds: readonly number[]): boolean =>
  compId === null ? reachesAll(scope, accountCompIds) : scope === null || scope.includes(compId);
