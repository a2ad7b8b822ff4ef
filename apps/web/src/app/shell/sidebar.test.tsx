import { screen, within } from '@testing-library/react';
import type { AccessMap } from '@tagih/contract';
import { describe, expect, it } from 'vitest';
import { renderUi } from '../../test/render.tsx';
import { Sidebar } from './sidebar.tsx';

function menuFor(access: AccessMap) {
  renderUi(<Sidebar access={access} open isMobile={false} onClose={() => {}} />);
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  return {
    links: within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label')),
    text: nav.textContent ?? '',
  };
}

describe('sidebar menu', () => {
  it('shows only Home without any read permission', () => {
    const menu = menuFor({ master_company: ['create'] });
    expect(menu.links).toEqual(['Home']);
    expect(menu.text).not.toContain('Transactions');
    expect(menu.text).not.toContain('Master');
  });

  it('shows entries whose area.read is granted, under their group header', () => {
    const menu = menuFor({
      dashboard_transactionqr: ['read'],
      master_company: ['read', 'update'],
      master_role: ['read'],
    });
    expect(menu.links).toEqual(['Home', 'Transaction BRI QRIS', 'Company', 'Client', 'Roles']);
    expect(menu.text).toContain('Transactions');
    expect(menu.text).toContain('Master');
    expect(menu.text).not.toContain('Notifications');
  });

  it('hides a group whose entries are all denied', () => {
    const menu = menuFor({ dashboard_notification: ['read'], dashboard_transactionva: ['create'] });
    expect(menu.links).toEqual(['Home', 'Notifications']);
    expect(menu.text).not.toContain('Transactions');
  });

  it('accepts the alias master_group_company for Company Group', () => {
    const menu = menuFor({ master_group_company: ['read'] });
    expect(menu.links).toEqual(['Home', 'Company Group Management']);
  });

  it('shows Audit Log with audit_log.read (a Superadmin by default)', () => {
    const menu = menuFor({
      audit_log: ['read'],
      dashboard_notification: ['read'],
      master_role: ['read'],
    });
    expect(menu.links).toEqual(['Home', 'Notifications', 'Audit Log', 'Roles']);
  });

  it('lists the whole menu in the spec order for a full access map', () => {
    const all = ['read'] as const;
    const menu = menuFor({
      dashboard_notification: [...all],
      dashboard_transactionva: [...all],
      dashboard_transactionqr: [...all],
      master_user: [...all],
      master_user_role: [...all],
      master_company: [...all],
      master_company_group: [...all],
      master_permission: [...all],
      master_role_permission: [...all],
      master_role: [...all],
    });
    expect(menu.links).toEqual([
      'Home',
      'Notifications',
      'Transaction VA',
      'Transaction BRI QRIS',
      'User Management',
      'User Company Management',
      'User Role',
      'Company',
      'Client',
      'Company Group Management',
      'Permission',
      'Role Permission',
      'Roles',
    ]);
  });

  it('groups entries in lists named by their headers, and keeps the folded rail out of the Tab order', () => {
    const access: AccessMap = { dashboard_transactionva: ['read'], master_role: ['read'] };
    const { unmount } = renderUi(
      <Sidebar access={access} open isMobile={false} onClose={() => {}} />,
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    const transactions = within(nav).getByRole('list', { name: 'Transactions' });
    expect(within(transactions).getAllByRole('listitem')).toHaveLength(1);
    expect(within(nav).getByRole('link', { name: 'Roles' })).not.toHaveAttribute('tabindex', '-1');
    unmount();
    renderUi(<Sidebar access={access} open={false} isMobile={false} onClose={() => {}} />);
    const rail = screen.getByRole('navigation', { name: 'Main menu' });
    for (const link of within(rail).getAllByRole('link'))
      expect(link).toHaveAttribute('tabindex', '-1');
  });
});
