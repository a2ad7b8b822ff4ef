/** Create, read, update and delete for every simple master resource, with the 409s and 404s. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { alreadyUsed } from '@tagih/contract';
import { DIALECTS, USER_IDS, createTestContext, type TestContext } from '../support/test-app.ts';
import { COMPANY, GROUP, apiFor, qs, type Api } from './helpers.ts';

interface Case {
  path: string;
  idField: string;
  prefix: string;
  /** A valid create body (may create what it refers to). */
  body(api: Api): Promise<Record<string, unknown>>;
  /** Changes for an update (they include the unique field, so they make a distinct row). */
  change: Record<string, unknown>;
  /** The body field and label reported on a duplicate. */
  duplicate: { field: string; label: string };
}

const groupId = async (api: Api, name = 'Grup Satu') =>
  (await api.post('/master/Company_Group', { ...GROUP, grcpName: name })).body.data
    .grcpId as number;
const roleId = async (api: Api, name: string) =>
  (await api.post('/master/roles', { roleName: name })).body.data.roleId as number;

const CASES: Case[] = [
  {
    path: '/master/Company_Group',
    idField: 'grcpId',
    prefix: 'grcp',
    body: async () => ({ ...GROUP }),
    change: { grcpName: 'Mega Niaga Baru', grcpCity: 'Malang' },
    duplicate: { field: 'grcpName', label: 'Company Group' },
  },
  {
    path: '/master/company',
    idField: 'compId',
    prefix: 'comp',
    body: async (api) => ({
      ...COMPANY,
      compGrcpId: await groupId(api, 'Grup Perusahaan'),
      compClientId: 1,
    }),
    change: { compName: 'PT Baru Jaya Dua', compStatus: 0, compPIC: 'Siti Aminah' },
    duplicate: { field: 'compName', label: 'Company Name' },
  },
  {
    path: '/master/roles',
    idField: 'roleId',
    prefix: 'role',
    body: async () => ({ roleName: 'Auditor' }),
    change: { roleName: 'Auditor Senior' },
    duplicate: { field: 'roleName', label: 'Role Name' },
  },
  {
    path: '/master/Permission',
    idField: 'prmsId',
    prefix: 'prms',
    body: async () => ({ prmsName: 'report_export', prmsOperations: '["read","create"]' }),
    change: { prmsName: 'report_view', prmsOperations: '["read","delete"]' },
    duplicate: { field: 'prmsName', label: 'Permission Name' },
  },
  {
    path: '/master/Role_Permission',
    idField: 'rperId',
    prefix: 'rper',
    body: async (api) => ({
      rperRoleId: await roleId(api, 'Kasir'),
      rperPrmsId: 1,
      rperOperations: '["read"]',
    }),
    change: { rperPrmsId: 2, rperOperations: '["read","update"]' },
    duplicate: { field: 'rperPrmsId', label: 'Role Permission' },
  },
  {
    path: '/master/User_Role',
    idField: 'usroId',
    prefix: 'usro',
    body: async () => ({ usroUserId: USER_IDS.budi, usroRoleId: 2 }),
    change: { usroRoleId: 1 },
    duplicate: { field: 'usroRoleId', label: 'User Role' },
  },
  {
    path: '/master/User_Company',
    idField: 'uscoId',
    prefix: 'usco',
    body: async () => ({ uscoUserId: USER_IDS.budi, uscoCompId: 3 }),
    change: { uscoCompId: 4 },
    duplicate: { field: 'uscoCompId', label: 'User Company' },
  },
];

