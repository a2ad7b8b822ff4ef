import {
  companyCreateBody,
  companyResource,
  companyUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const companiesConfig: MasterScreenConfig = {
  resource: companyResource,
  ...routeTitles('company-management'),
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
};
