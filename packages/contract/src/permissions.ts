/** Areas and actions of spec §6, and which route and menu entry each gates. */

export const ACTIONS = ['read', 'create', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

export const AREAS = [
  'dashboard_notification',
  'dashboard_transactionva',
  'dashboard_transactionqr',
  'master_user',
  'master_user_company',
  'master_user_role',
  'master_company',
  'master_company_group',
  'master_permission',
  'master_role_permission',
  'master_role',
  'audit_log',
  'master_client_api',
  'master_bank_account',
  'reconciliation',
] as const;
export type Area = (typeof AREAS)[number];

/** The spec names one area twice; both spellings mean the same thing. */
export const AREA_ALIASES: Readonly<Record<string, Area>> = {
  master_group_company: 'master_company_group',
};

export function canonicalArea(name: string): string {
  return AREA_ALIASES[name] ?? name;
}

/** area -> allowed actions, as the status call returns it. */
export type AccessMap = Record<string, Action[]>;

export interface Permission {
  area: Area;
  action: Action;
}

export const permission = (area: Area, action: Action): Permission => ({ area, action });

export function isAction(value: unknown): value is Action {
  return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value);
}

/** True when the access map grants `action` on `area` (either spelling of an aliased area). */
export function can(access: AccessMap | undefined | null, area: Area, action: Action): boolean {
  if (!access) return false;
  for (const [name, actions] of Object.entries(access)) {
    if (canonicalArea(name) === area && actions.includes(action)) return true;
  }
  return false;
}

/**
 * Merges grants into one access map: the union of actions per area, with aliased areas
 * listed under both spellings so that clients using either name see the same grants.
 */
export function mergeAccess(
  grants: Iterable<{ area: string; actions: readonly string[] }>,
): AccessMap {
  const merged = new Map<string, Set<Action>>();
  for (const grant of grants) {
    const area = canonicalArea(grant.area);
    const set = merged.get(area) ?? new Set<Action>();
    for (const action of grant.actions) if (isAction(action)) set.add(action);
    merged.set(area, set);
  }
  const access: AccessMap = {};
  for (const [area, set] of merged) {
    if (set.size === 0) continue;
    const actions = ACTIONS.filter((a) => set.has(a));
    access[area] = actions;
    for (const [alias, target] of Object.entries(AREA_ALIASES)) {
      if (target === area) access[alias] = [...actions];
    }
  }
  return access;
}

export const ROLE_LABELS: Readonly<Record<number, string>> = {
  1: 'Superadmin',
  2: 'Admin',
  3: 'Staff',
};
export const SUPERADMIN_ROLE_ID = 1;
