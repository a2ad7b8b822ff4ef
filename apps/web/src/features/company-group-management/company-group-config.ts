import {
  companyGroupCreateBody,
  companyGroupResource,
  companyGroupUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

export const companyGroupConfig: MasterScreenConfig = {
  resource: companyGroupResource,
  ...routeTitles('company-group-management'),
  area: 'master_company_group',
  createSchema: companyGroupCreateBody,
  updateSchema: companyGroupUpdateBody,
  searchPlaceholder: 'Search Company Group Name..',
  searchFields: ['grcpName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'grcpCity', label: 'By City', kind: 'text' }],
  unique: [{ field: 'grcpName', label: 'Company Group' }],
  texts: {
    created: 'Berhasil menambahkan company baru.',
    updated: 'Berhasil memperbarui company group data.',
    saveFailed: 'Gagal menyimpan companydata',
    deleted: 'Company Group deleted successfully',
    deleteFailed: 'Error deleting user',
  },
};