describe.each(DIALECTS)('master data CRUD (%s)', (dialect) => {
  let ctx: TestContext;
  let api: Api;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    api = apiFor(ctx, await ctx.login());
  });
  afterEach(async () => {
    await ctx.close();
  });

  describe.each(CASES)('$path', (c) => {
    it('creates, lists, updates and deletes a row, with audit fields from the session', async () => {
      const body = await c.body(api);
      const created = await api.post(c.path, body);
      expect(created.status).toBe(200);
      expect(created.body.status).toEqual({ error: 0, message: 'Success' });
      const row = created.body.data;
      const id = row[c.idField];
      expect(id).toBeGreaterThan(0);
      for (const [k, v] of Object.entries(body)) expect(row[k]).toEqual(v);
      expect(row[`${c.prefix}CreatedUserId`]).toBe(USER_IDS.admin);
      expect(row[`${c.prefix}UpdatedUserId`]).toBe(USER_IDS.admin);
      expect(row[`${c.prefix}CreatedTime`]).toBe('2026-11-20T03:00:00.000Z');

      const listed = await api.get(`${c.path}${qs({ [`finds[${c.idField}]`]: id })}`);
      // a listed user link also says why the viewer may not change its user: a Superadmin always may
      expect(listed.body.data.data).toEqual([
        /User_/.test(c.path) ? { ...row, protectedReason: null } : row,
      ]);

      ctx.clock.advanceMinutes(5);
      const rina = apiFor(ctx, await ctx.login({ username: 'rina', password: 'demo-pass-1' }));
      // rina may not write roles or permissions, nor grant the Superadmin role (this case's change)
      const editor = c.path.match(/roles|Permission|User_Role/) ? api : rina;
      const updated = await editor.put(`${c.path}/${id}`, {
        ...body,
        ...c.change,
        [c.idField]: id,
      });
      expect(updated.status).toBe(200);
      for (const [k, v] of Object.entries(c.change)) expect(updated.body.data[k]).toEqual(v);
      expect(updated.body.data[`${c.prefix}CreatedTime`]).toBe('2026-11-20T03:00:00.000Z');
      expect(updated.body.data[`${c.prefix}CreatedUserId`]).toBe(USER_IDS.admin);
      expect(updated.body.data[`${c.prefix}UpdatedTime`]).toBe('2026-11-20T03:05:00.000Z');
      expect(updated.body.data[`${c.prefix}UpdatedUserId`]).toBe(
        editor === rina ? USER_IDS.rina : USER_IDS.admin,
      );

      const deleted = await api.del(`${c.path}/${id}`);
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ status: { error: 0, message: 'Success' }, data: null });
      expect(
        (await api.get(`${c.path}${qs({ [`finds[${c.idField}]`]: id })}`)).body.data.pagination
          .totalData,
      ).toBe(0);
      expect((await api.del(`${c.path}/${id}`)).status).toBe(404);
      expect((await api.put(`${c.path}/${id}`, { ...body, ...c.change })).status).toBe(404);
    });

    it('answers 409 with the field on a duplicate, on create and on update', async () => {
      const body = await c.body(api);
      const first = await api.post(c.path, body);
      expect(first.status).toBe(200);
      const again = await api.post(c.path, body);
      expect(again.status).toBe(409);
      expect(again.body.status.message).toBe(alreadyUsed(c.duplicate.label));
      expect(again.body.data.errors).toEqual({
        [c.duplicate.field]: alreadyUsed(c.duplicate.label),
      });

      // the update that would clash with another row
      const other = await api.post(c.path, { ...body, ...c.change });
      expect(other.status).toBe(200);
      const clash = await api.put(`${c.path}/${other.body.data[c.idField]}`, body);
      expect(clash.status).toBe(409);
      expect(clash.body.data.errors).toEqual({
        [c.duplicate.field]: alreadyUsed(c.duplicate.label),
      });
    });

    it('refuses audit fields and unknown fields in the body (400), and a body id that is not the URL id', async () => {
      const body = await c.body(api);
      const withAudit = await api.post(c.path, {
        ...body,
        [`${c.prefix}CreatedUserId`]: 'mallory',
      });
      expect(withAudit.status).toBe(400);
      expect(withAudit.body.data.errors[`${c.prefix}CreatedUserId`]).toBe(
        `Unknown field '${c.prefix}CreatedUserId'`,
      );
      const withExtra = await api.post(c.path, { ...body, isAdmin: true });
      expect(withExtra.status).toBe(400);
      expect(withExtra.body.data.errors).toEqual({ isAdmin: "Unknown field 'isAdmin'" });

      const existing = (await api.get(`${c.path}${qs({ max: 1 })}`)).body.data.data[0];
      const id = existing[c.idField];
      const mismatch = await api.put(`${c.path}/${id}`, {
        ...body,
        ...c.change,
        [c.idField]: id + 1000,
      });
      expect(mismatch.status).toBe(400);
      expect(mismatch.body.data.errors).toEqual({
        [c.idField]: `${c.idField} does not match the id in the URL`,
      });
    });

    it('answers 400 for ids in the URL that are not positive whole numbers, 404 for a missing one', async () => {
      for (const bad of ['abc', '0', '-1', '1.5', '1e3', '99999999999']) {
        const res = await api.del(`${c.path}/${bad}`);
        expect(res.status, bad).toBe(400);
        expect(res.body.status.error).toBe(1);
      }
      expect((await api.del(`${c.path}/2147483647`)).status).toBe(404);
    });

    it('names every missing field on an empty body', async () => {
      const res = await api.post(c.path, {});
      expect(res.status).toBe(400);
      const body = await c.body(api);
      expect(Object.keys(res.body.data.errors).sort()).toEqual(
        Object.keys(body)
          .filter((k) => k !== 'compFileId')
          .sort(),
      );
    });
  });

  describe('GET by id', () => {
    it('reads one company group and one company, 404 when missing', async () => {
      const group = await api.get('/master/Company_Group/1');
      expect(group.status).toBe(200);
      expect(group.body.data).toMatchObject({ grcpId: 1, grcpName: 'Nusantara Retail Group' });
      const company = await api.get('/master/company/1');
      expect(company.body.data).toMatchObject({
        compId: 1,
        compName: 'PT Toko Maju',
        grcpName: 'Nusantara Retail Group',
        clntName: 'PT Toko Maju Store',
      });
      expect((await api.get('/master/company/9999')).status).toBe(404);
      expect((await api.get('/master/Company_Group/x')).status).toBe(400);
    });
  });
});
