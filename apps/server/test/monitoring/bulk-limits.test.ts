/**
 * Bulk jobs from the attacker's side: an idempotency key names a job of the same user in the same
 * company only (another company's job is never answered), and one user has at most
 * BULK_JOBS_PER_USER jobs running (more: 429, nothing written). Both dialects.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, MESSAGES, TRANSACTION_KINDS } from '@tagih/contract';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { userWithAreas } from './area-user.ts';
import { createCompany, insertTx, type TestCompany } from './support.ts';

const BULK = '/api/bulk-actions';
let order = 0;

describe.each(DIALECTS)('bulk job limits (%s)', (dialect) => {
  let ctx: TestContext;
  let first: TestCompany;
  let second: TestCompany;
  let inFirst: string;
  let inSecond: string;

  const start = (token: string, ids: number[], idempotencyKey = randomUUID()) =>
    ctx.inject({
      method: 'POST',
      url: BULK,
      token,
      payload: {
        action: 'inquiry',
        source: 'va',
        selection: { ids },
        reason: 'Cek status massal',
        idempotencyKey,
      },
    });
  const unpaid = (company: TestCompany, n = 1) =>
    insertTx(
      ctx,
      company,
      'VA',
      Array.from({ length: n }, () => ({ orderId: `LIM-${String(++order).padStart(8, '0')}` })),
    );
  const jobs = async () =>
    await ctx.db.kysely
      .selectFrom('bulk_jobs')
      .select(['bulkId', 'bulkCompId', 'bulkCreatedUserId'])
      .orderBy('bulkId')
      .execute();
  const startedEvents = async () =>
    (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select('audtId')
        .where('audtAction', '=', AUDIT_ACTIONS.bulkStarted)
        .execute()
    ).length;

  beforeAll(async () => {
    ctx = await createTestContext(dialect, { demo: false });
    first = await createCompany(ctx);
    second = await createCompany(ctx);
    inFirst = await ctx.loginWithCompany(ADMIN, first.compId);
    inSecond = await ctx.loginWithCompany(ADMIN, second.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("a key used in one company does not answer with that company's job from another: the other company gets its own job", async () => {
    ctx.deps.config.bulk = { ...ctx.deps.config.bulk, jobsPerUser: 100 };
    const key = randomUUID();
    const a = await start(inFirst, await unpaid(first), key);
    expect(a.statusCode, a.body).toBe(200);
    const jobA = a.json().data;

    // The same user and key from the second company (it answered jobA before): a job of the second company.
    const b = await start(inSecond, await unpaid(second), key);
    expect(b.statusCode, b.body).toBe(200);
    const jobB = b.json().data;
    expect(jobB.jobId).not.toBe(jobA.jobId);
    expect((await jobs()).find((j) => j.bulkId === jobB.jobId)?.bulkCompId).toBe(second.compId);
    // jobA is not readable from the second company, and each company's key still finds its own job
    expect(
      (await ctx.inject({ method: 'GET', url: `${BULK}/${jobA.jobId}`, token: inSecond }))
        .statusCode,
    ).toBe(404);
    expect((await start(inSecond, await unpaid(second), key)).json().data.jobId).toBe(jobB.jobId);
    expect((await start(inFirst, await unpaid(first), key)).json().data.jobId).toBe(jobA.jobId);
    expect(
      (await jobs()).filter((j) => j.bulkId === jobA.jobId || j.bulkId === jobB.jobId),
    ).toHaveLength(2);
  });

  it("refuses a user's third running job with 429 (BULK_JOBS_PER_USER=2), in any company; nothing written; another user is not held back", async () => {
    ctx.deps.config.bulk = { ...ctx.deps.config.bulk, jobsPerUser: 2 };
    // the first test left this user's jobs running: cancel them
    for (const job of await jobs()) {
      const token = job.bulkCompId === first.compId ? inFirst : inSecond;
      await ctx.inject({ method: 'POST', url: `${BULK}/${job.bulkId}/cancel`, token, payload: {} });
    }
    const keyOne = randomUUID();
    const idsOne = await unpaid(first);
    const one = await start(inFirst, idsOne, keyOne);
    expect(one.statusCode, one.body).toBe(200);
    expect((await start(inSecond, await unpaid(second))).statusCode).toBe(200);

    const before = { jobs: (await jobs()).length, events: await startedEvents() };
    for (const token of [inFirst, inSecond]) {
      const refused = await start(token, await unpaid(token === inFirst ? first : second));
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
      expect(refused.json().status).toEqual({ error: 1, message: MESSAGES.bulkJobsPerUser(2) });
    }
    expect((await jobs()).length).toBe(before.jobs);
    expect(await startedEvents()).toBe(before.events);
    // the same start again (its key) still answers its job
    expect((await start(inFirst, idsOne, keyOne)).json().data.jobId).toBe(one.json().data.jobId);
    // bad input is still a 400 first
    expect((await start(inFirst, [])).statusCode).toBe(400);

    // another user has their own allowance
    const other = await userWithAreas(ctx, [TRANSACTION_KINDS.va.area], first.compId);
    expect((await start(other.token, await unpaid(first))).statusCode).toBe(200);

    // once one job ends, the user may start another
    const cancel = await ctx.inject({
      method: 'POST',
      url: `${BULK}/${one.json().data.jobId}/cancel`,
      token: inFirst,
      payload: {},
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await start(inFirst, await unpaid(first))).statusCode).toBe(200);
  });
});
