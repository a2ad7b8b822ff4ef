/**
 * Home figures (issue 11): each equals the total of the list it links to (same range and
 * status), on the rollup and on the rows; the per-status list totals equal the rows; the answer
 * holds only what the user may read, and only the active company's data.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSACTION_STATUSES,
  parseListQuery,
  type HomeFigures,
  type RawQuery,
} from '@tagih/contract';
import { hashPassword } from '../../src/security/passwords.ts';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { rollupByStatus } from '../../src/modules/transactions/rollup-repo.ts';
import { rowsByStatus } from '../../src/modules/transactions/list/status-totals-repo.ts';
import { parseDateRange } from '../../src/shared/date-range.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, type TestCompany } from './support.ts';

const HOME = '/api/dashboard/home';
const LIST = {
  va: '/api/dashboard/transactionVa/',
  qris: '/api/dashboard/transactionQr/',
} as const;
const NOTI = '/api/dashboard/notification';

describe.each(DIALECTS)('Home figures (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;
  const get = (url: string, t = token) => ctx.inject({ method: 'GET', url, token: t });
  const query = (params: Record<string, string>) => new URLSearchParams(params).toString();
  const home = async (t = token): Promise<HomeFigures> => {
    const res = await get(HOME, t);
    expect(res.statusCode).toBe(200);
    return res.json().data as HomeFigures;
  };

  /** A user whose role grants `read` on exactly these areas, linked to `compId`. */
  async function userWith(areas: string[], compId: number): Promise<string> {
    const db = ctx.db.kysely;
    const now = ctx.clock.now().toISOString();
    const n = `${areas.join('-').slice(0, 20)}${Math.random().toString(36).slice(2, 6)}`;
    const audit = (p: string) => ({
      [`${p}CreatedTime`]: now,
      [`${p}CreatedUserId`]: 'system',
      [`${p}UpdatedTime`]: now,
      [`${p}UpdatedUserId`]: 'system',
    });
    const role = await db
      .insertInto('roles')
      .values({ roleName: `Home${n}`.slice(0, 50), ...audit('role') } as never)
      .returning('roleId')
      .executeTakeFirstOrThrow();
    for (const area of areas) {
      const prms = await db
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', area)
        .executeTakeFirstOrThrow();
      await db
        .insertInto('role_permissions')
        .values({
          rperRoleId: role.roleId,
          rperPrmsId: prms.prmsId,
          rperOperations: '["read"]',
          ...audit('rper'),
        } as never)
        .execute();
    }
    const userId = `home${n}@tagih.id`;
    await db
      .insertInto('users')
      .values({ userId, userStatus: 1, ...audit('user') } as never)
      .execute();
    await db
      .insertInto('user_logins')
      .values({
        usloUserId: userId,
        usloUserName: `home${n}`,
        usloPassword: await hashPassword('home-pass-1'),
        ...audit('uslo'),
      } as never)
      .execute();
    await db
      .insertInto('user_roles')
      .values({ usroUserId: userId, usroRoleId: role.roleId, ...audit('usro') } as never)
      .execute();
    await db
      .insertInto('user_companies')
      .values({ uscoUserId: userId, uscoCompId: compId, ...audit('usco') } as never)
      .execute();
    return ctx.loginWithCompany({ username: `home${n}`, password: 'home-pass-1' }, compId);
  }

  beforeAll(async () => {
    // The clock stands at 2026-11-20T03:00Z: business day 2026-11-20 in Asia/Jakarta, the week from 2026-11-14.
    ctx = await createTestContext(dialect, { demo: false });
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    await insertTx(ctx, mine, 'VA', [
      { orderId: 'H-VA-1', status: '03', amount: 150000, createdAt: '2026-11-20T01:00:00.000Z' },
      {
        orderId: 'H-VA-2',
        status: '00',
        amount: 200000,
        paid: 200000.5,
        createdAt: '2026-11-20T02:00:00.000Z',
        notification: { status: 2 },
      },
      { orderId: 'H-VA-3', status: '05', amount: 75000, createdAt: '2026-11-19T18:00:00.000Z' },
      {
        orderId: 'H-VA-4',
        status: '00',
        amount: 10000,
        createdAt: '2026-11-16T05:00:00.000Z',
        notification: { status: 1 },
      },
      { orderId: 'H-VA-5', status: '03', amount: 5000, createdAt: '2026-11-14T00:00:00.000Z' },
      // Before the week (2026-11-13 in Jakarta): in no figure.
      { orderId: 'H-VA-6', status: '00', amount: 999, createdAt: '2026-11-13T16:59:00.000Z' },
    ]);
    await insertTx(ctx, mine, 'QRIS', [
      {
        orderId: 'H-QR-1',
        status: '00',
        amount: 30000,
        createdAt: '2026-11-20T00:30:00.000Z',
        notification: { status: 2 },
      },
      { orderId: 'H-QR-2', status: '03', amount: 12000, createdAt: '2026-11-18T00:30:00.000Z' },
    ]);
    // Another company's rows: never in this company's figures.
    await insertTx(ctx, other, 'VA', [
      {
        orderId: 'X-VA-1',
        status: '00',
        amount: 1_000_000,
        createdAt: '2026-11-20T01:00:00.000Z',
        notification: { status: 2 },
      },
      { orderId: 'X-VA-2', status: '03', amount: 1_000_000, createdAt: '2026-11-20T01:00:00.000Z' },
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('answers today and the week of the active company, by status, with a daily series', async () => {
    const figures = await home();
    expect(figures.today).toBe('2026-11-20');
    expect(figures.weekFrom).toBe('2026-11-14');
    expect(figures.va!.today).toEqual([
      { status: '03', count: 1, amount: 150000 },
      { status: '00', count: 1, amount: 200000.5 },
      { status: '05', count: 1, amount: 75000 },
    ]);
    expect(figures.va!.week).toEqual([
      { status: '03', count: 2, amount: 155000 },
      { status: '00', count: 2, amount: 210000.5 },
      { status: '05', count: 1, amount: 75000 },
    ]);
    expect(figures.va!.daily.map((d) => d.day)).toEqual([
      '2026-11-14',
      '2026-11-15',
      '2026-11-16',
      '2026-11-17',
      '2026-11-18',
      '2026-11-19',
      '2026-11-20',
    ]);
    expect(figures.va!.daily[2]!.byStatus.find((s) => s.status === '00')).toEqual({
      status: '00',
      count: 1,
      amount: 10000,
    });
    expect(figures.qris!.week.map((s) => s.count)).toEqual([1, 1, 0]);
    expect(figures.notifications).toEqual({
      today: { total: 2, delivered: 2 },
      week: { total: 3, delivered: 2 },
    });
  });

  it('equals the totals of the lists it links to, for each period and status', async () => {
    const figures = await home();
    const periods = [
      { from: figures.today, to: figures.today, key: 'today' as const },
      { from: figures.weekFrom, to: figures.today, key: 'week' as const },
    ];
    for (const kind of ['va', 'qris'] as const) {
      for (const period of periods) {
        for (const status of TRANSACTION_STATUSES) {
          const figure = figures[kind]![period.key].find((s) => s.status === status)!;
          const res = await get(
            `${LIST[kind]}?${query({ from: period.from, to: period.to, 'finds[trctStatus]': status, max: '1000' })}`,
          );
          expect(res.statusCode).toBe(200);
          const body = res.json().data;
          expect(body.pagination.totalData).toBe(figure.count);
          expect(body.total.by_status.find((s: { status: string }) => s.status === status)).toEqual(
            figure,
          );
          // ... and the listed rows themselves add up to it.
          const rowsMinor = body.data.reduce(
            (
              sum: number,
              r: { trctTotalAmountPaid: number | null; trctTotalAmount: number | null },
            ) => sum + Math.round((r.trctTotalAmountPaid ?? r.trctTotalAmount ?? 0) * 100),
            0,
          );
          if (kind === 'va') expect(rowsMinor / 100).toBe(figure.amount);
        }
      }
    }
    for (const period of periods) {
      const all = (await get(`${NOTI}?${query({ from: period.from, to: period.to })}`)).json().data;
      const delivered = (
        await get(
          `${NOTI}?${query({ from: period.from, to: period.to, 'finds[notiStatus]': '2' })}`,
        )
      ).json().data;
      expect(all.pagination.totalData).toBe(figures.notifications![period.key].total);
      expect(delivered.pagination.totalData).toBe(figures.notifications![period.key].delivered);
    }
  });

  it('gives the same per-status totals from the rollup and from the rows, and a search (rows) equals its rows', async () => {
    const tz = ctx.config.businessTz;
    for (const kind of SERVER_KINDS) {
      for (const raw of [
        { from: '2026-11-14', to: '2026-11-20' },
        { from: '2026-11-20', to: '2026-11-20', 'finds[trctStatus]': '00' },
      ] as RawQuery[]) {
        const parsed = parseListQuery(raw, kind.resource, ['from', 'to']);
        if (!parsed.ok) throw new Error(parsed.message);
        const days = { from: raw.from!, to: raw.to! };
        const fromRollup = await rollupByStatus(ctx.db.kysely, {
          kind,
          compId: mine.compId,
          days,
          query: parsed.value,
          timeZone: tz,
        });
        const fromRows = await rowsByStatus(ctx.db.kysely, {
          kind,
          compId: mine.compId,
          range: parseDateRange(raw.from, raw.to, tz),
          query: parsed.value,
          timeZone: tz,
        });
        expect(fromRollup).not.toBeNull();
        const sorted = (g: { status: string }[]) =>
          [...g].sort((a, b) => a.status.localeCompare(b.status));
        expect(sorted(fromRollup!)).toEqual(sorted(fromRows));
      }
    }
    const searched = (
      await get(
        `${LIST.va}?${query({ from: '2026-11-14', to: '2026-11-20', 'finds[trctOrderId]': 'H-VA', max: '1000' })}`,
      )
    ).json().data;
    const rows = searched.data as {
      trctStatus: string;
      trctTotalAmountPaid: number | null;
      trctTotalAmount: number | null;
    }[];
    for (const s of searched.total.by_status as {
      status: string;
      count: number;
      amount: number;
    }[]) {
      const mineRows = rows.filter((r) => r.trctStatus === s.status);
      expect(s.count).toBe(mineRows.length);
      expect(s.amount).toBe(
        mineRows.reduce(
          (sum, r) => sum + Math.round((r.trctTotalAmountPaid ?? r.trctTotalAmount ?? 0) * 100),
          0,
        ) / 100,
      );
    }
    expect(searched.total.count_lunas).toBe(2);
    // With the rollup not kept (or kept in another time zone), Home and the lists read the rows: same figures.
    const fromRollup = await home();
    await ctx.db.kysely
      .updateTable('transaction_rollup_state')
      .set({ rlstTimeZone: null })
      .execute();
    try {
      expect(await home()).toEqual(fromRollup);
    } finally {
      await ctx.db.kysely
        .updateTable('transaction_rollup_state')
        .set({ rlstTimeZone: tz })
        .execute();
    }
  });

  it('shows only the parts the user may read', async () => {
    const vaOnly = await home(await userWith(['dashboard_transactionva'], mine.compId));
    expect(vaOnly.va).not.toBeNull();
    expect(vaOnly.qris).toBeNull();
    expect(vaOnly.notifications).toBeNull();
    const notiOnly = await home(await userWith(['dashboard_notification'], mine.compId));
    expect(notiOnly).toMatchObject({
      va: null,
      qris: null,
      notifications: { week: { total: 3, delivered: 2 } },
    });
    const none = await home(await userWith(['master_role'], mine.compId));
    expect(none).toMatchObject({ va: null, qris: null, notifications: null, today: '2026-11-20' });
  });

  it('counts only the active company, and refuses bad input without a 500', async () => {
    const theirs = await home(await ctx.loginWithCompany(ADMIN, other.compId));
    expect(theirs.va!.today).toEqual([
      { status: '03', count: 1, amount: 1_000_000 },
      { status: '00', count: 1, amount: 1_000_000 },
      { status: '05', count: 0, amount: 0 },
    ]);
    expect(theirs.qris!.week.every((s) => s.count === 0)).toBe(true);
    expect(theirs.notifications!.week).toEqual({ total: 1, delivered: 1 });
    expect((await get(`${HOME}?compId=${other.compId}`)).statusCode).toBe(400);
    expect((await get(HOME, await ctx.login(ADMIN))).statusCode).toBe(400);
    expect((await ctx.inject({ method: 'GET', url: HOME })).statusCode).toBe(401);
  });
});
