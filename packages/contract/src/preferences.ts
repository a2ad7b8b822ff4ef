/**
 * A user's own table preferences on the monitoring screens: the columns they chose
 * (shown, in order) and their saved views (a name, the list's URL query, the columns). Each
 * signed-in user sees and changes only their own; the server checks the column names against
 * the screen's columns.
 */
import { z } from 'zod';
import { pathId } from './ids.ts';
import { PREFERENCE_LIMITS, PREFERENCE_SCREENS } from './preference-terms.ts';

export {
  PREFERENCE_LIMITS,
  PREFERENCE_SCREENS,
  choosableColumns,
  type PreferenceScreen,
} from './preference-terms.ts';

export const preferenceScreenParams = z.strictObject({ screen: z.enum(PREFERENCE_SCREENS) });
export const savedViewParams = z.strictObject({
  screen: z.enum(PREFERENCE_SCREENS),
  viewId: pathId(),
});

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
  query: z
    .string()
    .max(PREFERENCE_LIMITS.queryMax)
    .refine((q) => !q.startsWith('?') && !/[\s#]/.test(q), 'Query tidak valid'),
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
