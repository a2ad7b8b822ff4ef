import {
  DIALOG_WIDTH,
  roleCreateBody,
  roleResource,
  roleUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const rolesConfig: MasterScreenConfig = {
  resource: roleResource,
  ...routeTitles('roles-management'),
  createSchema: roleCreateBody,
  updateSchema: roleUpdateBody,
  searchPlaceholder: 'Search Role Name..',
  searchFields: ['roleName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: COUNT_SUMMARY,
  formWidth: DIALOG_WIDTH.genericForm,
};
