/**
 * A user's own table preferences (issue 11) on both dialects: chosen columns and saved views,
 * only the signed-in user's own, validated (unknown fields, unknown columns, sizes), and each
 * change in the audit trail.
 */
import { AUDIT_ACTIONS, MESSAGES, PREFERENCE_LIMITS } from '@tagih/contract';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';

const COLUMNS = '/api/preferences/transaction-va/columns';
const VIEWS = '/api/preferences/transaction-va/views';
const QRIS_VIEWS = '/api/preferences/transaction-qris/views';

describe.each(DIALECTS)('table preferences (%s)', (dialect) => {
  let ctx: TestContext;
  afterEach(async () => {
    await ctx.close();
  });
  const open = async () => {
    ctx = await createTestContext(dialect);
    return { budi: await ctx.login(STAFF_USER), rina: await ctx.login(ADMIN_USER) };
  };
  const events = (action: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', action)
      .orderBy('audtId')
      .execute();
  const rowCounts = async () => ({
    columns: (await ctx.db.kysely.selectFrom('user_column_choices').selectAll().execute()).length,
    views: (await ctx.db.kysely.selectFrom('saved_views').selectAll().execute()).length,
  });

  it('keeps each user’s chosen columns apart, resets them, and records each change', async () => {
    const { budi, rina } = await open();
    expect((await ctx.inject({ method: 'GET', url: COLUMNS, token: budi })).json().data).toEqual({
      columns: null,
    });

    const chosen = ['trctStatus', 'trctOrderId', 'trctBank'];
    const put = await ctx.inject({
      method: 'PUT',
      url: COLUMNS,
      token: budi,
      payload: { columns: chosen },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().status.message).toBe(MESSAGES.columnsSaved);
    expect((await ctx.inject({ method: 'GET', url: COLUMNS, token: budi })).json().data).toEqual({
      columns: chosen,
    });
    // Rina has her own (none), and the QRIS screen of Budi is untouched.
    expect((await ctx.inject({ method: 'GET', url: COLUMNS, token: rina })).json().data).toEqual({
      columns: null,
    });
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/preferences/transaction-qris/columns',
          token: budi,
        })
      ).json().data,
    ).toEqual({ columns: null });

    const again = ['trctOrderId', 'trctStatus'];
    await ctx.inject({ method: 'PUT', url: COLUMNS, token: budi, payload: { columns: again } });
    expect((await ctx.inject({ method: 'GET', url: COLUMNS, token: budi })).json().data).toEqual({
      columns: again,
    });

    const reset = await ctx.inject({ method: 'DELETE', url: COLUMNS, token: budi });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.inject({ method: 'GET', url: COLUMNS, token: budi })).json().data).toEqual({
      columns: null,
    });

    const recorded = await events(AUDIT_ACTIONS.columnsChosen);
    expect(
      recorded.map((e) => [e.audtActorUserId, e.audtTargetId, JSON.parse(e.audtDetails!)]),
    ).toEqual([
      [USER_IDS.budi, USER_IDS.budi, { screen: 'transaction-va', columns: chosen }],
      [USER_IDS.budi, USER_IDS.budi, { screen: 'transaction-va', columns: again }],
      [USER_IDS.budi, USER_IDS.budi, { screen: 'transaction-va', columns: null }],
    ]);
  });

  it('refuses bad column choices with a 4xx and changes nothing', async () => {
    const { budi } = await open();
    const bad: [string, unknown][] = [
      ['unknown column', { columns: ['trctOrderId', 'password'] }],
      ['hidden column', { columns: ['trvaVirtualAccountName'] }],
      ['the actions', { columns: ['actions'] }],
      ['repeated', { columns: ['trctOrderId', 'trctOrderId'] }],
      ['empty', { columns: [] }],
      ['unknown field', { columns: ['trctOrderId'], userId: USER_IDS.rina }],
      ['wrong type', { columns: 'trctOrderId' }],
      [
        'too many',
        { columns: Array.from({ length: PREFERENCE_LIMITS.columnsMax + 1 }, (_, i) => `c${i}`) },
      ],
    ];
    for (const [what, payload] of bad) {
      const res = await ctx.inject({
        method: 'PUT',
        url: COLUMNS,
        token: budi,
        payload: payload as object,
      });
      expect(res.statusCode, what).toBe(400);
      expect(res.json().status.error, what).toBe(1);
    }
    const unknownScreen = await ctx.inject({
      method: 'PUT',
      url: '/api/preferences/audit/columns',
      token: budi,
      payload: { columns: ['audtId'] },
    });
    expect(unknownScreen.statusCode).toBe(400);
    expect(await rowCounts()).toEqual({ columns: 0, views: 0 });
    expect(await events(AUDIT_ACTIONS.columnsChosen)).toHaveLength(0);
  });

  it('needs a sign-in', async () => {
    await open();
    expect((await ctx.inject({ method: 'GET', url: COLUMNS })).statusCode).toBe(401);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: VIEWS,
          payload: { name: 'x', query: '', columns: null },
        })
      ).statusCode,
    ).toBe(401);
    expect(await rowCounts()).toEqual({ columns: 0, views: 0 });
  });

  it('saves, lists, replaces by name and deletes a user’s own views, recorded', async () => {
    const { budi, rina } = await open();
    const body = {
      name: '  Belum lunas BRI  ',
      query: 'bank=BRI&status=03&size=50',
      columns: ['trctOrderId', 'trctStatus'],
    };
    const saved = await ctx.inject({ method: 'POST', url: VIEWS, token: budi, payload: body });
    expect(saved.statusCode).toBe(200);
    const view = saved.json().data;
    expect(view).toMatchObject({
      id: expect.any(Number),
      screen: 'transaction-va',
      name: 'Belum lunas BRI',
      query: body.query,
      columns: body.columns,
    });
    await ctx.inject({
      method: 'POST',
      url: VIEWS,
      token: budi,
      payload: { name: 'Hari ini', query: '', columns: null },
    });

    const listed = (await ctx.inject({ method: 'GET', url: VIEWS, token: budi })).json().data;
    expect(listed.map((v: { name: string }) => v.name)).toEqual(['Belum lunas BRI', 'Hari ini']);
    expect((await ctx.inject({ method: 'GET', url: VIEWS, token: rina })).json().data).toEqual([]);
    expect((await ctx.inject({ method: 'GET', url: QRIS_VIEWS, token: budi })).json().data).toEqual(
      [],
    );

    // The same name replaces (same id, new query).
    const replaced = await ctx.inject({
      method: 'POST',
      url: VIEWS,
      token: budi,
      payload: { ...body, query: 'status=00' },
    });
    expect(replaced.json().data).toMatchObject({ id: view.id, query: 'status=00' });
    expect((await ctx.inject({ method: 'GET', url: VIEWS, token: budi })).json().data).toHaveLength(
      2,
    );

    // Rina cannot delete Budi's view (not found), nor through another screen.
    expect(
      (await ctx.inject({ method: 'DELETE', url: `${VIEWS}/${view.id}`, token: rina })).statusCode,
    ).toBe(404);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `${QRIS_VIEWS}/${view.id}`, token: budi }))
        .statusCode,
    ).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: VIEWS, token: budi })).json().data).toHaveLength(
      2,
    );

    const deleted = await ctx.inject({ method: 'DELETE', url: `${VIEWS}/${view.id}`, token: budi });
    expect(deleted.statusCode).toBe(200);
    expect(
      (await ctx.inject({ method: 'GET', url: VIEWS, token: budi }))
        .json()
        .data.map((v: { name: string }) => v.name),
    ).toEqual(['Hari ini']);

    const savedEvents = await events(AUDIT_ACTIONS.viewSaved);
    expect(savedEvents.map((e) => JSON.parse(e.audtDetails!).replaced)).toEqual([
      false,
      false,
      true,
    ]);
    expect(savedEvents.every((e) => e.audtActorUserId === USER_IDS.budi)).toBe(true);
    const deletedEvents = await events(AUDIT_ACTIONS.viewDeleted);
    expect(deletedEvents.map((e) => [e.audtTargetId, JSON.parse(e.audtDetails!)])).toEqual([
      [String(view.id), { screen: 'transaction-va', name: 'Belum lunas BRI' }],
    ]);
  });

  it('refuses bad views with a 4xx and changes nothing, and stops at the limit per screen', async () => {
    const { budi } = await open();
    const ok = { name: 'Lunas', query: 'status=00', columns: null };
    const bad: [string, unknown][] = [
      ['blank name', { ...ok, name: '   ' }],
      ['long name', { ...ok, name: 'x'.repeat(PREFERENCE_LIMITS.viewNameMax + 1) }],
      ['long query', { ...ok, query: `q=${'x'.repeat(PREFERENCE_LIMITS.queryMax)}` }],
      ['query with ?', { ...ok, query: '?status=00' }],
      ['unknown column', { ...ok, columns: ['nope'] }],
      ['unknown field', { ...ok, owner: USER_IDS.rina }],
      ['missing columns', { name: 'Lunas', query: '' }],
      ['wrong type', { ...ok, name: 7 }],
    ];
    for (const [what, payload] of bad) {
      const res = await ctx.inject({
        method: 'POST',
        url: VIEWS,
        token: budi,
        payload: payload as object,
      });
      expect(res.statusCode, what).toBe(400);
    }
    expect(
      (await ctx.inject({ method: 'DELETE', url: `${VIEWS}/abc`, token: budi })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.inject({ method: 'DELETE', url: `${VIEWS}/999`, token: budi })).statusCode,
    ).toBe(404);
    expect(await rowCounts()).toEqual({ columns: 0, views: 0 });

    for (let i = 0; i < PREFERENCE_LIMITS.viewsPerScreen; i += 1) {
      expect(
        (
          await ctx.inject({
            method: 'POST',
            url: VIEWS,
            token: budi,
            payload: { ...ok, name: `View ${i}` },
          })
        ).statusCode,
      ).toBe(200);
    }
    const full = await ctx.inject({
      method: 'POST',
      url: VIEWS,
      token: budi,
      payload: { ...ok, name: 'One more' },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json().status.message).toBe(MESSAGES.viewsFull);
    // Replacing one by name still works at the limit; another screen has its own budget.
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: VIEWS,
          token: budi,
          payload: { ...ok, name: 'View 0', query: 'status=05' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await ctx.inject({ method: 'POST', url: QRIS_VIEWS, token: budi, payload: ok })).statusCode,
    ).toBe(200);
    expect((await rowCounts()).views).toBe(PREFERENCE_LIMITS.viewsPerScreen + 1);
  });
});
