/**
 * A resource is described once: its fields drive the server's whitelists, SQL columns and
 * `data.fields` metadata, and the web app's table columns, forms and filters.
 */
import type { FieldMeta } from './envelope.ts';
import type { Area } from './permissions.ts';

export type FieldType = 'string' | 'number' | 'date' | 'bool';
/**
 * What a number field's column holds, so that a filter value must fit it: 'integer' (PostgreSQL
 * integer, the default), 'bigint' (a whole number JavaScript holds exactly) or 'money' (rupiah
 * with at most 2 decimals, kept as bigint minor units). The ranges are list-query.ts's NUMBER_RANGES.
 */
export type NumberKind = 'integer' | 'bigint' | 'money';
export type InputKind =
  | 'text'
  | 'number'
  | 'password'
  | 'dropdown'
  | 'dropdown-api'
  | 'checkbox'
  | 'date'
  | 'operations'
  | 'none';

export interface FieldDef {
  name: string;
  label: string;
  type: FieldType;
  /** Number fields: the column's kind (default 'integer'). */
  numberKind?: NumberKind;
  /** How the form edits it; 'none' = not in forms (derived or audit fields). */
  input: InputKind;
  key?: boolean;
  /** For dropdown-api: the list path whose rows give the options (value = the PRI field). */
  optionsApiPath?: string;
  /** For dropdown: fixed options. */
  options?: readonly { value: string | number; label: string }[];
  sortable?: boolean;
  filterable?: boolean;
  searchable?: boolean;
  /** Hidden from the table by default. */
  hidden?: boolean;
  /** Not a stored column (computed by the server, e.g. a looked-up name): not filterable or sortable. */
  derived?: boolean;
  /** The input takes no more characters than this (the schema's own limit, e.g. 15 phone digits). */
  maxLength?: number;
}

export interface ResourceDef {
  /** API path under /api, e.g. '/master/company'. */
  path: string;
  /** Name used in dialog subtitles: 'Menambahkan data {entity} baru.' */
  entity: string;
  idField: string;
  fields: readonly FieldDef[];
  defaultOrder: { field: string; direction: 'asc' | 'desc' };
}

/** Which area's `read` lists a resource and whose create/update/delete change it. */
export interface ResourceAccess {
  read: Area;
  write: Area;
}

/**
 * A set of columns the database keeps unique (spec §5). A clash is reported on `field` as
 * '{label} has already been used'; `lookupWhileTyping` fields are also checked by the form
 * after a pause in typing, in `lookupPath`'s list when the value lives in another resource.
 */
export interface UniqueRule {
  columns: readonly string[];
  field: string;
  label: string;
  lookupWhileTyping?: boolean;
  lookupPath?: string;
}

/** The toasts of spec §8 for one master screen. */
export interface ResourceToasts {
  created: string;
  updated: string;
  saveFailed: string;
  deleted: string;
  deleteFailed: string;
}

/** A master-data resource (spec §3 "Master data"): who may touch it and what must stay unique. */
export interface MasterResourceDef extends ResourceDef {
  access: ResourceAccess;
  unique?: readonly UniqueRule[];
  /** Absent for resources that are only listed (clients, user logins). */
  toasts?: ResourceToasts;
}

/** A master resource with a screen of its own: it has the screen's toasts. */
export interface ScreenResourceDef extends MasterResourceDef {
  toasts: ResourceToasts;
}

export const isSortable = (f: FieldDef): boolean => !f.derived && f.sortable !== false;
export const isFilterable = (f: FieldDef): boolean => !f.derived && f.filterable !== false;

export function fieldOf(resource: ResourceDef, name: string): FieldDef | undefined {
  return resource.fields.find((f) => f.name === name);
}

/** `data.fields` metadata (spec §3) derived from the description. */
export function fieldMeta(resource: ResourceDef): FieldMeta[] {
  return resource.fields.map((f) => ({
    Field: f.name,
    Label: f.label,
    Type: f.type,
    Key: f.key ? 'PRI' : '',
    input: f.input,
    options_api_path: f.optionsApiPath ?? null,
  }));
}
