/** /api/audit through the real app: list, filters, detail, CSV export, access review, who may call them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { recordAudit, verifyAuditChain } from '../../src/modules/audit/service.ts';
import {
  ADMIN,
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { auditRows, parseCsv } from './support.ts';

const FORMULA = "=cmd|' /C calc'!A0";
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Tagih-Test';

describe.each(DIALECTS)('audit API (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let compId: number;
  const get = (url: string, as: string = token) =>
    ctx.inject({ method: 'GET', url, token: as, headers: { 'user-agent': BROWSER } });
  const lastRow = async () => (await auditRows(ctx)).at(-1)!;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const at = (isoTime: string) => ctx.clock.set(new Date(isoTime));
    const db = ctx.db.kysely;
    at('2026-11-18T03:00:00.000Z');
    await recordAudit(
      db,
      ctx.clock,
      {
        actorUserId: null,
        actorUsername: FORMULA,
        compId: null,
        ip: '198.51.100.7',
        userAgent: 'curl/8',
      },
      {
        action: AUDIT_ACTIONS.loginFailed,
        outcome: 'failure',
      },
    );
    at('2026-11-19T03:00:00.000Z');
    await recordAudit(
      db,
      ctx.clock,
      {
        actorUserId: USER_IDS.rina,
        actorUsername: 'rina',
        compId: null,
        ip: '10.0.0.2',
        userAgent: 'Firefox',
      },
      {
        action: AUDIT_ACTIONS.loginSucceeded,
      },
    );
    at('2026-11-20T02:00:00.000Z');
    await recordAudit(
      db,
      ctx.clock,
      {
        actorUserId: USER_IDS.admin,
        actorUsername: 'admin',
        compId: 1,
        ip: '10.0.0.1',
        userAgent: 'Chrome',
      },
      {
        action: AUDIT_ACTIONS.master.company.updated,
        target: { type: 'company', id: 1 },
        details: { before: { compName: 'PT A' }, after: { compName: 'PT B' } },
      },
    );
    await recordAudit(
      db,
      ctx.clock,
      {
        actorUserId: USER_IDS.budi,
        actorUsername: 'budi',
        compId: 2,
        ip: '10.0.0.3',
        userAgent: 'Safari',
      },
      {
        action: AUDIT_ACTIONS.accessDenied,
        outcome: 'denied',
        details: {
          method: 'DELETE',
          path: '/api/master/company/1',
          needed: 'master_company.delete',
        },
      },
    );
    at('2026-11-20T04:00:00.000Z');
    compId = await companyId(ctx, 'PT Toko Maju');
    token = await ctx.loginWithCompany(ADMIN, compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('declares audit_log.read on every audit route, and only the Superadmin holds it (read only)', async () => {
    const routes = ctx.app.routeTable.filter(
      (r) => r.url.startsWith('/api/audit') && r.method !== 'HEAD',
    );
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'GET /api/audit',
      'GET /api/audit/:audtId',
      'GET /api/audit/access-review.csv',
      'GET /api/audit/export.csv',
    ]);
    for (const r of routes) expect(r.access).toEqual({ area: 'audit_log', action: 'read' });

    const status = async (as: string) =>
      (await get('/api/security/authentication/status', as)).json().data.access;
    expect((await status(token)).audit_log).toEqual(['read']);
    expect((await status(await ctx.login(ADMIN_USER))).audit_log).toBeUndefined();
    const permission = await get('/api/master/Permission?finds[prmsName][equal]=audit_log');
    expect(permission.json().data.data).toEqual([
      expect.objectContaining({ prmsName: 'audit_log', prmsOperations: '["read"]' }),
    ]);
  });

  it('refuses the audit routes to an Admin and to Staff (403), and records each refusal as access.denied', async () => {
    const before = (await auditRows(ctx)).length;
    for (const user of [ADMIN_USER, STAFF_USER]) {
      const other = await ctx.login(user);
      for (const url of [
        '/api/audit',
        '/api/audit/1',
        '/api/audit/export.csv',
        '/api/audit/access-review.csv',
      ]) {
        const res = await get(url, other);
        expect(res.statusCode, `${user.username} ${url}`).toBe(403);
        expect(res.json().status.message).toContain('audit_log.read');
      }
    }
    expect((await get('/api/audit', '')).statusCode).toBe(401);
    // Their two sign-ins and eight refusals; the 401 leaves nothing.
    const added = (await auditRows(ctx)).slice(before);
    expect(added.map((r) => r.audtAction)).toEqual([
      AUDIT_ACTIONS.loginSucceeded,
      ...Array(4).fill(AUDIT_ACTIONS.accessDenied),
      AUDIT_ACTIONS.loginSucceeded,
      ...Array(4).fill(AUDIT_ACTIONS.accessDenied),
    ]);
    expect(
      added
        .filter((r) => r.audtAction === AUDIT_ACTIONS.accessDenied)
        .every((r) => r.audtOutcome === 'denied'),
    ).toBe(true);
  });

  it('lists events newest first with pagination and the field list', async () => {
    // The four events written above (the sign-ins and refusals since then have their own tests).
    const res = await get('/api/audit?max=3&finds[audtId][less_than_equal]=4');
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.pagination).toEqual({ totalData: 4, totalPage: 2, page: 1, itemPerPage: 3 });
    expect(body.data.map((r: { audtAction: string }) => r.audtAction)).toEqual([
      'access.denied',
      'master.company.updated',
      'auth.login.succeeded',
    ]);
    expect(body.data[1]).toMatchObject({
      audtId: 3,
      audtActorUsername: 'admin',
      audtTargetType: 'company',
      audtTargetId: '1',
      audtDetails: { before: { compName: 'PT A' }, after: { compName: 'PT B' } },
    });
    expect(body.fields.map((f: { Field: string }) => f.Field)).toContain('audtAction');
  });

  it('records reading a list page (audit.viewed) with its filters, the rows shown and the total: reading the whole log leaves a trace', async () => {
    const res = await get('/api/audit?max=2&finds[audtOutcome][equal]=denied&from=2026-11-01');
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json().data;
    const event = await lastRow();
    expect(event).toMatchObject({
      audtAction: 'audit.viewed',
      audtActorUserId: USER_IDS.admin,
      audtCompId: compId,
      audtUserAgent: BROWSER,
      audtTargetType: null,
    });
    expect(JSON.parse(event.audtDetails)).toEqual({
      filters: { max: '2', 'finds[audtOutcome][equal]': 'denied', from: '2026-11-01' },
      rows: data.length,
      total: pagination.totalData,
    });
    expect(data.length).toBeGreaterThan(0);
    // A query refused with 400 reads nothing and records nothing.
    const before = (await auditRows(ctx)).length;
    expect((await get('/api/audit?orderField=audtHash')).statusCode).toBe(400);
    expect(await auditRows(ctx)).toHaveLength(before);
  });

  it('filters by action, outcome, user and business-day range, and sorts by any sortable field', async () => {
    const ids = async (query: string) =>
      (await get(`/api/audit?${query}&finds[audtId][less_than_equal]=4`))
        .json()
        .data.data.map((r: { audtId: number }) => r.audtId);
    expect(await ids('finds[audtAction][equal]=auth.login.failed')).toEqual([1]);
    expect(await ids('finds[audtAction]=auth.login')).toEqual([2, 1]);
    expect(await ids('finds[audtOutcome][equal]=denied')).toEqual([4]);
    expect(await ids('search=rina&searchFields=audtActorUsername')).toEqual([2]);
    // Business days in Asia/Jakarta: 2026-11-19 10:00 WIB is the only event of the 19th.
    expect(await ids('from=2026-11-19&to=2026-11-19')).toEqual([2]);
    expect(await ids('from=2026-11-20')).toEqual([4, 3]);
    expect(await ids('orderField=audtIp&orderValue=asc')).toEqual([3, 2, 4, 1]);
    expect(await ids('orderField=audtAt&orderValue=asc')).toEqual([1, 2, 3, 4]);
  });

  it('answers 400, never 500, to a list query it cannot read', async () => {
    for (const query of [
      'finds[nope]=1',
      'finds[audtAt]=2026-13-45',
      'from=2026-02-30',
      'to=yesterday',
      'from=2026-11-20&to=2026-11-19',
      'orderField=audtHash',
      'orderValue=up',
      'max=abc',
      'page=0',
      'finds[audtId][contain]=1',
      'additionalFilter=[1]',
      'unknown=1',
    ]) {
      const res = await get(`/api/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().status.error, query).toBe(1);
      expect((await get(`/api/audit/export.csv?${query}`)).statusCode, query).toBe(400);
    }
    expect((await get('/api/audit/abc')).statusCode).toBe(400);
  });

  it('shows one event and records that it was viewed, with who, where and from which company', async () => {
    const res = await get('/api/audit/3');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      audtId: 3,
      audtAction: 'master.company.updated',
      audtOutcome: 'success',
    });
    expect(await lastRow()).toMatchObject({
      audtAction: 'audit.viewed',
      audtActorUserId: USER_IDS.admin,
      audtActorUsername: 'admin',
      audtCompId: compId,
      audtIp: '127.0.0.1',
      audtUserAgent: BROWSER,
      audtTargetType: 'audit_event',
      audtTargetId: '3',
      audtOutcome: 'success',
    });

    const before = (await auditRows(ctx)).length;
    expect((await get('/api/audit/999999')).statusCode).toBe(404);
    expect(await auditRows(ctx)).toHaveLength(before);
  });

  it('exports the filtered events as CSV, neutralises formulas, and records the export with its filters and row count', async () => {
    const res = await get('/api/audit/export.csv?finds[audtOutcome][equal]=failure');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="audit_events.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'ID',
      'Time (UTC)',
      'User Id',
      'User',
      'Company Id',
      'IP Address',
      'User Agent',
      'Action',
      'Target Type',
      'Target Id',
      'Outcome',
      'Details',
      'Previous Hash',
      'Hash',
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.slice(0, 8)).toEqual([
      '1',
      '2026-11-18T03:00:00.000Z',
      '',
      `'${FORMULA}`,
      '',
      '198.51.100.7',
      'curl/8',
      'auth.login.failed',
    ]);
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(await lastRow()).toMatchObject({
      audtAction: 'audit.exported',
      audtActorUsername: 'admin',
      audtUserAgent: BROWSER,
    });
    expect(JSON.parse((await lastRow()).audtDetails)).toMatchObject({
      report: 'events',
      filters: { 'finds[audtOutcome][equal]': 'failure' },
      rows: 1,
    });
  });

  it('exports every event up to the export itself, newest first, and the chain still verifies', async () => {
    const existing = await auditRows(ctx);
    const res = await get('/api/audit/export.csv');
    const rows = parseCsv(res.body).slice(1);
    expect(rows.map((r) => Number(r[0]))).toEqual(existing.map((r) => r.audtId).reverse());
    expect(rows.at(-1)![13]).toBe(existing[0]!.audtHash);
    expect(JSON.parse((await lastRow()).audtDetails)).toMatchObject({
      report: 'events',
      rows: existing.length,
      throughId: existing.at(-1)!.audtId,
    });
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({
      ok: true,
      events: existing.length + 1,
    });
  });

  it('reviews access: every user with status, roles, companies, last sign-in and a lock in force', async () => {
    const db = ctx.db.kysely;
    await db
      .updateTable('user_logins')
      .set({ usloLastLoginAt: '2026-11-20T01:30:00.000Z' })
      .where('usloUserId', '=', USER_IDS.rina)
      .execute();
    await db
      .insertInto('login_throttle')
      .values({
        lothUsername: 'budi',
        lothAddress: '198.51.100.9',
        lothFailures: 0,
        lothLockedUntil: '2026-11-20T04:30:00.000Z',
        lothUpdatedTime: '2026-11-20T04:00:00.000Z',
      })
      .execute();
    await db
      .updateTable('users')
      .set({ userStatus: 0 })
      .where('userId', '=', USER_IDS.budi)
      .execute();

    const res = await get('/api/audit/access-review.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="access_review.csv"');
    const rows = parseCsv(res.body);
    expect(rows[0]).toEqual([
      'User Id',
      'Username',
      'Status',
      'Roles',
      'Companies',
      'Last Sign-in',
      'Locked Until',
    ]);
    const byId = Object.fromEntries(rows.slice(1).map((r) => [r[0], r]));
    expect(Object.keys(byId).sort()).toEqual([USER_IDS.admin, USER_IDS.budi, USER_IDS.rina]);
    // admin and budi signed in above, at 11:00 WIB.
    expect(byId[USER_IDS.admin]).toEqual([
      USER_IDS.admin,
      'admin',
      'Aktif',
      'Superadmin',
      'All companies (Superadmin)',
      '2026-11-20 11:00:00',
      '',
    ]);
    expect(byId[USER_IDS.rina]!.slice(1, 4)).toEqual(['rina', 'Aktif', 'Admin']);
    expect(byId[USER_IDS.rina]![4]!.split('; ')).toHaveLength(4);
    expect(byId[USER_IDS.rina]![5]).toBe('2026-11-20 08:30:00');
    expect(byId[USER_IDS.budi]).toEqual([
      USER_IDS.budi,
      'budi',
      'Tidak Aktif',
      'Staff',
      'PT Kopi Kita; PT Toko Maju',
      '2026-11-20 11:00:00',
      '2026-11-20 11:30:00',
    ]);
    expect(JSON.parse((await lastRow()).audtDetails)).toEqual({ report: 'access-review', rows: 3 });
    expect((await lastRow()).audtAction).toBe('audit.exported');
  });
});
