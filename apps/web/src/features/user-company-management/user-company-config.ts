import {
  DIALOG_WIDTH,
  SEARCH_DEBOUNCE_MS,
  userCompanyCreateBody,
  userCompanyResource,
  userCompanyUpdateBody,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

/** Read with master_user.read (the route), written with master_user_company. */
export const userCompanyConfig: MasterScreenConfig = {
  resource: userCompanyResource,
  ...routeTitles('user-company-management'),
  area: 'master_user_company',
  createSchema: userCompanyCreateBody,
  updateSchema: userCompanyUpdateBody,
  searchPlaceholder: 'Search User ID..',
  searchFields: ['uscoUserId'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: COUNT_SUMMARY,
  filters: [{ field: 'uscoCompId', label: 'By Company', kind: 'select' }],
  formWidth: DIALOG_WIDTH.genericForm,
  texts: {
    created: 'User added successfully',
    updated: 'User updated successfully',
    saveFailed: 'Error saving user data',
    deleted: 'User Company deleted successfully',
    deleteFailed: 'Error deleting user company',
  },
};
