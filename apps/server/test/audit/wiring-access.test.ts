/**
 * Every request the permission guard refuses leaves access.denied; the answer stays the same 403.
 * A probe for another company's record leaves access.denied with the target; the answer stays the same 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_PATHS,
  AUDIT_ACTIONS,
  MESSAGES,
  TRANSACTION_KINDS,
  fillPath,
  transactionPaths,
} from '@tagih/contract';
import {
  ADMIN,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
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
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/audit/42?x=1',
      token: staff,
      headers: { 'user-agent': 'Wiring/1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      status: { error: 1, message: `${MESSAGES.forbidden} (needs audit_log.read)` },
      data: null,
    });
    const [event] = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).slice(-1);
    expect(event).toMatchObject({
      audtOutcome: 'denied',
      audtActorUserId: USER_IDS.budi,
      audtActorUsername: 'budi',
      audtCompId: compId,
      audtIp: '127.0.0.1',
      audtTargetType: null,
      audtTargetId: null,
      details: { method: 'GET', path: '/api/audit/:audtId', needed: 'audit_log.read' },
    });
  });

  it('records one event per refused request, and none for a refusal before the guard or a permitted request', async () => {
    const before = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).length;
    expect((await ctx.inject({ method: 'GET', url: '/api/audit', token: staff })).statusCode).toBe(
      403,
    );
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/audit/export.csv', token: staff })).statusCode,
    ).toBe(403);
    expect(
      (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).slice(before).map((e) => e.details.path),
    ).toEqual(['/api/audit', '/api/audit/export.csv']);

    const total = await countEvents(ctx);
    expect((await ctx.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401); // no session: not the guard's refusal
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/security/authentication/status',
          token: staff,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/nothing-here', token: staff })).statusCode,
    ).toBe(404);
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
    expect((await ctx.inject({ method: 'GET', url: '/api/audit', token: admin })).statusCode).toBe(
      200,
    );
    expect(await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).toHaveLength(before);
  });

  it("records a probe for another company's transaction, timeline or notification with the target, and answers the same 404 as for no such id", async () => {
    const va = transactionPaths(TRANSACTION_KINDS.va);
    const theirs = await ctx.db.kysely
      .selectFrom('transactions')
      .select('trctId')
      .where('trctCompId', '!=', compId)
      .where('trctType', '=', 'VA')
      .executeTakeFirstOrThrow();
    const theirNotification = await ctx.db.kysely
      .selectFrom('notifications')
      .select('notiId')
      .where('notiCompId', '!=', compId)
      .executeTakeFirstOrThrow();
    const missing = 2_000_000_000;
    const probes = [
      {
        method: 'GET' as const,
        url: `/api${fillPath(va.detail, { trctId: theirs.trctId })}`,
        none: `/api${fillPath(va.detail, { trctId: missing })}`,
        type: 'transaction',
        id: theirs.trctId,
        path: `/api${va.detail}`,
      },
      {
        method: 'POST' as const,
        url: `/api${fillPath(va.resend, { trctId: theirs.trctId })}`,
        none: `/api${fillPath(va.resend, { trctId: missing })}`,
        type: 'transaction',
        id: theirs.trctId,
        path: `/api${va.resend}`,
      },
      {
        method: 'GET' as const,
        url: `/api${fillPath(API_PATHS.notifications.one, { notiId: theirNotification.notiId })}`,
        none: `/api${fillPath(API_PATHS.notifications.one, { notiId: missing })}`,
        type: 'notification',
        id: theirNotification.notiId,
        path: `/api${API_PATHS.notifications.one}`,
      },
    ];
    for (const probe of probes) {
      const before = await countEvents(ctx);
      const nothing = await ctx.inject({ method: probe.method, url: probe.none, token: staff });
      expect(nothing.statusCode, probe.none).toBe(404);
      expect(await countEvents(ctx), probe.none).toBe(before); // no such id anywhere: nothing to record

      const res = await ctx.inject({ method: probe.method, url: probe.url, token: staff });
      expect(res.statusCode, probe.url).toBe(404);
      expect(res.json().status.message).toBe(
        nothing.json().status.message.replace(String(missing), String(probe.id)),
      );
      const [event] = (await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).slice(-1);
      expect(event, probe.url).toMatchObject({
        audtOutcome: 'denied',
        audtActorUsername: 'budi',
        audtCompId: compId,
        audtTargetType: probe.type,
        audtTargetId: String(probe.id),
        details: {
          method: probe.method,
          path: probe.path,
          reason: 'another company',
          ownerCompId: expect.any(Number),
        },
      });
      expect(event!.details.ownerCompId).not.toBe(compId);
    }
  });
});
