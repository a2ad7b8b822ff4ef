/**
 * Reconciliation follows the active company (issue 35): Staff budi, linked to PT Toko Maju and
 * PT Kopi Kita, working in PT Toko Maju sees Toko Maju's breaks, counts (Home's "Selisih
 * rekonsiliasi") and statements only, never Kopi Kita's; switched to PT Kopi Kita, the other way
 * round. A pooled account's break of no company shows in each company the account serves, with
 * the company column telling the rows apart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  DIALECTS,
  STAFF_USER,
  companyId,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { insertTx } from '../monitoring/support.ts';
import { PAID_19, createAccount, importFile } from './support.ts';

const statement = (account: string, narratives: [string, number][]) => {
  const total = narratives.reduce((s, [, a]) => s + a, 0);
  const lines = narratives
    .map(([text, amount], i) => `:61:2611191119C${amount},00NTRFNONREF//FT${i}\n:86:${text}\n`)
    .join('');
  return `:20:S${account}\n:25:${account}\n:60F:C261118IDR0,00\n${lines}:62F:C261119IDR${total},00\n`;
};

interface Row {
  category: string;
  compId: number | null;
  compName: string | null;
}

describe.each(DIALECTS)('reconciliation follows the active company (%s)', (dialect) => {
  let ctx: TestContext;
  let toko: number;
  let kopi: number;
  let budiInToko: string;
  let budiInKopi: string;

  const breaks = async (token: string): Promise<Row[]> =>
    (await ctx.inject({ method: 'GET', url: '/api/recon/breaks?max=1000', token })).json().data
      .data;
  const accountsOfStatements = async (token: string): Promise<string[]> =>
    (await ctx.inject({ method: 'GET', url: '/api/recon/statements', token }))
      .json()
      .data.data.map((s: { accountNo: string }) => s.accountNo)
      .sort();
  const counts = async (token: string) =>
    (await ctx.inject({ method: 'GET', url: '/api/recon/breaks/counts', token })).json()
      .data as Record<string, number>;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const admin = await ctx.login(ADMIN);
    toko = await companyId(ctx, 'PT Toko Maju');
    kopi = await companyId(ctx, 'PT Kopi Kita');
    const clientOf = async (compId: number) =>
      (
        await ctx.db.kysely
          .selectFrom('companies')
          .select('compClientId')
          .where('compId', '=', compId)
          .executeTakeFirstOrThrow()
      ).compClientId!;
    await insertTx(ctx, { compId: kopi, clntid: await clientOf(kopi), secret: '' }, 'VA', [
      {
        orderId: 'KOPI-VA-1',
        customerNo: '081288880001',
        amount: 20000,
        status: '00',
        bank: 'BRI',
        lunasAt: PAID_19,
      },
    ]);
    await insertTx(ctx, { compId: toko, clntid: await clientOf(toko), secret: '' }, 'VA', [
      {
        orderId: 'TOKO-VA-1',
        customerNo: '081277770001',
        amount: 10000,
        status: '00',
        bank: 'BRI',
        lunasAt: PAID_19,
      },
    ]);
    await createAccount(ctx, admin, {
      baccBank: 'BRI',
      baccAccountNo: '3333333333',
      baccName: 'Kopi Kita BRI',
      baccCompIds: [kopi],
    });
    await createAccount(ctx, admin, {
      baccBank: 'BRI',
      baccAccountNo: '1111111111',
      baccName: 'Toko Maju BRI',
      baccCompIds: [toko],
    });
    await createAccount(ctx, admin, {
      baccBank: 'BRI',
      baccAccountNo: '4444444444',
      baccName: 'Pooled BRI',
      baccCompIds: [toko, kopi],
    });
    // An amount break of each company, and a credit naming no bill on the pooled account.
    expect(
      (
        await importFile(
          ctx,
          admin,
          'kopi.mt940',
          {},
          statement('3333333333', [['TRANSFER VA 77001081288880001', 20001]]),
        )
      ).json().data.breaks,
    ).toMatchObject({ amount: 1 });
    expect(
      (
        await importFile(
          ctx,
          admin,
          'toko.mt940',
          {},
          statement('1111111111', [['TRANSFER VA 77001081277770001', 10002]]),
        )
      ).json().data.breaks,
    ).toMatchObject({ amount: 1 });
    expect(
      (
        await importFile(
          ctx,
          admin,
          'pooled.mt940',
          {},
          statement('4444444444', [['TRANSFER TANPA KETERANGAN', 5000]]),
        )
      ).json().data.breaks,
    ).toMatchObject({ missing_in_tagih: 1 });
    budiInToko = await ctx.loginWithCompany(STAFF_USER, toko);
    budiInKopi = await ctx.loginWithCompany(STAFF_USER, kopi);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("budi in PT Toko Maju sees Toko Maju's breaks and the pooled account's, never Kopi Kita's", async () => {
    const rows = await breaks(budiInToko);
    expect(rows).toContainEqual(
      expect.objectContaining({ category: 'amount', compId: toko, compName: 'PT Toko Maju' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ category: 'missing_in_tagih', compId: null }),
    );
    expect(rows.filter((r) => r.compId === kopi)).toEqual([]);
    expect(rows.every((r) => r.compId === toko || r.compId === null)).toBe(true);
  });

  it('switched to PT Kopi Kita, the other way round', async () => {
    const rows = await breaks(budiInKopi);
    expect(rows).toContainEqual(
      expect.objectContaining({ category: 'amount', compId: kopi, compName: 'PT Kopi Kita' }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ category: 'missing_in_tagih', compId: null }),
    );
    expect(rows.filter((r) => r.compId === toko)).toEqual([]);
  });

  it("counts (Home's card) and statements follow the company too", async () => {
    const tokoRows = await breaks(budiInToko);
    const tokoAmount = tokoRows.filter((r) => r.category === 'amount').length;
    expect((await counts(budiInToko)).amount).toBe(tokoAmount);
    expect((await counts(budiInKopi)).amount).toBe(1);
    expect(await accountsOfStatements(budiInToko)).toEqual(['1111111111', '4444444444']);
    expect(await accountsOfStatements(budiInKopi)).toEqual(['3333333333', '4444444444']);
  });
});
