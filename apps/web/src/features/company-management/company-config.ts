import { companyCreateBody, companyResource, companyUpdateBody, SEARCH_DEBOUNCE_MS } from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

export const companyConfig: MasterScreenConfig = {
  resource: companyResource,
  ...routeTitles('company-management'),
  area: 'master_company',
  createSchema: companyCreateBody,
  updateSchema: companyUpdateBody,
  searchPlaceholder: 'Search Company Name..',
  searchFields: ['compName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: COUNT_SUMMARY,
  filters: [
    { field: 'compGrcpId', label: 'By Company Group', kind: 'select' },
    { field: 'compStatus', label: 'By Status', kind: 'select' },
  ],
  unique: [{ field: 'compName', label: 'Company Name' }],
  texts: {
    created: 'Berhasil menambahkan company baru.',
    updated: 'Berhasil memperbarui company data.',
    saveFailed: 'Gagal menyimpan companydata',
    deleted: 'Company deleted successfully',
    deleteFailed: 'Error deleting user',
  },
};
