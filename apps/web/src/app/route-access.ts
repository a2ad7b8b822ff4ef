import {
  APP_ROUTES,
  dashboardRoute,
  dashboardUrl,
  type Area,
  type DashboardRoute,
} from '@tagih/contract';

export const DASHBOARD_BASE = APP_ROUTES.dashboard;
export const HOME_ROUTE = dashboardUrl('home');
export const LOGIN_ROUTE = APP_ROUTES.login;
export const SELECT_COMPANY_ROUTE = APP_ROUTES.selectCompany;
export const MANAGE_ACCOUNT_ROUTE = dashboardUrl('manage-account');

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
