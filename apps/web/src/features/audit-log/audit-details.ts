/**
 * Reading an event's details: a master change holds `{ before, after }` of the changed fields
 * (only `after` for a create, only `before` for a delete); anything else is the action's own
 * key/values.
 */
import {
  AUDIT_REDACTED,
  auditResource,
  clientResource,
  companyGroupResource,
  companyResource,
  permissionResource,
  rolePermissionResource,
  roleResource,
  userCompanyResource,
  userLoginResource,
  userResource,
  userRoleResource,
  type ResourceDef,
} from '@tagih/contract';

/** How the server writes a secret's value in the trail (a password change shows, its value never). */
export const REDACTED = AUDIT_REDACTED;

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field name → label over every audited resource (field names are unique across them). */
const LABELS: ReadonlyMap<string, string> = new Map(
  (
    [
      userResource,
      userLoginResource,
      userRoleResource,
      userCompanyResource,
      companyResource,
      companyGroupResource,
      clientResource,
      roleResource,
      permissionResource,
      rolePermissionResource,
      auditResource,
    ] as readonly ResourceDef[]
  ).flatMap((resource) => resource.fields.map((f) => [f.name, f.label] as const)),
);

/** 'Status' for userStatus; the name itself when no resource knows it. */
export const fieldLabel = (name: string): string => LABELS.get(name) ?? name;

export interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
  /** False only when both sides are there and equal (a redacted secret on both sides did change). */
  changed: boolean;
}

export interface SplitDetails {
  /** The before/after table; null when the details hold no change. */
  changes: ChangeRow[] | null;
  /** The other keys, in order. */
  others: [string, unknown][];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function splitDetails(details: Fields | null | undefined): SplitDetails {
  const all = isFields(details) ? details : {};
  const before = isFields(all.before) ? all.before : null;
  const after = isFields(all.after) ? all.after : null;
  if (!before && !after) return { changes: null, others: Object.entries(all) };
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const changes = fields.map((field) => {
    const was = before?.[field];
    const now = after?.[field];
    const secret = was === REDACTED && now === REDACTED;
    return {
      field,
      before: was,
      after: now,
      changed: !before || !after || secret || !same(was, now),
    };
  });
  return {
    changes,
    others: Object.entries(all).filter(([key]) => key !== 'before' && key !== 'after'),
  };
}
