/** Which feature renders each dashboard route; loaded on first visit. */
import type { DashboardPath } from '@tagih/contract';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Screen = LazyExoticComponent<ComponentType>;

const screen = <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType): Screen =>
  lazy(async () => ({ default: pick(await load()) }));

export const SCREENS: Record<DashboardPath, Screen> = {
  home: screen(
    () => import('../features/home/home-screen.tsx'),
    (m) => m.HomeScreen,
  ),
  'manage-account': screen(
    () => import('../features/manage-account/manage-account-screen.tsx'),
    (m) => m.ManageAccountScreen,
  ),
  notifications: screen(
    () => import('../features/notifications/notifications-screen.tsx'),
    (m) => m.NotificationsScreen,
  ),
  'transaction-va': screen(
    () => import('../features/transaction-va/transaction-va-screen.tsx'),
    (m) => m.TransactionVaScreen,
  ),
  'transaction-qris': screen(
    () => import('../features/transaction-qris/transaction-qris-screen.tsx'),
    (m) => m.TransactionQrisScreen,
  ),
  'user-management': screen(
    () => import('../features/user-management/user-management-screen.tsx'),
    (m) => m.UserManagementScreen,
  ),
  'user-company-management': screen(
    () => import('../features/user-company-management/user-company-management-screen.tsx'),
    (m) => m.UserCompanyManagementScreen,
  ),
  'user-role-management': screen(
    () => import('../features/user-role-management/user-role-management-screen.tsx'),
    (m) => m.UserRoleManagementScreen,
  ),
  'company-management': screen(
    () => import('../features/company-management/company-management-screen.tsx'),
    (m) => m.CompanyManagementScreen,
  ),
  'company-group-management': screen(
    () => import('../features/company-group-management/company-group-management-screen.tsx'),
    (m) => m.CompanyGroupManagementScreen,
  ),
  'permission-management': screen(
    () => import('../features/permission-management/permission-management-screen.tsx'),
    (m) => m.PermissionManagementScreen,
  ),
  'role-permission-management': screen(
    () => import('../features/role-permission-management/role-permission-management-screen.tsx'),
    (m) => m.RolePermissionManagementScreen,
  ),
  'roles-management': screen(
    () => import('../features/roles-management/roles-management-screen.tsx'),
    (m) => m.RolesManagementScreen,
  ),
};
