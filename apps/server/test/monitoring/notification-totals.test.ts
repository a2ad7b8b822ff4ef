/**
 * The Notifications list's row count from the notification rollup (migration 0014,
 * modules/notifications/totals-repo.ts): the rollup stays exact after every write path (bulk
 * insert, a notification created and delivered by Notif, a failed attempt, a status changed by any
 * UPDATE, a delete, many rows in one statement), and the list's totalData equals counting the rows
 * for the ranges and status filters it answers; searches, the work queue and ranges that do not
 * start on a whole UTC hour are counted from the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTI_STATUS, notificationResource, parseListQuery, type RawQuery } from '@tagih/contract';
import { applyOrderAndPage, countRows } from '../../src/db/list-sql.ts';
import { sql } from 'kysely';
import { resyncIdentity } from '../../src/db/seed/base.ts';
import { filteredNotifications } from '../../src/modules/notifications/repo.ts';
import {
  bulkNotificationRollup,
  rollupCount,
  verifyNotificationRollup,
  walkNotificationIds,
} from '../../src/modules/notifications/totals-repo.ts';
import type { NotificationListQuery } from '../../src/modules/notifications/list-request.ts';
import { parseDateRange } from '../../src/shared/date-range.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from './support.ts';

describe.each(DIALECTS)('notification totals (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;
  let n = 0;

  const expectExact = async () => {
    const result = await verifyNotificationRollup(ctx.db.kysely);
    expect(result.differences).toEqual([]);
    return result;
  };
  const parse = (raw: RawQuery): NotificationListQuery => {
    const parsed = parseListQuery(raw, notificationResource, ['from', 'to']);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  /** The list's count from the rollup (null: it does not answer) and from the rows, for one request. */
  const counts = async (
    raw: RawQuery,
    extra: Partial<NotificationListQuery> = {},
    compId = mine.compId,
    timeZone = ctx.config.businessTz,
  ) => {
    const query = { ...parse(raw), ...extra };
    const range = parseDateRange(raw.from, raw.to, timeZone);
    return {
      fromRollup: await rollupCount(ctx.db.kysely, { compId, range, query, timeZone }),
      fromRows: await countRows(
        filteredNotifications(ctx.db.kysely, { compId, range, query, timeZone }),
      ),
    };
  };
  const send = (id: number) =>
    ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${id}`,
      token,
    });
  const paidVa = async (merchant: string) => {
    await useMerchant(ctx, sims, mine, merchant);
    const [id] = await insertTx(ctx, mine, 'VA', [
      { orderId: `NT-${merchant}-${++n}`, status: '00', amount: 150000 },
    ]);
    return id!;
  };

  beforeAll(async () => {
    sims = await startSimulators();
    ctx = await createTestContext(dialect, {
      config: { merchantAllowedHosts: ['127.0.0.1'], actionMinIntervalSeconds: 0 },
    });
    ctx.deps.merchant = { timeoutMs: 400 };
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
    // Jakarta (UTC+7): 2026-11-20 runs from 2026-11-19T17:00Z to 2026-11-20T17:00Z; the edges on purpose.
    const noti = (status: 1 | 2, at: string) => ({
      status: '00' as const,
      createdAt: at,
      notification: { status, attempts: status === 2 ? 1 : 0 },
    });
    await insertTx(ctx, mine, 'VA', [
      { orderId: 'NT-A', ...noti(2, '2026-11-19T16:59:59.999Z') },
      { orderId: 'NT-B', ...noti(2, '2026-11-19T17:00:00.000Z') },
      { orderId: 'NT-C', ...noti(1, '2026-11-20T03:30:00.000Z') },
      { orderId: 'NT-D', ...noti(1, '2026-11-20T16:59:59.999Z') },
      { orderId: 'NT-E', ...noti(2, '2026-11-20T17:00:00.000Z') },
      { orderId: 'NT-F', status: '03', createdAt: '2026-11-20T05:00:00.000Z' },
    ]);
    await insertTx(ctx, mine, 'QRIS', [
      { orderId: 'NT-Q', ...noti(1, '2026-11-18T10:00:00.000Z') },
    ]);
    await insertTx(ctx, other, 'VA', [{ orderId: 'NT-O', ...noti(1, '2026-11-20T03:30:00.000Z') }]);
    // The bulk insert gives notifications explicit ids: PostgreSQL's sequence must move past them before Notif inserts one.
    await resyncIdentity(ctx.db.kysely, 'notifications', 'notiId');
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('is exact after the bulk insert and the list counts from it for ranges and status filters', async () => {
    const result = await expectExact();
    expect(result.groups).toBeGreaterThan(0);
    for (const raw of [
      { from: '1970-01-01', to: '2026-11-30' },
      { from: '2026-11-20', to: '2026-11-20' },
      { from: '2026-11-19', to: '2026-11-19' },
      { from: '2026-11-21', to: '2026-11-21' },
      { to: '2026-11-20' },
      { from: '2026-11-20' },
      {},
      {
        from: '2026-11-20',
        to: '2026-11-20',
        'finds[notiStatus][equal]': String(NOTI_STATUS.PENDING),
      },
      { from: '2026-11-01', to: '2026-11-30', 'finds[notiStatus]': String(NOTI_STATUS.DELIVERED) },
      { 'finds[notiStatus][not_equal]': String(NOTI_STATUS.DELIVERED) },
    ]) {
      const { fromRollup, fromRows } = await counts(raw);
      expect({ raw, fromRollup }).toEqual({ raw, fromRollup: fromRows });
    }
    expect(await counts({ from: '2026-11-20', to: '2026-11-20' })).toEqual({
      fromRollup: 3,
      fromRows: 3,
    });
    expect(await counts({}, {}, other.compId)).toEqual({ fromRollup: 1, fromRows: 1 });
  });

  it('leaves searches, other fields, the work queue and ranges off the whole hour to the rows', async () => {
    expect((await counts({ 'finds[notiOrderId]': 'NT-' })).fromRollup).toBeNull();
    expect((await counts({ search: 'NT', searchFields: 'notiOrderId' })).fromRollup).toBeNull();
    expect(
      (await counts({ 'finds[notiCreatedTime][greater_than]': '2026-11-19' })).fromRollup,
    ).toBeNull();
    expect((await counts({}, { attention: true })).fromRollup).toBeNull();
    // India is UTC+5:30: its days start on the half hour.
    const kolkata = await counts(
      { from: '2026-11-20', to: '2026-11-20' },
      {},
      mine.compId,
      'Asia/Kolkata',
    );
    expect(kolkata.fromRollup).toBeNull();
  });

  it("answers the list call with the rollup's count", async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/notification?from=2026-11-20&to=2026-11-20&max=1',
      token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.pagination).toMatchObject({ totalData: 3, totalPage: 3 });
    expect(res.json().data.data).toHaveLength(1);
  });

  it('stays exact when Notif creates a notification and records a delivered and a failed attempt', async () => {
    const before = (await counts({})).fromRows;
    const delivered = await paidVa('ok1');
    const first = await send(delivered);
    expect(first.json().data).toMatchObject({ notiStatus: NOTI_STATUS.DELIVERED });
    await expectExact();
    const failed = await paidVa('fail1');
    expect((await send(failed)).statusCode).toBe(502);
    await expectExact();
    // Another attempt on the delivered one (the company's callback now fails): recorded, counted where it belongs.
    await send(delivered);
    await expectExact();
    expect(await counts({})).toEqual({ fromRollup: before + 2, fromRows: before + 2 });
    expect((await counts({ 'finds[notiStatus]': String(NOTI_STATUS.PENDING) })).fromRollup).toBe(
      (await counts({ 'finds[notiStatus]': String(NOTI_STATUS.PENDING) })).fromRows,
    );
  });

  it('stays exact after any UPDATE of status or creation time, a lease, a delete, and many rows in one statement', async () => {
    const db = ctx.db.kysely;
    await db
      .updateTable('notifications')
      .set({ notiStatus: NOTI_STATUS.DELIVERED })
      .where('notiCompId', '=', mine.compId)
      .where('notiStatus', '=', NOTI_STATUS.PENDING)
      .execute();
    await expectExact();
    await db
      .updateTable('notifications')
      .set({ notiLockedUntil: '2026-11-20T04:00:00.000Z' })
      .where('notiCompId', '=', mine.compId)
      .execute();
    await db
      .updateTable('notifications')
      .set({ notiCreatedTime: '2026-11-21T01:00:00.000Z', notiStatus: NOTI_STATUS.PENDING })
      .where('notiCompId', '=', other.compId)
      .execute();
    await expectExact();
    const victim = await db
      .selectFrom('notifications')
      .select('notiId')
      .where('notiCompId', '=', mine.compId)
      .orderBy('notiId')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('notification_history').where('nohiNotiId', '=', victim.notiId).execute();
    await db.deleteFrom('notifications').where('notiId', '=', victim.notiId).execute();
    await expectExact();
    // 300 notifications in one bulk batch (one INSERT statement per table).
    await insertTx(
      ctx,
      mine,
      'VA',
      Array.from({ length: 300 }, (_, i) => ({
        orderId: `NT-BULK-${i}`,
        status: '00',
        createdAt: `2026-11-${String(1 + (i % 28)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:15:00.000Z`,
        notification: { status: (i % 2 === 0 ? 1 : 2) as 1 | 2 },
      })),
    );
    await expectExact();
    for (const raw of [
      {},
      { from: '2026-11-01', to: '2026-11-30' },
      { from: '2026-11-10', to: '2026-11-12', 'finds[notiStatus]': '2' },
    ]) {
      const { fromRollup, fromRows } = await counts(raw);
      expect({ raw, fromRollup }).toEqual({ raw, fromRollup: fromRows });
    }
  });

  it("stays exact through the bulk writer's helper (one grouped upsert per batch), and the triggers count again after it", async () => {
    const db = ctx.db.kysely;
    const trctIds = await insertTx(
      ctx,
      other,
      'VA',
      Array.from({ length: 120 }, (_, i) => ({
        orderId: `NT-HELP-${i}`,
        status: '00' as const,
        createdAt: '2026-11-05T05:00:00.000Z',
      })),
    );
    const rows = trctIds.map((trctId, i) => ({
      notiTrctId: trctId,
      notiCompId: other.compId,
      notiOrderId: `NT-HELP-${i}`,
      notiStatus: 1 + (i % 2),
      notiCreatedTime: `2026-11-${String(1 + (i % 9)).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:45:00.000Z`,
      notiAttempts: 0,
    }));
    await resyncIdentity(db, 'notifications', 'notiId');
    await db.transaction().execute((tx) =>
      bulkNotificationRollup(tx, rows, async () => {
        await tx.insertInto('notifications').values(rows).execute();
      }),
    );
    await expectExact();
    expect(await db.selectFrom('notification_rollup_bulk').selectAll().execute()).toEqual([]);
    await db
      .updateTable('notifications')
      .set({ notiStatus: NOTI_STATUS.DELIVERED })
      .where('notiOrderId', '=', 'NT-HELP-0')
      .execute();
    await expectExact();
    expect(await counts({ from: '2026-11-01', to: '2026-11-10' }, {}, other.compId)).toEqual({
      fromRollup: 120,
      fromRows: 120,
    });
  });

  it('gives the same pages whether SQLite walks the id order or sorts the range, and walks only when it reads less', async () => {
    const tz = ctx.config.businessTz;
    const pageIds = async (raw: RawQuery, idWalk: boolean) => {
      const query = parse(raw);
      const range = parseDateRange(raw.from, raw.to, tz);
      const ids = applyOrderAndPage(
        filteredNotifications(
          ctx.db.kysely,
          { compId: mine.compId, range, query, timeZone: tz },
          { own: true, idWalk },
        ).select(sql<number>`${sql.ref('notiId')}`.as('notiId')),
        query,
        { timeZone: tz, tieBreaker: 'notiId' },
      );
      return (await ids.execute()).map((r) => Number((r as { notiId: number }).notiId));
    };
    for (const raw of [
      { from: '1970-01-01', to: '2026-11-30', max: '7', page: '2' },
      { from: '2026-11-05', to: '2026-11-12', max: '5', page: '3', orderValue: 'asc' },
      { from: '2026-11-01', to: '2026-11-30', max: '4', 'finds[notiStatus]': '2' },
      { to: '2026-11-20', max: '6', page: '4', orderField: 'notiCreatedTime' },
    ]) {
      const planned = await pageIds(raw, false);
      expect(planned.length).toBeGreaterThan(0);
      if (dialect === 'sqlite')
        expect({ raw, ids: await pageIds(raw, true) }).toEqual({ raw, ids: planned });
    }
    const decide = async (raw: RawQuery) => {
      const query = parse(raw);
      const range = parseDateRange(raw.from, raw.to, tz);
      const request = { compId: mine.compId, range, query, timeZone: tz };
      return walkNotificationIds(
        ctx.db.kysely,
        request,
        (await rollupCount(ctx.db.kysely, request))!,
      );
    };
    expect(await decide({ from: '1970-01-01', to: '2026-11-30', max: '10' })).toBe(
      dialect === 'sqlite',
    );
    expect(await decide({ from: '2026-11-20', to: '2026-11-20', max: '10' })).toBe(false);
    expect(
      await decide({
        from: '1970-01-01',
        to: '2026-11-30',
        max: '10',
        orderField: 'notiCreatedTime',
      }),
    ).toBe(false);
  });
});
