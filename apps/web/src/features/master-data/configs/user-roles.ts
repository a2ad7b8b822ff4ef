import {
  DIALOG_WIDTH,
  ROLE_LABELS,
  SEARCH_DEBOUNCE_MS,
  userRoleCreateBody,
  userRoleResource,
  userRoleUpdateBody,
} from '@tagih/contract';
import { protectRoleLink, withholdSuperadminRole } from '../least-privilege.ts';
import { routeTitles, type MasterScreenConfig } from '../master-config.ts';

const TOTAL = 'Jumlah Data';
const NAMED_ROLES = [1, 2, 3] as const;

export const userRolesConfig: MasterScreenConfig = {
  resource: userRoleResource,
  ...routeTitles('user-role-management'),
  createSchema: userRoleCreateBody,
  updateSchema: userRoleUpdateBody,
  searchPlaceholder: 'Search User ID..',
  searchFields: ['usroUserId'],
  searchDebounceMs: SEARCH_DEBOUNCE_MS.slow,
  summary: {
    title: 'Ringkasan',
    counts: [
      ...NAMED_ROLES.map((id) => ({ label: ROLE_LABELS[id]!, finds: { usroRoleId: id } })),
      {
        label: 'Lainnya',
        derive: (counts) =>
          (counts[TOTAL] ?? 0) -
          NAMED_ROLES.reduce((sum, id) => sum + (counts[ROLE_LABELS[id]!] ?? 0), 0),
      },
      { label: TOTAL },
    ],
  },
  filters: [{ field: 'usroRoleId', label: 'By Role', kind: 'select' }],
  formWidth: DIALOG_WIDTH.genericForm,
  // Only a Superadmin grants the Superadmin role or changes a link that grants it; nobody changes a stronger user's links.
  withheldChoices: withholdSuperadminRole('usroRoleId'),
  protectedRow: protectRoleLink,
};
