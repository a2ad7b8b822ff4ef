import {
  DIALOG_WIDTH,
  SEARCH_DEBOUNCE_MS,
  userCompanyCreateBody,
  userCompanyResource,
  userCompanyUpdateBody,
} from '@tagih/contract';
import { userChangeRefusal } from '../least-privilege.ts';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const userCompaniesConfig: MasterScreenConfig = {
  resource: userCompanyResource,
  ...routeTitles('user-company-management'),
  createSchema: userCompanyCreateBody,
  updateSchema: userCompanyUpdateBody,
  searchPlaceholder: 'Search User ID..',
  searchFields: ['uscoUserId'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'uscoCompId', label: 'By Company', kind: 'select' }],
  formWidth: DIALOG_WIDTH.genericForm,
  protectedRow: userChangeRefusal,
};
