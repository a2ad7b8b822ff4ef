/**
 * Which feature renders each dashboard route (the paths of DASHBOARD_ROUTES); a feature's
 * code loads on the first visit to one of its screens. The route's loader starts that download
 * (routes.tsx), beside the dashboard layout's and the status call, so no chunk waits on another;
 * the no-access view (RequireRead) never waits for it.
 */
import type { DashboardPath } from '@tagih/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A screen: rendered lazily, and `preload` starts its download early (the route's loader). */
export type Screen = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen => {
  let loading: Promise<M> | undefined;
  // A failed download is forgotten, so that the next visit tries again.
  const preload = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(
    lazy(async () => ({ default: pick(await preload()) })),
    { preload },
  );
};

const home = () => import('../features/home/home-screen.tsx');
const manageAccount = () => import('../features/manage-account/manage-account-screen.tsx');
const notifications = () => import('../features/notifications/notifications-screen.tsx');
const transactions = () => import('../features/transactions/transaction-screens.tsx');
const masterData = () => import('../features/master-data/master-data-screens.tsx');
const auditLog = () => import('../features/audit-log/audit-log-screen.tsx');
const reconciliation = () => import('../features/reconciliation/reconciliation-screen.tsx');

export const SCREENS: Record<DashboardPath, Screen> = {
  home: screen(home, (m) => m.HomeScreen),
  'manage-account': screen(manageAccount, (m) => m.ManageAccountScreen),
  notifications: screen(notifications, (m) => m.NotificationsScreen),
  'transaction-va': screen(transactions, (m) => m.TransactionVaScreen),
  'transaction-qris': screen(transactions, (m) => m.TransactionQrisScreen),
  'user-management': screen(masterData, (m) => m.UsersScreen),
  'user-company-management': screen(masterData, (m) => m.UserCompaniesScreen),
  'user-role-management': screen(masterData, (m) => m.UserRolesScreen),
  'company-management': screen(masterData, (m) => m.CompaniesScreen),
  'client-management': screen(masterData, (m) => m.ClientsScreen),
  'company-group-management': screen(masterData, (m) => m.CompanyGroupsScreen),
  'permission-management': screen(masterData, (m) => m.PermissionsScreen),
  'role-permission-management': screen(masterData, (m) => m.RolePermissionsScreen),
  'roles-management': screen(masterData, (m) => m.RolesScreen),
  'audit-log': screen(auditLog, (m) => m.AuditLogScreen),
  reconciliation: screen(reconciliation, (m) => m.ReconciliationScreen),
};
