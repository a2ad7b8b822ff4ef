import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDate } from '@tagih/contract';
import { outcomeOf } from '@tagih/bank-sim';
import {
  ADMIN,
  DIALECTS,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';

describe.each(DIALECTS)('demo monitoring data (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('gives every active company VA and QRIS transactions in all statuses, today too, on the three banks', async () => {
    const today = businessDate(ctx.clock.now(), ctx.config.businessTz);
    for (const name of ['PT Toko Maju', 'PT Kopi Kita', 'PT Sinar Pay']) {
      const token = await ctx.loginWithCompany(ADMIN, await companyId(ctx, name));
      for (const kind of ['Va', 'Qr']) {
        const all = (
          await ctx.inject({
            method: 'GET',
            url: `/api/dashboard/transaction${kind}/?max=1000000`,
            token,
          })
        ).json().data;
        expect(all.pagination.totalData).toBeGreaterThan(50);
        expect(new Set(all.data.map((r: { trctStatus: string }) => r.trctStatus))).toEqual(
          new Set(['03', '00', '05']),
        );
        expect(new Set(all.data.map((r: { trctBank: string }) => r.trctBank))).toEqual(
          new Set(['BRI', 'BJB', 'Mandiri']),
        );
        const todays = (
          await ctx.inject({
            method: 'GET',
            url: `/api/dashboard/transaction${kind}/?max=1000&from=${today}&to=${today}`,
            token,
          })
        ).json().data;
        expect(new Set(todays.data.map((r: { trctStatus: string }) => r.trctStatus))).toEqual(
          new Set(['03', '00', '05']),
        );
        const notifications = all.data.filter(
          (r: { notification: unknown }) => !Array.isArray(r.notification),
        );
        expect(
          new Set(
            notifications.map(
              (r: { notification: { notiStatus: number } }) => r.notification.notiStatus,
            ),
          ),
        ).toEqual(new Set([1, 2]));
      }
      // some unpaid transactions the bank simulator reports as paid, so Inquiry changes something
      const unpaid = (
        await ctx.inject({
          method: 'GET',
          url: '/api/dashboard/transactionQr/?max=1000&finds[trctStatus]=03',
          token,
        })
      ).json().data.data;
      expect(unpaid.some((r: { trctOrderId: string }) => outcomeOf(r.trctOrderId) === 'paid')).toBe(
        true,
      );
    }
  });

  it('records several history rows per notification and points demo clients at the demo merchant', async () => {
    const counts = await ctx.db.kysely
      .selectFrom('notification_history')
      .select(['nohiNotiId', (eb) => eb.fn.countAll().as('n')])
      .groupBy('nohiNotiId')
      .execute();
    expect(counts.some((c) => Number(c.n) >= 3)).toBe(true);
    const clients = await ctx.db.kysely
      .selectFrom('clients')
      .innerJoin('companies', 'companies.compClientId', 'clients.clntid')
      .select(['clntid', 'clntCallbackUrl', 'compStatus'])
      .execute();
    for (const c of clients.filter((x) => x.compStatus === 1))
      expect(c.clntCallbackUrl).toBe(`http://127.0.0.1:8092/callbacks/${c.clntid}`);
    expect(
      await ctx.db.kysely
        .selectFrom('transactions')
        .select('trctId')
        .where('trctCompId', '=', await companyId(ctx, 'PT Lama Tutup'))
        .execute(),
    ).toEqual([]);
  });
});
