/**
 * Least privilege on the master screens: the web app does not offer what the server would
 * refuse a user who is not a Superadmin (it answers 403 with these same messages).
 */
import { MESSAGES, SUPERADMIN_ROLE_ID } from '@tagih/contract';
import type { MasterRow, MasterScreenConfig, MasterViewer } from './master-config.ts';

const isSuperadminRole = (value: unknown) => Number(value) === SUPERADMIN_ROLE_ID;

/** The Superadmin role is not among `field`'s choices unless the viewer is a Superadmin. */
export const withholdSuperadminRole =
  (field: string): NonNullable<MasterScreenConfig['withheldChoices']> =>
  (viewer: MasterViewer) =>
    viewer.isSuperadmin ? {} : { [field]: [SUPERADMIN_ROLE_ID] };

/** Rows a viewer who is not a Superadmin may not edit or delete, with the reason. */
function protectFromNonSuperadmin(isProtected: (row: MasterRow) => boolean, reason: string) {
  return (row: MasterRow, viewer: MasterViewer): string | null =>
    !viewer.isSuperadmin && isProtected(row) ? reason : null;
}

/** User Management: a user who holds the Superadmin role (the server fills userIsSuperadmin). */
export const protectSuperadminUser = protectFromNonSuperadmin(
  (row) => row.userIsSuperadmin === true,
  MESSAGES.onlySuperadminChangesSuperadmin,
);

/** User Role: a link that grants the Superadmin role. */
export const protectSuperadminLink = protectFromNonSuperadmin(
  (row) => isSuperadminRole(row.usroRoleId),
  MESSAGES.onlySuperadminChangesSuperadmin,
);

/** Role Permission: the permissions of the Superadmin role. */
export const protectSuperadminRolePermission = protectFromNonSuperadmin(
  (row) => isSuperadminRole(row.rperRoleId),
  MESSAGES.onlySuperadminChangesSuperadminRole,
);
