import { DIALOG_WIDTH, roleCreateBody, roleResource, roleUpdateBody, SEARCH_DEBOUNCE_MS } from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

export const rolesConfig: MasterScreenConfig = {
  resource: roleResource,
  ...routeTitles('roles-management'),
  area: 'master_role',
  createSchema: roleCreateBody,
  updateSchema: roleUpdateBody,
  searchPlaceholder: 'Search Role Name..',
  searchFields: ['roleName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  formWidth: DIALOG_WIDTH.genericForm,
  texts: {
    created: 'Berhasil menambahkan role baru.',
    updated: 'Berhasil memperbarui role data.',
    saveFailed: 'Gagal menyimpan companydata',
    deleted: 'Roles deleted successfully',
    deleteFailed: 'Error deleting Roles',
  },
};
