/** What a master screen says about itself; everything else is the generic master screen. */
import { dashboardRoute, type Area, type DashboardPath, type ResourceDef } from '@tagih/contract';
import type { ZodType } from 'zod';
import type { ListParams } from '../../api/get-list.ts';
import type { NumberRules } from '../form-fields/number-value.ts';

export type Finds = NonNullable<ListParams['finds']>;
export type MasterRow = Record<string, unknown>;

/** The toasts of spec §8 for one screen. */
export interface MasterTexts {
  created: string;
  updated: string;
  saveFailed: string;
  deleted: string;
  deleteFailed: string;
}

/** One figure of the summary card: a count of the rows matching `finds`, or derived from the others. */
export type SummaryCount =
  | { label: string; finds?: Finds }
  | { label: string; derive: (counts: Record<string, number>) => number };

/** A filter of the 'Filter Data' dialog: free text, or a select over the field's options. */
export interface MasterFilter {
  field: string;
  label: string;
  kind: 'text' | 'select';
}

/** A uniqueness look-up (spec §5): `label` makes '{label} has already been used'. */
export interface UniqueCheck {
  field: string;
  label: string;
  /** Where to look, when not the screen's own list (usernames live in /master/User_Login). */
  path?: string;
}

export interface MasterScreenConfig {
  resource: ResourceDef;
  /** Screen title and crumb; the short title is for the mobile layout. */
  title: string;
  shortTitle: string;
  /** The area whose create/update/delete gate Add, Edit and Delete. */
  area: Area;
  createSchema: ZodType;
  updateSchema: ZodType;
  searchPlaceholder: string;
  /** Defaults to the resource's searchable fields. */
  searchFields?: readonly string[];
  searchDebounceMs: number;
  summary: { title: string; counts: readonly SummaryCount[] };
  filters?: readonly MasterFilter[];
  unique?: readonly UniqueCheck[];
  texts: MasterTexts;
  /** Values a new record starts with (e.g. a permission's default operations). */
  createDefaults?: MasterRow;
  /** Fields shown but not editable when editing (User ID). */
  readOnlyOnEdit?: readonly string[];
  /** Hints under inputs, by mode (e.g. 'Leave empty to keep the current password.'). */
  editHints?: Readonly<Record<string, string>>;
  numberRules?: Readonly<Record<string, NumberRules>>;
  /** Dialog width: 500, or 600 for the generic master form builder (spec §2). */
  formWidth?: number;
  /** Table columns hidden besides the resource's hidden fields. */
  hiddenColumns?: readonly string[];
}

/** A dashboard route's title and mobile title (navigation.ts), for the screen header. */
export function routeTitles(path: DashboardPath): { title: string; shortTitle: string } {
  const route = dashboardRoute(path);
  return { title: route?.title ?? path, shortTitle: route?.shortTitle ?? path };
}

/** 'Ringkasan' with 'Jumlah Data' (most master screens). */
export const COUNT_SUMMARY = { title: 'Ringkasan', counts: [{ label: 'Jumlah Data' }] } as const;
