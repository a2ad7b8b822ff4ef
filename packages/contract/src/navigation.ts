import type { Area } from './permissions.ts';

/** The dashboard's child routes (spec §2 route table) with the area whose `read` gates them. */
export interface DashboardRoute {
  path: string;
  title: string;
  /** Shorter title for the mobile layout. */
  shortTitle: string;
  area: Area | null;
  group: 'none' | 'transactions' | 'master';
}

export const DASHBOARD_ROUTES = [
  { path: 'home', title: 'Home', shortTitle: 'Home', area: null, group: 'none' },
  { path: 'manage-account', title: 'Manage Account', shortTitle: 'Account', area: null, group: 'none' },
  { path: 'notifications', title: 'Notifications', shortTitle: 'Notif', area: 'dashboard_notification', group: 'none' },
  { path: 'transaction-va', title: 'Transaction VA', shortTitle: 'VA', area: 'dashboard_transactionva', group: 'transactions' },
  { path: 'transaction-qris', title: 'Transaction BRI QRIS', shortTitle: 'QRIS', area: 'dashboard_transactionqr', group: 'transactions' },
  { path: 'user-management', title: 'User Management', shortTitle: 'User', area: 'master_user', group: 'master' },
  { path: 'user-company-management', title: 'User Company Management', shortTitle: 'User Company', area: 'master_user', group: 'master' },
  { path: 'user-role-management', title: 'User Role', shortTitle: 'User Role', area: 'master_user_role', group: 'master' },
  { path: 'company-management', title: 'Company', shortTitle: 'Company', area: 'master_company', group: 'master' },
  { path: 'company-group-management', title: 'Company Group Management', shortTitle: 'Company Group', area: 'master_company_group', group: 'master' },
  { path: 'permission-management', title: 'Permission', shortTitle: 'Permission', area: 'master_permission', group: 'master' },
  { path: 'role-permission-management', title: 'Role Permission', shortTitle: 'Role Permission', area: 'master_role_permission', group: 'master' },
  { path: 'roles-management', title: 'Roles', shortTitle: 'Roles', area: 'master_role', group: 'master' },
] as const satisfies readonly DashboardRoute[];

export type DashboardPath = (typeof DASHBOARD_ROUTES)[number]['path'];

export function dashboardRoute(path: string): DashboardRoute | undefined {
  return DASHBOARD_ROUTES.find((r) => r.path === path);
}
