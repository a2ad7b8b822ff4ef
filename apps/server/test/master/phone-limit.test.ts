/** Phone numbers stop at 15 digits (spec §5): the server refuses more, and nothing changes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { COMPANY, GROUP, apiFor, qs, type Api } from './helpers.ts';

const SIXTEEN_DIGITS = '0812345678901234';
const FIFTEEN_DIGITS = '081234567890123';

describe.each(DIALECTS)('phone length (%s)', (dialect) => {
  let ctx: TestContext;
  let api: Api;
  beforeEach(async () => {
    ctx = await createTestContext(dialect);
    api = apiFor(ctx, await ctx.login());
  });
  afterEach(async () => {
    await ctx.close();
  });

  const companyNamed = async (name: string) =>
    (await api.get(`/master/company${qs({ 'finds[compName][eq]': name })}`)).body.data.pagination
      .totalData as number;

  it('refuses a company phone or PIC phone of 16 digits with 400 and creates nothing; 15 digits are fine', async () => {
    const grcpId = (await api.post('/master/Company_Group', { ...GROUP })).body.data
      .grcpId as number;
    const base = { ...COMPANY, compGrcpId: grcpId, compClientId: 1 };
    const tooLong = await api.post('/master/company', { ...base, compPhone: SIXTEEN_DIGITS });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.data.errors).toEqual({ compPhone: 'Phone must not exceed 15 digits' });
    const picTooLong = await api.post('/master/company', { ...base, compPICPhone: SIXTEEN_DIGITS });
    expect(picTooLong.status).toBe(400);
    expect(picTooLong.body.data.errors).toEqual({
      compPICPhone: 'PIC Phone must not exceed 15 digits',
    });
    expect(await companyNamed(COMPANY.compName)).toBe(0);

    const ok = await api.post('/master/company', {
      ...base,
      compPhone: FIFTEEN_DIGITS,
      compPICPhone: FIFTEEN_DIGITS,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.compPhone).toBe(FIFTEEN_DIGITS);
  });

  it('refuses a 16-digit company group phone on edit and keeps the stored one', async () => {
    const created = (await api.post('/master/Company_Group', { ...GROUP })).body.data;
    const edit = await api.put(`/master/Company_Group/${created.grcpId}`, {
      ...GROUP,
      grcpId: created.grcpId,
      grcpTelp: SIXTEEN_DIGITS,
    });
    expect(edit.status).toBe(400);
    expect(edit.body.data.errors).toEqual({ grcpTelp: 'No. Telpon must not exceed 15 digits' });
    expect((await api.get(`/master/Company_Group/${created.grcpId}`)).body.data.grcpTelp).toBe(
      GROUP.grcpTelp,
    );
  });
});
