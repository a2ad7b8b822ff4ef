import { SEARCH_DEBOUNCE_MS, userCreateBody, userResource, userUpdateBody } from '@tagih/contract';
import { protectUser } from '../least-privilege.ts';
import { routeTitles, type MasterScreenConfig } from '../master-config.ts';

/**
 * Users with their login: one POST /master/user carries userId, userStatus, usloUserName and
 * usloPassword; User ID is read-only on edit and an empty password keeps the old one.
 */
export const usersConfig: MasterScreenConfig = {
  resource: userResource,
  ...routeTitles('user-management'),
  createSchema: userCreateBody,
  updateSchema: userUpdateBody,
  searchPlaceholder: 'Search User ID..',
  searchFields: ['userId'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.default,
  summary: {
    title: 'Ringkasan',
    counts: [{ label: 'Jumlah User' }, { label: 'User Aktif', finds: { userStatus: 1 } }],
  },
  filters: [{ field: 'userStatus', label: 'By Status', kind: 'select' }],
  readOnlyOnEdit: ['userId'],
  editHints: { usloPassword: 'Leave empty to keep the current password.' },
  protectedRow: protectUser,
};
