import {
  DIALOG_WIDTH,
  rolePermissionCreateBody,
  rolePermissionResource,
  rolePermissionUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

export const rolePermissionConfig: MasterScreenConfig = {
  resource: rolePermissionResource,
  ...routeTitles('role-permission-management'),
  area: 'master_role_permission',
  createSchema: rolePermissionCreateBody,
  updateSchema: rolePermissionUpdateBody,
  searchPlaceholder: 'Search Role or Permission Name..',
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'rperRoleId', label: 'By Role', kind: 'select' }],
  formWidth: DIALOG_WIDTH.genericForm,
  texts: {
    created: 'Berhasil menambahkan role permission.',
    updated: 'Berhasil memperbarui role permission.',
    saveFailed: 'Gagal menyimpan permission.',
    deleted: 'Role permission deleted successfully',
    deleteFailed: 'Error deleting user roles',
  },
};
