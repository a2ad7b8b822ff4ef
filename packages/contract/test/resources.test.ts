import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  companyCreateBody,
  companyGroupCreateBody,
  companyGroupUpdateBody,
  companyResource,
  fieldMeta,
  permissionCreateBody,
  roleCreateBody,
  rolePermissionCreateBody,
  userCompanyCreateBody,
  userCreateBody,
  userLoginCreateBody,
  userLoginUpdateBody,
  userResource,
  userRoleCreateBody,
  userUpdateBody,
} from '../src/index.ts';

/** field -> first message, as the server reports them. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') for (const k of issue.keys) errors[k] = 'unknown';
    else errors[issue.path.join('.') || '_'] ??= issue.message;
  }
  return errors;
}

const GROUP = {
  grcpName: 'Mega Niaga Group',
  grcpNickName: 'MNG',
  grcpAddress: 'Jl. Gatot Subroto No. 7',
  grcpCity: 'Surabaya',
  grcpTelp: '0315550101',
  grcpFax: '(031) 5550102',
};
const COMPANY = {
  compGrcpId: 1,
  compName: 'PT Baru Jaya',
  compAddress: 'Jl. Pemuda No. 3',
  compPhone: '0315550199',
  compPIC: 'Rudi',
  compPICPhone: '081255509999',
  compStatus: 1,
  compClientId: 2,
};

describe('company group and company bodies (spec §5)', () => {
  it('accept valid bodies and trim text', () => {
    expect(
      companyGroupCreateBody.parse({ ...GROUP, grcpName: '  Mega Niaga Group ' }).grcpName,
    ).toBe('Mega Niaga Group');
    expect(companyGroupUpdateBody.parse({ ...GROUP, grcpId: '3' }).grcpId).toBe(3);
    expect(companyCreateBody.parse({ ...COMPANY, compStatus: '0', compGrcpId: '2' })).toMatchObject(
      { compStatus: 0, compGrcpId: 2 },
    );
  });

  it('give the exact name messages', () => {
    expect(errorsOf(companyGroupCreateBody, { ...GROUP, grcpName: 'AB' })).toEqual({
      grcpName: 'Must be at least 3 characters.',
    });
    expect(errorsOf(companyGroupCreateBody, { ...GROUP, grcpName: 'A'.repeat(51) })).toEqual({
      grcpName: 'Max 50 characters.',
    });
    expect(errorsOf(companyGroupCreateBody, { ...GROUP, grcpName: 'Mega <b>' })).toEqual({
      grcpName: 'Invalid characters used.',
    });
    expect(errorsOf(companyCreateBody, { ...COMPANY, compName: '' })).toEqual({
      compName: 'Company Name is required',
    });
  });

  it('check phone, fax, address, PIC, ids and status', () => {
    expect(
      errorsOf(companyGroupCreateBody, {
        ...GROUP,
        grcpTelp: '12345',
        grcpFax: 'fax!',
        grcpAddress: 'Jl',
        grcpNickName: 'M',
      }),
    ).toEqual({
      grcpTelp: 'No. Telpon must be at least 10 digits',
      grcpFax: 'No. Fax must be at least 6 characters',
      grcpAddress: 'Alamat must be at least 5 characters',
      grcpNickName: 'Nickname must be at least 2 characters',
    });
    expect(
      errorsOf(companyCreateBody, {
        ...COMPANY,
        compPhone: '0000000000',
        compPICPhone: '0812345678901234',
        compPIC: 'Ab',
      }),
    ).toEqual({
      compPhone: 'Phone must be greater than 0',
      compPICPhone: 'PIC Phone must not exceed 15 digits',
      compPIC: 'PIC must be at least 3 characters',
    });
    expect(
      errorsOf(companyCreateBody, {
        ...COMPANY,
        compGrcpId: 0,
        compClientId: null,
        compStatus: '',
      }),
    ).toEqual({
      compGrcpId: 'Company Group is required',
      compClientId: 'Client is required',
      compStatus: 'Status is required',
    });
    expect(errorsOf(companyCreateBody, { ...COMPANY, compGrcpId: 3_000_000_000 })).toEqual({
      compGrcpId: 'Company Group is invalid',
    });
  });

  it('reject unknown, derived and audit fields', () => {
    expect(
      errorsOf(companyCreateBody, { ...COMPANY, grcpName: 'x', compCreatedUserId: 'x' }),
    ).toEqual({ grcpName: 'unknown', compCreatedUserId: 'unknown' });
  });
});

describe('operations (JSON-encoded list of actions)', () => {
  const perm = (prmsOperations: unknown) =>
    permissionCreateBody.safeParse({ prmsName: 'master_user', prmsOperations });
  it('accepts a non-empty subset, as a JSON string or an array, and canonicalises the order', () => {
    expect(
      permissionCreateBody.parse({ prmsName: 'master_user', prmsOperations: '["delete","read"]' })
        .prmsOperations,
    ).toBe('["read","delete"]');
    expect(
      rolePermissionCreateBody.parse({ rperRoleId: 1, rperPrmsId: 2, rperOperations: ['update'] })
        .rperOperations,
    ).toBe('["update"]');
  });
  it('rejects empty, duplicated, unknown and malformed lists with a clear message', () => {
    expect(perm('[]').error?.issues[0]?.message).toBe('Operations is required');
    expect(perm('').error?.issues[0]?.message).toBe('Operations is required');
    for (const bad of ['["read","read"]', '["admin"]', 'read', '{"read":true}', [1]]) {
      expect(perm(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
        'Operations must be a list of read, create, update, delete',
      );
    }
    expect(perm(undefined).error?.issues[0]?.message).toBe('Operations is required');
  });
});

describe('role, permission and link bodies', () => {
  it('check names', () => {
    expect(errorsOf(roleCreateBody, { roleName: 'R' })).toEqual({
      roleName: 'Role Name must be at least 2 characters',
    });
    expect(errorsOf(roleCreateBody, { roleName: "Admin'; --" })).toEqual({
      roleName: 'Role Name may contain only letters, digits, spaces and . , # -',
    });
    expect(
      errorsOf(permissionCreateBody, { prmsName: 'master user', prmsOperations: '["read"]' }),
    ).toEqual({
      prmsName:
        'Permission Name must start with a letter and contain only letters, digits, _ and .',
    });
    expect(
      permissionCreateBody.parse({
        prmsName: 'dashboard_transactionva',
        prmsOperations: '["read"]',
      }).prmsName,
    ).toBe('dashboard_transactionva');
  });
  it('require the selects', () => {
    expect(errorsOf(userRoleCreateBody, {})).toEqual({
      usroUserId: 'User is required',
      usroRoleId: 'Role is required',
    });
    expect(errorsOf(userCompanyCreateBody, { uscoUserId: '', uscoCompId: '' })).toEqual({
      uscoUserId: 'User is required',
      uscoCompId: 'Company is required',
    });
    expect(errorsOf(rolePermissionCreateBody, { rperOperations: '["read"]' })).toEqual({
      rperRoleId: 'Role is required',
      rperPrmsId: 'Permission is required',
    });
  });
});

describe('user and login bodies', () => {
  const USER = { userId: 'dewi@tagih.id', userStatus: 1 };
  it('take the login both or neither', () => {
    expect(userCreateBody.parse(USER)).toEqual(USER);
    expect(
      userCreateBody.parse({ ...USER, usloUserName: 'dewi', usloPassword: 'secret1' }),
    ).toMatchObject({ usloUserName: 'dewi' });
    expect(errorsOf(userCreateBody, { ...USER, usloUserName: 'dewi' })).toEqual({
      usloPassword: 'Password is required',
    });
    expect(errorsOf(userCreateBody, { ...USER, usloPassword: 'secret1' })).toEqual({
      usloUserName: 'Username is required',
    });
  });
  it('check the User ID, username and password rules', () => {
    expect(errorsOf(userCreateBody, { ...USER, userId: '' })).toEqual({
      userId: 'User ID is required',
    });
    expect(errorsOf(userCreateBody, { ...USER, userId: 'dewi' })).toEqual({
      userId: 'User ID must be a valid e-mail address',
    });
    expect(errorsOf(userCreateBody, { ...USER, userId: '_dewi@tagih.id' })).toEqual({
      userId: 'User ID must start with a letter',
    });
    const format = 'Invalid username format (allowed: letters, numbers, @, _, .; no __ or ..)';
    for (const name of ['1dewi', 'de__wi', 'de..wi', 'de wi']) {
      expect(
        errorsOf(userLoginCreateBody, {
          usloUserId: 'x',
          usloUserName: name,
          usloPassword: 'secret1',
        }),
        name,
      ).toEqual({ usloUserName: format });
    }
    expect(
      errorsOf(userLoginCreateBody, {
        usloUserId: 'x',
        usloUserName: 'dewi',
        usloPassword: 'x'.repeat(51),
      }),
    ).toEqual({ usloPassword: 'Password must not exceed 50 characters' });
    expect(
      errorsOf(userLoginCreateBody, { usloUserId: 'x', usloUserName: 'dewi', usloPassword: '' }),
    ).toEqual({ usloPassword: 'Password is required' });
  });
  it('keep the password on edit when it is empty or absent', () => {
    expect(userUpdateBody.parse({ userStatus: 0, usloPassword: '' })).toEqual({
      userStatus: 0,
      usloPassword: '',
    });
    expect(userLoginUpdateBody.parse({ usloUserName: 'dewi' })).toEqual({ usloUserName: 'dewi' });
    expect(errorsOf(userUpdateBody, { userStatus: 1, usloPassword: '12345' })).toEqual({
      usloPassword: 'Password must be at least 6 characters',
    });
  });
});

describe('resource descriptions', () => {
  it('mark the key and the option paths in data.fields', () => {
    const meta = fieldMeta(companyResource);
    expect(meta.filter((f) => f.Key === 'PRI').map((f) => f.Field)).toEqual(['compId']);
    expect(meta.find((f) => f.Field === 'compGrcpId')?.options_api_path).toBe(
      '/master/Company_Group',
    );
    expect(userResource.defaultOrder).toEqual({ field: 'userId', direction: 'desc' });
  });
});
