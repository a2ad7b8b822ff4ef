/**
 * Anyone who reaches /snap cannot grow the audit trail, from the attacker's side. Before: 500
 * access-token calls with `X-SIGNATURE: AAAA` and 500 service calls with a made-up bearer token,
 * from 20 threads, were all 401 and grew the audit table by 1,000 rows. Now refusals are one event
 * per subject and reason per minute plus one summary with the count (refusal-audit.ts), every
 * refusal is counted in tagih_snap_refusals_total, and past SNAP_FAILED_CALLS_PER_MINUTE failed
 * calls the address is answered 429xx00 with Retry-After before its credentials are looked at.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { flushRefusalSummaries } from '../../src/modules/snap/caller/refusal-audit.ts';
import { AppMetrics } from '../../src/ops/metrics.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';
import { getToken, makeBank, newExternalId, snapTime, type TestBank } from './support.ts';
import { inPool } from './over-http.ts';

const TOKEN = '/snap/v1.0/access-token/b2b';
const PAYMENT = '/snap/v1.0/transfer-va/payment';

describe.each(DIALECTS)('a flood of refused /snap calls (%s)', (dialect) => {
  let ctx: TestContext;
  let metrics: AppMetrics;
  let bri: TestBank;
  afterEach(async () => ctx?.close());

  const start = async (config: Partial<TestContext['config']> = {}) => {
    bri = makeBank('BRI');
    metrics = new AppMetrics();
    ctx = await createTestContext(dialect, { snapPartners: [bri.partner], metrics, config });
  };
  const auditRows = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('audit_events')
          .select(sql<number>`count(*)`.as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const denied = async (afterId: number) =>
    (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .select(['audtId', 'audtDetails', 'audtActorUsername'])
        .where('audtAction', '=', 'snap.denied')
        .where('audtId', '>', afterId)
        .orderBy('audtId')
        .execute()
    ).map((e) => ({ ...e, details: JSON.parse(String(e.audtDetails)) as Record<string, unknown> }));
  const lastId = async () =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom('audit_events')
          .select(sql<number>`max("audtId")`.as('id'))
          .executeTakeFirstOrThrow()
      ).id ?? 0,
    );

  const badSignature = () =>
    ctx.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: {
        'content-type': 'application/json',
        'x-client-key': bri.partner.clientId,
        'x-timestamp': snapTime(ctx.clock.now()),
        'x-signature': 'AAAA',
      },
      payload: '{"grantType":"client_credentials"}',
    });
  const madeUpToken = (i: number) =>
    ctx.app.inject({
      method: 'POST',
      url: PAYMENT,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer made-up-${i}`,
        'x-timestamp': snapTime(ctx.clock.now()),
        'x-signature': 'AAAA',
        'x-partner-id': `invented-${i}`,
        'x-external-id': newExternalId(),
        'channel-id': '95221',
      },
      payload: '{}',
    });
  /** The attack: 500 bad-signature token calls and 500 made-up-token service calls, 20 at a time. */
  const flood = async () => {
    const answers: { status: number; retryAfter: string | undefined }[] = [];
    await inPool(
      Array.from({ length: 1000 }, (_, i) => i),
      20,
      async (i) => {
        const res = i % 2 === 0 ? await badSignature() : await madeUpToken(i);
        answers.push({
          status: res.statusCode,
          retryAfter: res.headers['retry-after'] as string | undefined,
        });
      },
    );
    return answers;
  };
  const refusalsByReason = async () =>
    Object.fromEntries(
      (await metrics.snapRefusals.get()).values.map((v) => [String(v.labels.reason), v.value]),
    );

  it('with a limit out of the way: 1,000 refusals write 4 audit rows (per subject and reason: the first, then one summary with the count), and metrics count all 1,000', async () => {
    await start({ snapFailedCallsPerMinute: 1_000_000 });
    const before = await auditRows();
    const from = await lastId();
    const answers = await flood();
    expect(answers.every((a) => a.status === 401)).toBe(true);
    expect(await auditRows()).toBe(before + 2); // the first of each reason, at once
    await flushRefusalSummaries(ctx.deps, true);
    expect(await auditRows()).toBe(before + 4);
    const events = await denied(from);
    const summaries = events.filter((e) => e.details.summary === true);
    expect(
      summaries.map((e) => [e.details.subject, e.details.reason, e.details.count]).sort(),
    ).toEqual([
      ['address:127.0.0.1', 'Invalid Token (B2B)', 499],
      [`snap:${bri.partner.clientId}`, 'Signature', 499],
    ]);
    // The invented partner ids are kept (a sample), not made into subjects of their own.
    expect(
      (
        summaries.find((e) => e.details.reason === 'Invalid Token (B2B)')!.details
          .clientIds as string[]
      ).length,
    ).toBeLessThanOrEqual(20);
    expect(await refusalsByReason()).toEqual({ Signature: 500, 'Invalid Token (B2B)': 500 });
  }, 180_000);

  it('with the default limit (120 failed calls a minute per address): the rest answer 429 with Retry-After before any check; a handful of audit rows; the next minute the address may call again', async () => {
    await start();
    expect(ctx.config.snapFailedCallsPerMinute).toBe(120);
    const before = await auditRows();
    const answers = await flood();
    const refused = answers.filter((a) => a.status === 401).length;
    const limited = answers.filter((a) => a.status === 429);
    // 20 calls in flight may pass the check together before the 120th failure is counted.
    expect(refused).toBeGreaterThanOrEqual(120);
    expect(refused).toBeLessThanOrEqual(140);
    expect(limited).toHaveLength(1000 - refused);
    const seconds = Number(limited[0]!.retryAfter);
    expect(seconds).toBeGreaterThanOrEqual(1);
    expect(seconds).toBeLessThanOrEqual(60);
    const limitedAnswer = await badSignature();
    expect(limitedAnswer.statusCode).toBe(429);
    expect(limitedAnswer.json()).toEqual({
      responseCode: '4297300',
      responseMessage: 'Too Many Requests',
    });
    // Even a good call from the address waits: the limit stands in front of the signature check.
    await expect(getToken(ctx.app, ctx, bri)).rejects.toThrow(/4297300/);
    await flushRefusalSummaries(ctx.deps, true);
    expect(await auditRows()).toBeLessThanOrEqual(before + 6);
    const metricsNow = await refusalsByReason();
    expect(
      (metricsNow.Signature ?? 0) +
        (metricsNow['Invalid Token (B2B)'] ?? 0) +
        (metricsNow['address-limit'] ?? 0),
    ).toBe(1002);

    ctx.clock.advanceMinutes(1);
    expect(typeof (await getToken(ctx.app, ctx, bri))).toBe('string');
  }, 180_000);
});
