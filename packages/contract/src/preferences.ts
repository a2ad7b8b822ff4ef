/**
 * A user's own table preferences on the monitoring screens: the columns they chose
 * (shown, in order) and their saved views (a name, the list's URL query, the columns). Each
 * signed-in user sees and changes only their own; the server checks the column names against
 * the screen's columns.
 */
import { z } from 'zod';
import { pathId } from './ids.ts';
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

export const PREFERENCE_LIMITS = { viewNameMax: 60, queryMax: 1000, viewsPerScreen: 20, columnsMax: 30 } as const;

export const preferenceScreenParams = z.strictObject({ screen: z.enum(PREFERENCE_SCREENS) });
export const savedViewParams = z.strictObject({ screen: z.enum(PREFERENCE_SCREENS), viewId: pathId() });

const columnList = z
  .array(z.string().min(1).max(64))
  .min(1)
  .max(PREFERENCE_LIMITS.columnsMax)
  .refine((list) => new Set(list).size === list.length, 'Kolom tidak boleh berulang');

/** PUT: the shown columns in order. */
export const columnPreferenceBody = z.strictObject({ columns: columnList });
export type ColumnPreferenceBody = z.infer<typeof columnPreferenceBody>;

/** GET: the chosen columns, or null = the screen's default layout. */
export const columnPreferenceData = z.object({ columns: z.array(z.string()).nullable() });
export type ColumnPreference = z.infer<typeof columnPreferenceData>;

/** POST: a view; one with the same name on the same screen is replaced. */
export const savedViewBody = z.strictObject({
  name: z.string().trim().min(1).max(PREFERENCE_LIMITS.viewNameMax),
  /** The list's URL query without '?' (search-by, text, dates, filters, sort, page size). */
  query: z.string().max(PREFERENCE_LIMITS.queryMax).refine((q) => !q.startsWith('?') && !/[\s#]/.test(q), 'Query tidak valid'),
  columns: columnList.nullable(),
});
export type SavedViewBody = z.infer<typeof savedViewBody>;

export const savedViewSchema = z.object({
  id: z.number(),
  screen: z.enum(PREFERENCE_SCREENS),
  name: z.string(),
  query: z.string(),
  columns: z.array(z.string()).nullable(),
  updatedTime: z.string(),
});
export type SavedView = z.infer<typeof savedViewSchema>;
