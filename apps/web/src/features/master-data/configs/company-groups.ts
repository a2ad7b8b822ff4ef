import {
  companyGroupCreateBody,
  companyGroupResource,
  companyGroupUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const companyGroupsConfig: MasterScreenConfig = {
  resource: companyGroupResource,
  ...routeTitles('company-group-management'),
  createSchema: companyGroupCreateBody,
  updateSchema: companyGroupUpdateBody,
  searchPlaceholder: 'Search Company Group Name..',
  searchFields: ['grcpName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'grcpCity', label: 'By City', kind: 'text' }],
};
