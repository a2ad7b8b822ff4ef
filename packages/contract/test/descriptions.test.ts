import { describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AREAS,
  DASHBOARD_ROUTES,
  TRANSACTION_KINDS,
  TRX_STATUS,
  actionAllowed,
  clientResource,
  companyGroupResource,
  companyResource,
  dashboardUrl,
  fillPath,
  permissionResource,
  roleResource,
  rolePermissionResource,
  transactionPaths,
  transactionStatusLabel,
  userCompanyResource,
  userLoginResource,
  userResource,
  userRoleResource,
  type MasterResourceDef,
} from '../src/index.ts';

const MASTER: readonly MasterResourceDef[] = [
  userResource,
  userLoginResource,
  userRoleResource,
  userCompanyResource,
  companyResource,
  companyGroupResource,
  clientResource,
  permissionResource,
  rolePermissionResource,
  roleResource,
];

describe('master resource descriptions', () => {
  it.each(MASTER.map((r) => [r.path, r] as const))(
    '%s names real areas and unique rules over its own fields',
    (_, resource) => {
      expect(AREAS).toContain(resource.access.read);
      expect(AREAS).toContain(resource.access.write);
      for (const rule of resource.unique ?? []) {
        expect(resource.fields.map((f) => f.name)).toContain(rule.field);
        expect(rule.columns.length).toBeGreaterThan(0);
        expect(rule.label).not.toBe('');
      }
    },
  );

  it('gives every editable resource the five toasts of its screen', () => {
    for (const resource of MASTER.filter((r) => r !== clientResource && r !== userLoginResource)) {
      expect(Object.keys(resource.toasts ?? {}).sort()).toEqual([
        'created',
        'deleteFailed',
        'deleted',
        'saveFailed',
        'updated',
      ]);
    }
    expect(companyResource.toasts?.saveFailed).toBe('Gagal menyimpan companydata');
  });

  it('gates each master screen with its resource read area, User Company by master_user', () => {
    const areaOf = (path: string) => DASHBOARD_ROUTES.find((r) => r.path === path)?.area;
    expect(areaOf('company-management')).toBe(companyResource.access.read);
    expect(areaOf('user-company-management')).toBe('master_user');
    expect(userCompanyResource.access.write).toBe('master_user_company');
    expect(areaOf('transaction-qris')).toBe(TRANSACTION_KINDS.qris.area);
  });

  it('looks up while typing only the fields spec §5 names', () => {
    const typed = MASTER.flatMap((r) =>
      (r.unique ?? []).filter((u) => u.lookupWhileTyping).map((u) => u.label),
    );
    expect(typed.sort()).toEqual(['Company Group', 'Company Name', 'User ID', 'Username']);
  });
});

describe('transaction status rules', () => {
  it('allows Inquiry only on unpaid and Notif only on paid transactions', () => {
    const statuses = [TRX_STATUS.UNPAID, TRX_STATUS.PAID, TRX_STATUS.EXPIRED];
    expect(statuses.map((s) => actionAllowed('inquiry', s))).toEqual([true, false, false]);
    expect(statuses.map((s) => actionAllowed('resend', s))).toEqual([false, true, false]);
    expect(actionAllowed('inquiry', undefined)).toBe(false);
    expect(actionAllowed('resend', null)).toBe(false);
  });

  it('names each status in Indonesian and nothing else', () => {
    expect(transactionStatusLabel(TRX_STATUS.PAID)).toBe('Lunas');
    expect(transactionStatusLabel('99')).toBe('');
  });
});

describe('API paths', () => {
  it('fills path parameters, encoded', () => {
    expect(fillPath(API_PATHS.auth.setCompany, { compId: 7 })).toBe(
      '/security/Authentication/SetCompany/7',
    );
    expect(fillPath(transactionPaths(TRANSACTION_KINDS.va).inquiry, { trctId: 12 })).toBe(
      '/dashboard/transactionVa/inquiry_status/12',
    );
    expect(fillPath('/master/user/:id', { id: 'a b/c' })).toBe('/master/user/a%20b%2Fc');
  });

  it('refuses a template whose parameter has no value', () => {
    expect(() => fillPath('/x/:id', {} as { id: string })).toThrow(/:id/);
  });

  it('puts dashboard screens under /dashboard', () => {
    expect(dashboardUrl('home')).toBe('/dashboard/home');
  });
});
