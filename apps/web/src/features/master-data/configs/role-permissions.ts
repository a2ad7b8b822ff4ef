import {
  DIALOG_WIDTH,
  rolePermissionCreateBody,
  rolePermissionResource,
  rolePermissionUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { protectSuperadminRolePermission, withholdSuperadminRole } from '../least-privilege.ts';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const rolePermissionsConfig: MasterScreenConfig = {
  resource: rolePermissionResource,
  ...routeTitles('role-permission-management'),
  createSchema: rolePermissionCreateBody,
  updateSchema: rolePermissionUpdateBody,
  searchPlaceholder: 'Search Role or Permission Name..',
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'rperRoleId', label: 'By Role', kind: 'select' }],
  formWidth: DIALOG_WIDTH.genericForm,
  // Only a Superadmin changes the permissions of the Superadmin role.
  withheldChoices: withholdSuperadminRole('rperRoleId'),
  protectedRow: protectSuperadminRolePermission,
};
