import { can, DASHBOARD_ROUTES, type AccessMap, type DashboardRoute } from '@tagih/contract';

export interface MenuSection {
  group: DashboardRoute['group'];
  /** Group header; null for the top entries. */
  label: string | null;
  entries: DashboardRoute[];
}

const GROUP_LABELS: Record<DashboardRoute['group'], string | null> = {
  none: null,
  transactions: 'Transactions',
  master: 'Master',
};

/** Reached from the account menu in the top bar, not from the sidebar. */
const NOT_IN_SIDEBAR = new Set<string>(['manage-account']);

/**
 * The sidebar for an access map (spec §2): entries without an area (Home) always show,
 * others need area.read; a group shows only when one of its entries does.
 */
export function visibleMenu(access: AccessMap | undefined): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const route of DASHBOARD_ROUTES as readonly DashboardRoute[]) {
    if (NOT_IN_SIDEBAR.has(route.path)) continue;
    if (route.area !== null && !can(access, route.area, 'read')) continue;
    let section = sections.find((s) => s.group === route.group);
    if (!section) {
      section = { group: route.group, label: GROUP_LABELS[route.group], entries: [] };
      sections.push(section);
    }
    section.entries.push(route);
  }
  return sections;
}
