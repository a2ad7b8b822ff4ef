import { dashboardRoute, type Area, type DashboardRoute } from '@tagih/contract';

export const DASHBOARD_BASE = '/dashboard';
export const HOME_ROUTE = '/dashboard/home';
export const LOGIN_ROUTE = '/login';
export const SELECT_COMPANY_ROUTE = '/selectcompany';
export const MANAGE_ACCOUNT_ROUTE = '/dashboard/manage-account';

/** The dashboard route a pathname points to ('/dashboard/company-management' -> Company). */
export function routeOfPath(pathname: string): DashboardRoute | undefined {
  const prefix = `${DASHBOARD_BASE}/`;
  if (!pathname.startsWith(prefix)) return undefined;
  const segment = pathname.slice(prefix.length).split('/')[0] ?? '';
  return dashboardRoute(segment);
}

/** The area whose read permission a pathname needs; null when sign-in is enough. */
export function areaOfPath(pathname: string): Area | null {
  return routeOfPath(pathname)?.area ?? null;
}
