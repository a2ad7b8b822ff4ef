/**
 * Who sees what in reconciliation: a user reaches the breaks of the companies linked to them (a
 * Superadmin every company), and a break that belongs to no company (a credit naming no bill of a
 * pooled account) only when they reach every company of its account. Importing a statement needs
 * every company of its account.
 *
 * Within that, reconciliation follows the active company like every other screen: the queue, its
 * counts (Home's "Selisih rekonsiliasi") and the statements show the active company's breaks and
 * its accounts' statements, and a break of no company only on an account that serves it.
 */
import type { AppDeps } from '../../deps.ts';
import type { SessionContext } from '../../shared/session.ts';
import { activeCompany } from '../auth/service.ts';
import { linkedCompanyIds } from './scope-repo.ts';

/** null: every company. */
export type CompanyScope = readonly number[] | null;

export async function companyScope(deps: AppDeps, session: SessionContext): Promise<CompanyScope> {
  return session.isSuperadmin ? null : linkedCompanyIds(deps.db, session.userId);
}

export const reachesAll = (scope: CompanyScope, compIds: readonly number[]): boolean =>
  scope === null || compIds.every((id) => scope.includes(id));
export const reaches = (
  scope: CompanyScope,
  compId: number | null,
  accountCompIds: readonly number[],
): boolean =>
  compId === null ? reachesAll(scope, accountCompIds) : scope === null || scope.includes(compId);

/** The company the session works in (the screens' company filter); null when none is chosen. */
export async function activeCompanyFilter(
  deps: AppDeps,
  session: SessionContext,
): Promise<number | null> {
  return (await activeCompany(deps, session))?.compId ?? null;
}
