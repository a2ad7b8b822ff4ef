import { TRANSACTION_KINDS, type TransactionKindKey } from './monitoring/transaction-kinds.ts';
import { NOTIFICATIONS_AREA } from './monitoring/notification-resource.ts';
import { AUDIT_AREA } from './audit-actions.ts';
import type { Area } from './permissions.ts';
// Each description from its own module, not resources/index.ts, which also re-exports the bodies' schemas.
import { clientResource } from './resources/client.ts';
import { companyGroupResource } from './resources/company-group.ts';
import { companyResource } from './resources/company.ts';
import { permissionResource } from './resources/permission.ts';
import { rolePermissionResource } from './resources/role-permission.ts';
import { roleResource } from './resources/role.ts';
import { userCompanyResource } from './resources/user-company.ts';
import { userResource } from './resources/user.ts';
import { userRoleResource } from './resources/user-role.ts';

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
  {
    path: 'manage-account',
    title: 'Manage Account',
    shortTitle: 'Account',
    area: null,
    group: 'none',
  },
  {
    path: 'notifications',
    title: 'Notifications',
    shortTitle: 'Notif',
    area: NOTIFICATIONS_AREA,
    group: 'none',
  },
  {
    path: 'transaction-va',
    title: 'Transaction VA',
    shortTitle: 'VA',
    area: TRANSACTION_KINDS.va.area,
    group: 'transactions',
  },
  {
    path: 'transaction-qris',
    title: 'Transaction BRI QRIS',
    shortTitle: 'QRIS',
    area: TRANSACTION_KINDS.qris.area,
    group: 'transactions',
  },
  // The area spelled out (recon/reconciliation.ts RECON_AREA): that module builds zod schemas (plain-modules.test.ts).
  {
    path: 'reconciliation',
    title: 'Rekonsiliasi',
    shortTitle: 'Rekon',
    area: 'reconciliation',
    group: 'transactions',
  },
  {
    path: 'user-management',
    title: 'User Management',
    shortTitle: 'User',
    area: userResource.access.read,
    group: 'master',
  },
  {
    path: 'user-company-management',
    title: 'User Company Management',
    shortTitle: 'User Company',
    area: userCompanyResource.access.read,
    group: 'master',
  },
  {
    path: 'user-role-management',
    title: 'User Role',
    shortTitle: 'User Role',
    area: userRoleResource.access.read,
    group: 'master',
  },
  {
    path: 'company-management',
    title: 'Company',
    shortTitle: 'Company',
    area: companyResource.access.read,
    group: 'master',
  },
  {
    path: 'client-management',
    title: 'Client',
    shortTitle: 'Client',
    area: clientResource.access.read,
    group: 'master',
  },
  {
    path: 'company-group-management',
    title: 'Company Group Management',
    shortTitle: 'Company Group',
    area: companyGroupResource.access.read,
    group: 'master',
  },
  {
    path: 'permission-management',
    title: 'Permission',
    shortTitle: 'Permission',
    area: permissionResource.access.read,
    group: 'master',
  },
  {
    path: 'role-permission-management',
    title: 'Role Permission',
    shortTitle: 'Role Permission',
    area: rolePermissionResource.access.read,
    group: 'master',
  },
  {
    path: 'roles-management',
    title: 'Roles',
    shortTitle: 'Roles',
    area: roleResource.access.read,
    group: 'master',
  },
  { path: 'audit-log', title: 'Audit Log', shortTitle: 'Audit', area: AUDIT_AREA, group: 'none' },
] as const satisfies readonly DashboardRoute[];

export type DashboardPath = (typeof DASHBOARD_ROUTES)[number]['path'];

export function dashboardRoute(path: string): DashboardRoute | undefined {
  return DASHBOARD_ROUTES.find((r) => r.path === path);
}

/** The web app's own top-level routes (spec §2). */
export const APP_ROUTES = {
  login: '/login',
  selectCompany: '/selectcompany',
  dashboard: '/dashboard',
} as const;

/** '/dashboard/{path}': where a dashboard screen lives in the browser. */
export const dashboardUrl = (path: DashboardPath): string => `${APP_ROUTES.dashboard}/${path}`;

/** The list screen of each transaction kind; its detail view lives under it ('/dashboard/transaction-va/{trctId}'). */
export const TRANSACTION_LIST_PATHS = {
  va: 'transaction-va',
  qris: 'transaction-qris',
} as const satisfies Record<TransactionKindKey, DashboardPath>;

/** Route pattern (under /dashboard) of a transaction's detail view. */
export const transactionDetailRoute = (kind: TransactionKindKey): string =>
  `${TRANSACTION_LIST_PATHS[kind]}/:trctId`;

/** '/dashboard/transaction-va/123': where one transaction's detail view lives. */
export const transactionDetailUrl = (kind: TransactionKindKey, trctId: number | string): string =>
  `${dashboardUrl(TRANSACTION_LIST_PATHS[kind])}/${encodeURIComponent(String(trctId))}`;

/** '/dashboard/reconciliation/breaks/12': one reconciliation break's detail page. */
export const reconBreakRoute = 'reconciliation/breaks/:rbrkId';
export const reconBreakUrl = (rbrkId: number | string): string =>
  `${dashboardUrl('reconciliation')}/breaks/${encodeURIComponent(String(rbrkId))}`;
