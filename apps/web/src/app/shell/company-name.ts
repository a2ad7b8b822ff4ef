import type { CompanyOption } from '@tagih/contract';

/** company.active as the server may send it: an object, an index into `available`, or nothing. */
export type ActiveCompany = CompanyOption | number | null | undefined;

/** The active company's name (spec §2): the object's name, the indexed entry's, else 'Unknown Company'. */
export function activeCompanyName(
  company: { active: ActiveCompany; available?: CompanyOption[] } | undefined,
): string {
  const active = company?.active;
  if (typeof active === 'object' && active !== null && active.compName) return active.compName;
  if (typeof active === 'number') {
    const entry = company?.available?.[active];
    if (entry?.compName) return entry.compName;
  }
  return 'Unknown Company';
}
