/**
 * Issue 35 item 6: a resolution sent twice (a double click on "Terima selisih", a retry after a
 * lost answer, two copies racing) is answered as the first was: 200 with its message and the
 * break as it left it, one history event and one audit event. Anything else against a break that
 * is no longer open is still refused, in Indonesian.
 */
import { RECON_RESOLVE_TEXT } from '@tagih/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany } from '../monitoring/support.ts';
import { importBriDay } from './support.ts';

describe.each(DIALECTS)('a resolution sent twice (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let ids: Record<string, number>;
  const breakOf = async (category: string) => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/recon/breaks?finds[category]=${category}`,
      token,
    });
    const [row] = res.json().data.data as { rbrkId: number }[];
    return row!.rbrkId;
  };
  const resolve = (rbrkId: number, body: Record<string, unknown>) =>
    ctx.inject({
      method: 'POST',
      url: `/api/recon/breaks/${rbrkId}/resolve`,
      token,
      payload: body,
    });
  const history = async (rbrkId: number) =>
    (
      (await ctx.inject({ method: 'GET', url: `/api/recon/breaks/${rbrkId}`, token })).json().data
        .history as { action: string; reason: string | null }[]
    ).map((h) => [h.action, h.reason]);
  const audited = async (action: string, rbrkId: number) =>
    (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select('audtId')
        .where('audtAction', '=', action)
        .where('audtTargetId', '=', String(rbrkId))
        .execute()
    ).length;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    token = await ctx.login(ADMIN);
    ids = await importBriDay(ctx, token, await createCompany(ctx));
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('"Terima selisih" twice at once: both answer the first result; one event, one audit entry', async () => {
    const rbrkId = await breakOf('amount');
    const body = { action: 'accept', reason: 'Biaya bank satu rupiah' };
    const answers = await Promise.all([resolve(rbrkId, body), resolve(rbrkId, body)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status.message).toBe(RECON_RESOLVE_TEXT.accepted);
      expect(res.json().data).toMatchObject({
        message: RECON_RESOLVE_TEXT.accepted,
        break: { status: 'resolved', resolution: 'accept', resolvedBy: 'admin' },
      });
    }
    // Later, the same again (a retry after a lost answer): the same answer, nothing written.
    const again = await resolve(rbrkId, body);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.message).toBe(RECON_RESOLVE_TEXT.accepted);
    expect(await history(rbrkId)).toEqual([
      ['detected', null],
      ['accept', 'Biaya bank satu rupiah'],
    ]);
    expect(await audited('recon.break.accepted', rbrkId)).toBe(1);
  });

  it('a different resolution of a resolved break is refused (409) in Indonesian', async () => {
    const rbrkId = await breakOf('amount');
    const other = await resolve(rbrkId, { action: 'accept', reason: 'Alasan lain sama sekali' });
    expect(other.statusCode).toBe(409);
    expect(other.json().status.message).toBe(RECON_RESOLVE_TEXT.alreadyResolved);
    const link = await resolve(rbrkId, {
      action: 'link',
      reason: 'Biaya bank satu rupiah',
      trctId: ids['VA-AMOUNT-04'],
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().status.message).toBe(RECON_RESOLVE_TEXT.alreadyResolved);
    expect(await audited('recon.break.accepted', rbrkId)).toBe(1);
  });

  it('"Buka kembali" twice: the second answers the first; then the same accept as before resolves it anew', async () => {
    const rbrkId = await breakOf('amount');
    const body = { action: 'reopen', reason: 'Keuangan minta dicek lagi' };
    const answers = await Promise.all([resolve(rbrkId, body), resolve(rbrkId, body)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        message: RECON_RESOLVE_TEXT.reopened,
        break: { status: 'open', resolution: null },
      });
    }
    expect(await audited('recon.break.reopened', rbrkId)).toBe(1);
    // The accept made before the reopen is not the last event: the same accept now resolves again.
    const accept = await resolve(rbrkId, { action: 'accept', reason: 'Biaya bank satu rupiah' });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(await audited('recon.break.accepted', rbrkId)).toBe(2);
  });

  it('"Tautkan transaksi" twice at once: one link; the same pair by order id later too; another pair is refused', async () => {
    const rbrkId = await breakOf('missing_in_tagih');
    const body = {
      action: 'link',
      reason: 'Pelanggan salah transfer',
      trctId: ids['VA-MISSING-07'],
    };
    const answers = await Promise.all([resolve(rbrkId, body), resolve(rbrkId, body)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        message: RECON_RESOLVE_TEXT.linked,
        break: { status: 'resolved', resolution: 'link' },
      });
    }
    const byOrderId = await resolve(rbrkId, {
      action: 'link',
      reason: 'Pelanggan salah transfer',
      orderId: 'VA-MISSING-07',
    });
    expect(byOrderId.statusCode, byOrderId.body).toBe(200);
    expect(await audited('recon.break.linked', rbrkId)).toBe(1);
    expect(
      await ctx.db.kysely
        .selectFrom('recon_matches')
        .select('rmatRule')
        .where('rmatTrctId', '=', ids['VA-MISSING-07']!)
        .execute(),
    ).toEqual([{ rmatRule: 'manual' }]);
    const elsewhere = await resolve(rbrkId, { ...body, trctId: ids['VA-MATCH-01'] });
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().status.message).toBe(RECON_RESOLVE_TEXT.alreadyResolved);
  });
});
