/**
 * Least privilege on the master screens: the web app does not offer what the server would
 * refuse the viewer (it answers 403 with these same messages).
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

/**
 * Why the server would refuse this viewer a change to the row's user: it lists each user's rows
 * (User, User Role, User Company) with `protectedReason`, from the rule it enforces (a Superadmin
 * user, or one who holds a permission the viewer does not), or null.
 */
export const userChangeRefusal = (row: MasterRow): string | null =>
  typeof row.protectedReason === 'string' && row.protectedReason ? row.protectedReason : null;

/** The first reason any of the rules gives, or null. */
const firstReason =
  (...rules: ((row: MasterRow, viewer: MasterViewer) => string | null)[]) =>
  (row: MasterRow, viewer: MasterViewer): string | null =>
    rules.reduce<string | null>((reason, rule) => reason ?? rule(row, viewer), null);

/** User Management: a user who holds the Superadmin role (the server fills userIsSuperadmin), or a stronger one. */
export const protectUser = firstReason(
  userChangeRefusal,
  protectFromNonSuperadmin(
    (row) => row.userIsSuperadmin === true,
    MESSAGES.onlySuperadminChangesSuperadmin,
  ),
);

/** User Role: a link that grants the Superadmin role, or of a user stronger than the viewer. */
export const protectRoleLink = firstReason(
  userChangeRefusal,
  protectFromNonSuperadmin(
    (row) => isSuperadminRole(row.usroRoleId),
    MESSAGES.onlySuperadminChangesSuperadmin,
  ),
);

/** Permission: what a permission allows caps every role's grant of it; only a Superadmin edits or deletes one. */
export const protectPermission = protectFromNonSuperadmin(
  () => true,
  MESSAGES.onlySuperadminChangesPermissions,
);

/** Role Permission: the permissions of the Superadmin role. */
export const protectSuperadminRolePermission = protectFromNonSuperadmin(
  (row) => isSuperadminRole(row.rperRoleId),
  MESSAGES.onlySuperadminChangesSuperadminRole,
);
