/**
 * What a master screen says about itself; everything else is the generic master screen, and
 * what the contract says of the resource (access areas, uniqueness, toasts) is read from there.
 */
import {
  dashboardRoute,
  type DashboardPath,
  type MasterResourceDef,
  type ScreenResourceDef,
  type UniqueRule,
} from '@tagih/contract';
import type { ZodType } from 'zod';
import type { ListParams } from '../../api/get-list.ts';

export type Finds = NonNullable<ListParams['finds']>;
export type MasterRow = Record<string, unknown>;

/** One figure of the summary card: a count of the rows matching `finds`, or derived from the others. */
export type SummaryCount =
  | { label: string; finds?: Finds }
  | { label: string; derive: (counts: Record<string, number>) => number };

/** Who is looking at the screen, as far as the screen's rules need to know. */
export interface MasterViewer {
  /** Holds the Superadmin role (the status call's isSuperadmin). */
  isSuperadmin: boolean;
}

/** A filter of the 'Filter Data' dialog: free text, or a select over the field's options. */
export interface MasterFilter {
  field: string;
  label: string;
  kind: 'text' | 'select';
}

/** What a master screen's list says about itself: enough for a screen that only lists (Client). */
export interface MasterListConfig {
  resource: MasterResourceDef;
  /** Screen title and crumb; the short title is for the mobile layout. */
  title: string;
  shortTitle: string;
  searchPlaceholder: string;
  /** Defaults to the resource's searchable fields. */
  searchFields?: readonly string[];
  searchDebounceMs: number;
  summary: { title: string; counts: readonly SummaryCount[] };
  filters?: readonly MasterFilter[];
}

/** A master screen that adds, edits and deletes too. */
export interface MasterScreenConfig extends MasterListConfig {
  resource: ScreenResourceDef;
  createSchema: ZodType;
  updateSchema: ZodType;
  /** Values a new record starts with (e.g. a permission's default operations). */
  createDefaults?: MasterRow;
  /** Fields shown but not editable when editing (User ID). */
  readOnlyOnEdit?: readonly string[];
  /** Hints under inputs, by mode (e.g. 'Leave empty to keep the current password.'). */
  editHints?: Readonly<Record<string, string>>;
  /** Dialog width: 500, or 600 for the generic master form builder (spec §2). */
  formWidth?: number;
  /**
   * Least privilege: why this viewer may not edit or delete the row (Edit and Delete show
   * disabled with this as their tooltip), or null. The server refuses the same with 403.
   */
  protectedRow?: (row: MasterRow, viewer: MasterViewer) => string | null;
  /** Least privilege: select choices the form does not offer this viewer, by field. */
  withheldChoices?: (
    viewer: MasterViewer,
  ) => Readonly<Record<string, readonly (string | number)[]>>;
}

/** The uniqueness rules the form checks while typing (spec §5). */
export const lookupsOf = (resource: MasterResourceDef): UniqueRule[] =>
  (resource.unique ?? []).filter((rule) => rule.lookupWhileTyping);

/** A dashboard route's title and mobile title (navigation.ts), for the screen header. */
export function routeTitles(path: DashboardPath): { title: string; shortTitle: string } {
  const route = dashboardRoute(path);
  return { title: route?.title ?? path, shortTitle: route?.shortTitle ?? path };
}

/** 'Ringkasan' with 'Jumlah Data' (most master screens). */
export const COUNT_SUMMARY = { title: 'Ringkasan', counts: [{ label: 'Jumlah Data' }] } as const;
