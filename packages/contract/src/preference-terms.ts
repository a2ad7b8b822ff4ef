/**
 * A user's own table preferences on the monitoring screens: the columns they chose
 * (shown, in order) and their saved views (a name, the list's URL query, the columns). Each
 * signed-in user sees and changes only their own; the server checks the column names against
 * the screen's columns.
 *
 * The plain terms (no zod), so a screen that only needs them loads no schema library; the wire
 * schemas are in preferences.ts.
 */
import { notificationResource } from './monitoring/notification-resource.ts';
import { TRANSACTION_KINDS } from './monitoring/transaction-kinds.ts';
import type { ResourceDef } from './resource.ts';

/** The screens with preferences, by their route path. */
export const PREFERENCE_SCREENS = ['transaction-va', 'transaction-qris', 'notifications'] as const;
export type PreferenceScreen = (typeof PREFERENCE_SCREENS)[number];

const SCREEN_RESOURCES: Readonly<Record<PreferenceScreen, ResourceDef>> = {
  'transaction-va': TRANSACTION_KINDS.va.resource,
  'transaction-qris': TRANSACTION_KINDS.qris.resource,
  notifications: notificationResource,
};

/** The columns a user may choose on a screen: the table's columns (the actions are always shown). */
export function choosableColumns(screen: PreferenceScreen): readonly string[] {
  return SCREEN_RESOURCES[screen].fields.filter((f) => !f.hidden).map((f) => f.name);
}

export const PREFERENCE_LIMITS = {
  viewNameMax: 60,
  queryMax: 1000,
  viewsPerScreen: 20,
  columnsMax: 30,
} as const;
