/** Every request the permission guard refuses leaves access.denied; the answer stays the same 403. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES } from '@tagih/contract';
import { ADMIN, DIALECTS, STAFF_USER, USER_IDS, companyId, createTestContext, type TestContext } from '../support/test-app.ts';
import { countEvents, eventsOf, refuseAuditOf } from './wiring-support.ts';

describe.each(DIALECTS)('audit wiring: access denied (%s)', (dialect) => {
  let ctx: TestContext;
  let staff: string;
  let compId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    compId = await companyId(ctx, 'PT Toko Maju');
    staff = await ctx.loginWithCompany(STAFF_USER, compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('records the method, the route pattern and the permission needed, with who and from where', async () => {
    const res = await ctx.inject({ method: 'GET', url: '/api/audit/42?x=1', token: staff, headers: { 'user-agent': 'Wiring/1' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ status: { error: 1, message: `${MESSAGES.forbidden} (needs audit_log.read)` }, data: null });
    const [event] = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).slice(-1);
    expect(event).toMatchObject({
      audtOutcome: 'denied', audtActorUserId: USER_IDS.budi, audtActorUsername: 'budi', audtCompId: compId, audtIp: '127.0.0.1',
      audtTargetType: null, audtTargetId: null, details: { method: 'GET', path: '/api/audit/:audtId', needed: 'audit_log.read' },
    });
  });

  it('records one event per refused request, and none for a refusal before the guard or a permitted request', async () => {
    const before = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).length;
    expect((await ctx.inject({ method: 'GET', url: '/api/audit', token: staff })).statusCode).toBe(403);
    expect((await ctx.inject({ method: 'GET', url: '/api/audit/export.csv', token: staff })).statusCode).toBe(403);
    expect((await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).slice(before).map((e) => e.details.path)).toEqual(['/api/audit', '/api/audit/export.csv']);

    const total = await countEvents(ctx);
    expect((await ctx.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401); // no session: not the guard's refusal
    expect((await ctx.inject({ method: 'GET', url: '/api/security/authentication/status', token: staff })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: '/api/nothing-here', token: staff })).statusCode).toBe(404);
    expect(await countEvents(ctx)).toBe(total);
  });

  it('still answers the same 403 when the refusal cannot be recorded', async () => {
    const expected = (await ctx.inject({ method: 'GET', url: '/api/audit', token: staff })).body;
    const restore = await refuseAuditOf(ctx, AUDIT_ACTIONS.accessDenied);
    try {
      const res = await ctx.inject({ method: 'GET', url: '/api/audit', token: staff });
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe(expected);
    } finally {
      await restore();
    }
  });

  it('lets the Superadmin through without a denial', async () => {
    const admin = await ctx.login(ADMIN);
    const before = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).length;
    expect((await ctx.inject({ method: 'GET', url: '/api/audit', token: admin })).statusCode).toBe(200);
    expect(await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).toHaveLength(before);
  });
});
