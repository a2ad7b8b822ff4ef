import {
  SEARCH_DEBOUNCE_MS,
  userCreateBody,
  userLoginResource,
  userResource,
  userUpdateBody,
} from '@tagih/contract';
import { routeTitles, type MasterScreenConfig } from '../../components/master/master-config.ts';

/**
 * Users with their login: one POST /master/user carries userId, userStatus, usloUserName and
 * usloPassword; User ID is read-only on edit and an empty password keeps the old one.
 */
export const userConfig: MasterScreenConfig = {
  resource: userResource,
  ...routeTitles('user-management'),
  area: 'master_user',
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
  unique: [
    { field: 'userId', label: 'User ID' },
    { field: 'usloUserName', label: 'Username', path: userLoginResource.path },
  ],
  readOnlyOnEdit: ['userId'],
  editHints: { usloPassword: 'Leave empty to keep the current password.' },
  texts: {
    created: 'User added successfully',
    updated: 'Berhasil memperbarui user data.',
    saveFailed: 'Error saving user data (user)',
    deleted: 'User deleted successfully',
    deleteFailed: 'Error deleting user',
  },
};
