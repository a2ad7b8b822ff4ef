import {
  DEFAULT_PERMISSION_OPERATIONS,
  DIALOG_WIDTH,
  permissionCreateBody,
  permissionResource,
  permissionUpdateBody,
  SEARCH_DEBOUNCE_MS,
} from '@tagih/contract';
import { protectPermission } from '../least-privilege.ts';
import { COUNT_SUMMARY, routeTitles, type MasterScreenConfig } from '../master-config.ts';

export const permissionsConfig: MasterScreenConfig = {
  resource: permissionResource,
  ...routeTitles('permission-management'),
  createSchema: permissionCreateBody,
  updateSchema: permissionUpdateBody,
  searchPlaceholder: 'Search Permission Name..',
  searchFields: ['prmsName'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: COUNT_SUMMARY,
  createDefaults: { prmsOperations: DEFAULT_PERMISSION_OPERATIONS },
  formWidth: DIALOG_WIDTH.genericForm,
  protectedRow: protectPermission,
};
