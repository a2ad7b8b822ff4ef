import { clientResource, SEARCH_DEBOUNCE_MS } from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterListConfig } from '../master-config.ts';

/** Client: listed only (spec §3), with each client's API access. */
export const clientsConfig: MasterListConfig = {
  resource: clientResource,
  ...routeTitles('client-management'),
  searchPlaceholder: 'Search Client Name..',
  searchFields: ['clntName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: COUNT_SUMMARY,
};
