/**
 * How a row of an options list is named in a dropdown: the Client list shows 'id - name'
 * (spec §3); other lists show their resource's first searchable field (group name, role name…).
 */
import {
  clientResource,
  companyGroupResource,
  companyResource,
  permissionResource,
  roleResource,
  userResource,
  type ResourceDef,
} from '@tagih/contract';

const OPTION_SOURCES: readonly ResourceDef[] = [
  clientResource,
  companyGroupResource,
  companyResource,
  permissionResource,
  roleResource,
  userResource,
];

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));

export function optionLabeller(
  path: string,
  keyField: string,
): (row: Record<string, unknown>) => string {
  if (path === clientResource.path) {
    return (row) => `${text(row[keyField])} - ${text(row.clntName)}`;
  }
  const resource = OPTION_SOURCES.find((r) => r.path.toLowerCase() === path.toLowerCase());
  const nameField = resource?.fields.find((f) => f.searchable)?.name ?? keyField;
  return (row) => text(row[nameField]) || text(row[keyField]);
}
