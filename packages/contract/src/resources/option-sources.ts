/**
 * Lists that feed a dropdown (a field's `optionsApiPath`): how one of their rows is named in
 * the dropdown, and what to say when the list cannot be loaded (spec §3, §8).
 */
import { MESSAGES, loadFailed } from '../messages.ts';
import type { ResourceDef } from '../resource.ts';
import { clientResource } from './client.ts';
import { companyGroupResource } from './company-group.ts';
import { companyResource } from './company.ts';
import { permissionResource } from './permission.ts';
import { roleResource } from './role.ts';
import { userResource } from './user.ts';

const OPTION_SOURCES: readonly ResourceDef[] = [
  clientResource,
  companyGroupResource,
  companyResource,
  permissionResource,
  roleResource,
  userResource,
];

const sourceOf = (path: string): ResourceDef | undefined =>
  OPTION_SOURCES.find((r) => r.path.toLowerCase() === path.toLowerCase());
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

/** Clients read 'id - name'; other rows their resource's first searchable field (group name, role name…). */
export function optionLabeller(
  path: string,
  keyField: string,
): (row: Record<string, unknown>) => string {
  if (path === clientResource.path)
    return (row) => `${text(row[keyField])} - ${text(row.clntName)}`;
  const nameField = sourceOf(path)?.fields.find((f) => f.searchable)?.name ?? keyField;
  return (row) => text(row[nameField]) || text(row[keyField]);
}

/** 'Gagal fetch company.' for companies, 'Gagal mendapatkan {label} data' otherwise. */
export const optionsLoadFailedMessage = (path: string, label: string): string =>
  sourceOf(path) === companyResource ? MESSAGES.companyFetchFailed : loadFailed(label);
