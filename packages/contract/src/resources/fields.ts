/** Field-list pieces that every master resource shares. */
import type { FieldDef } from '../resource.ts';

/** The primary key: a number, never edited in forms. */
export const idField = (name: string, label = 'ID'): FieldDef => ({
  name,
  label,
  type: 'number',
  input: 'none',
  key: true,
});

/**
 * The four audit fields (…CreatedTime, …CreatedUserId, …UpdatedTime, …UpdatedUserId): set by the
 * server, never in forms; hidden from the table unless named in `shown`.
 */
export function auditFields(
  prefix: string,
  shown: readonly ('UpdatedTime' | 'CreatedTime')[] = [],
): FieldDef[] {
  const field = (suffix: string, label: string, type: 'date' | 'string'): FieldDef => ({
    name: `${prefix}${suffix}`,
    label,
    type,
    input: 'none',
    hidden: !(shown as readonly string[]).includes(suffix),
  });
  return [
    field('CreatedTime', 'Created Time', 'date'),
    field('CreatedUserId', 'Created By', 'string'),
    field('UpdatedTime', 'Updated Time', 'date'),
    field('UpdatedUserId', 'Updated By', 'string'),
  ];
}

export const ACTIVE_OPTIONS = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
] as const;

export const USER_STATUS_OPTIONS = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Not Active' },
] as const;
