/**
 * Who may do what in reconciliation: a Staff user reads the queue but neither imports nor
 * resolves (403, recorded); a user sees the breaks of the companies linked to them, and a break of
 * no company only when they reach every company of its account; bank accounts are a master
 * resource with their own area, written with their companies and audited.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_BANK_ACCOUNTS } from '@tagih/contract/demo-bank';
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

describe.each(DIALECTS)('reconciliation access (%s)', (dialect) => {
  let ctx: TestContext;
  let admin: string;
  let staff: string;
  let toko: number;
  let lama: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    admin = await ctx.login(ADMIN);
    staff = await ctx.login(STAFF_USER);
    // Budi (Staff) is linked to PT Toko Maju and PT Kopi Kita only.
    toko = await companyId(ctx, 'PT Toko Maju');
    lama = await companyId(ctx, 'PT Lama Tutup');
    const company = {
      compId: toko,
      clntid: (
        await ctx.db.kysely
          .selectFrom('companies')
          .select('compClientId')
          .where('compId', '=', toko)
          .executeTakeFirstOrThrow()
      ).compClientId!,
      secret: '',
    };
    await insertTx(ctx, company, 'VA', [
      {
        orderId: 'ACC-VA-1',
        customerNo: '081299990001',
        amount: 10000,
        status: '00',
        bank: 'BRI',
        lunasAt: PAID_19,
      },
    ]);
    await createAccount(ctx, admin, {
      baccBank: 'BRI',
      baccAccountNo: '1111111111',
      baccName: 'Toko Maju BRI',
      baccCompIds: [toko],
    });
    await createAccount(ctx, admin, {
      baccBank: 'BRI',
      baccAccountNo: '2222222222',
      baccName: 'Pooled BRI',
      baccCompIds: [toko, lama],
    });
    expect(
      (
        await importFile(
          ctx,
          admin,
          'toko.mt940',
          {},
          statement('1111111111', [['TRANSFER VA 77001081299990001', 10001]]),
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
          statement('2222222222', [['TRANSFER TANPA KETERANGAN', 5000]]),
        )
      ).json().data.breaks,
    ).toMatchObject({ missing_in_tagih: 1 });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('Staff reads the queue of its companies, but a break of no company only when it reaches every company of the account', async () => {
    const seen = async (token: string) =>
      (await ctx.inject({ method: 'GET', url: '/api/recon/breaks?max=1000', token }))
        .json()
        .data.data.map((r: { category: string; compId: number | null }) => [r.category, r.compId]);
    // The demo data's BRI payments of PT Toko Maju on that day are missing at the bank too.
    const staffRows: [string, number | null][] = await seen(staff);
    expect(staffRows).toContainEqual(['amount', toko]);
    expect(staffRows.every(([, compId]) => compId === toko)).toBe(true);
    expect(await seen(admin)).toContainEqual(['missing_in_tagih', null]);
    const pooled = (
      await ctx.inject({
        method: 'GET',
        url: '/api/recon/breaks?finds[category]=missing_in_tagih',
        token: admin,
      })
    ).json().data.data[0].rbrkId;
    expect(
      (await ctx.inject({ method: 'GET', url: `/api/recon/breaks/${pooled}`, token: staff }))
        .statusCode,
    ).toBe(404);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/recon/statements', token: staff }))
        .json()
        .data.data.map((s: { accountNo: string }) => s.accountNo),
    ).toEqual(['1111111111']);
  });

  it('Staff may neither resolve nor import (403, recorded as access.denied)', async () => {
    const [row] = (
      await ctx.inject({
        method: 'GET',
        url: '/api/recon/breaks?finds[category]=amount',
        token: staff,
      })
    ).json().data.data;
    const resolve = await ctx.inject({
      method: 'POST',
      url: `/api/recon/breaks/${row.rbrkId}/resolve`,
      token: staff,
      payload: { action: 'accept', reason: 'Looks fine to me' },
    });
    expect(resolve.statusCode).toBe(403);
    expect(resolve.json().status.message).toBe(
      'You do not have permission to do this. (needs reconciliation.update)',
    );
    const bulk = await ctx.inject({
      method: 'POST',
      url: '/api/recon/breaks/resolve',
      token: staff,
      payload: { action: 'accept', reason: 'Looks fine to me', selection: { ids: [row.rbrkId] } },
    });
    expect(bulk.statusCode).toBe(403);
    const upload = await importFile(
      ctx,
      staff,
      'toko.mt940',
      {},
      statement('1111111111', [['X', 1]]),
    );
    expect(upload.statusCode).toBe(403);
    expect(upload.json().status.message).toBe(
      'You do not have permission to do this. (needs reconciliation.create)',
    );
    const denied = await ctx.db.kysely
      .selectFrom('audit_events')
      .select('audtDetails')
      .where('audtAction', '=', 'access.denied')
      .where('audtActorUsername', '=', 'budi')
      .execute();
    expect(denied.map((d) => JSON.parse(d.audtDetails).needed)).toEqual([
      'reconciliation.update',
      'reconciliation.update',
      'reconciliation.create',
    ]);
    expect(
      (
        await ctx.inject({ method: 'GET', url: `/api/recon/breaks/${row.rbrkId}`, token: staff })
      ).json().data.status,
    ).toBe('open');
  });

  it('an import without a session is refused before the file is kept', async () => {
    const res = await importFile(ctx, '', 'toko.mt940', {}, statement('1111111111', [['X', 1]]));
    expect(res.statusCode).toBe(401);
  });

  it('the areas are in the Permission screen, the Superadmin holds them, and Rina (Admin) imports but Staff does not', async () => {
    const permissions = (
      await ctx.inject({ method: 'GET', url: '/api/master/Permission?max=100', token: admin })
    )
      .json()
      .data.data.map((p: { prmsName: string }) => p.prmsName);
    expect(permissions).toEqual(expect.arrayContaining(['reconciliation', 'master_bank_account']));
    const status = (
      await ctx.inject({ method: 'GET', url: '/api/security/authentication/status', token: staff })
    ).json().data;
    expect(JSON.stringify(status)).toContain('reconciliation');
  });

  it('bank accounts: listed with their companies, refused with clear messages, audited, not deleted once statements exist', async () => {
    const all = (
      await ctx.inject({
        method: 'GET',
        url: '/api/master/Bank_Account?orderField=baccAccountNo',
        token: admin,
      })
    ).json().data.data;
    // The demo data's own accounts (the simulated banks' statement accounts) apart.
    const list = all.filter(
      (a: { baccAccountNo: string }) =>
        !Object.values(DEMO_BANK_ACCOUNTS).includes(a.baccAccountNo),
    );
    expect(
      list.map((a: { baccAccountNo: string; baccCompIds: number[] }) => [
        a.baccAccountNo,
        a.baccCompIds,
      ]),
    ).toEqual([
      ['1111111111', [toko]],
      ['2222222222', [toko, lama].sort((a, b) => a - b)],
    ]);
    const bad = async (body: Record<string, unknown>) =>
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/master/Bank_Account',
          token: admin,
          payload: body,
        })
      ).json();
    const ok = {
      baccBank: 'BCA',
      baccAccountNo: '3333333333',
      baccName: 'Toko BCA',
      baccCompIds: [toko],
    };
    expect((await bad({ ...ok, baccAccountNo: '12ab' })).data.errors).toEqual({
      baccAccountNo: 'Account No must be 5 to 34 digits',
    });
    expect((await bad({ ...ok, baccCompIds: [] })).data.errors).toEqual({
      baccCompIds: 'Pick at least one company',
    });
    expect((await bad({ ...ok, baccCompIds: [987654] })).data.errors).toEqual({
      baccCompIds: 'Company 987654 does not exist',
    });
    expect(
      (await bad({ ...ok, baccBank: 'BRI', baccAccountNo: '1111111111' })).data.errors,
    ).toEqual({ baccAccountNo: 'Account No has already been used' });
    expect(
      (
        await bad({
          ...ok,
          baccCsvMapping: { date: 'Tanggal', dateFormat: 'DD/MM/YYYY', description: 'Uraian' },
        })
      ).data.errors,
    ).toHaveProperty('baccCsvMapping.amount');
    const created = await ctx.inject({
      method: 'POST',
      url: '/api/master/Bank_Account',
      token: admin,
      payload: ok,
    });
    expect(created.json().data).toMatchObject({
      baccBank: 'BCA',
      baccCompIds: [toko],
      companyNames: ['PT Toko Maju'],
      baccCsvMapping: null,
    });
    const id = created.json().data.baccId;
    const edited = await ctx.inject({
      method: 'PUT',
      url: `/api/master/Bank_Account/${id}`,
      token: admin,
      payload: { ...ok, baccCompIds: [toko, lama] },
    });
    expect(edited.json().data.baccCompIds).toEqual([toko, lama].sort((a, b) => a - b));
    expect(
      (await ctx.inject({ method: 'DELETE', url: `/api/master/Bank_Account/${id}`, token: admin }))
        .statusCode,
    ).toBe(200);
    const used = list.find(
      (a: { baccAccountNo: string }) => a.baccAccountNo === '1111111111',
    ).baccId;
    const refused = await ctx.inject({
      method: 'DELETE',
      url: `/api/master/Bank_Account/${used}`,
      token: admin,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().status.message).toBe(
      'Bank Account is still used by 1 imported statements; remove those first.',
    );
    const events = await ctx.db.kysely
      .selectFrom('audit_events')
      .select('audtAction')
      .where('audtAction', 'like', 'master.bank_account.%')
      .orderBy('audtId')
      .execute();
    expect(events.map((e) => e.audtAction)).toEqual([
      'master.bank_account.created',
      'master.bank_account.created',
      'master.bank_account.created',
      'master.bank_account.updated',
      'master.bank_account.deleted',
    ]);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/master/Bank_Account', token: staff }))
        .statusCode,
    ).toBe(403);
  });
});
