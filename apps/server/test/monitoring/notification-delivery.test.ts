/**
 * Notifications show their delivery (issue 35 item 7): each row of the list carries its attempts,
 * the last attempt's HTTP status and error and the next retry, kept on the notification's own row
 * by the delivery (real HTTP to the demo merchant receiver); "Kirim ulang" on the Notifications
 * screen is the transaction's own Notif route, called with the row's transaction.
 */
import {
  AUDIT_ACTIONS,
  TRANSACTION_KINDS,
  fillPath,
  readDeliveryResponse,
  transactionPaths,
  type NotificationRow,
} from '@tagih/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.ts';
import { runDueNotifications } from '../../src/modules/notifications/retry-worker.ts';
import { eventsOf } from '../audit/wiring-support.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { userWithAreas } from './area-user.ts';
import {
  createCompany,
  historyCount as attemptsIn,
  insertTx,
  setCallbackUrl,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from './support.ts';

const FAILING_ANSWER = 'HTTP 500: {"ok":false,"error":"merchant is failing (simulated)"}';

describe.each(DIALECTS)('Notifications show delivery (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let mine: TestCompany;
  let token: string;
  let n = 0;

  /** The row the Notifications list shows for a transaction's notification, as `t` sees it. */
  const listRow = async (orderId: string, t = token): Promise<NotificationRow> => {
    const res = await ctx.inject({
      method: 'GET',
      url: `/api/dashboard/notification?finds[notiOrderId]=${orderId}`,
      token: t,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.data as NotificationRow[];
    expect(rows).toHaveLength(1);
    return rows[0]!;
  };
  /** "Kirim ulang" on a Notifications row: the Notif route of the row's transaction kind. */
  const kirimUlang = (row: Pick<NotificationRow, 'trctType' | 'notiTrctId'>, t = token) =>
    ctx.inject({
      method: 'POST',
      url: `/api${fillPath(
        transactionPaths(row.trctType === 'VA' ? TRANSACTION_KINDS.va : TRANSACTION_KINDS.qris)
          .resend,
        { trctId: row.notiTrctId },
      )}`,
      token: t,
    });
  const historyCount = (notiId: number) => attemptsIn(ctx, notiId);
  const received = (name: string) => sims.merchant.received.filter((r) => r.name === name).length;
  const resentEvents = async (trctId: number) =>
    (await eventsOf(ctx, AUDIT_ACTIONS.notificationResent)).filter(
      (e) => e.audtTargetId === String(trctId),
    );

  /** A paid transaction of `company` whose pending notification is due now; its client calls merchant path `name`. */
  const dueNotification = async (
    name: string,
    company = mine,
    type: 'VA' | 'QRIS' = 'VA',
  ): Promise<string> => {
    await useMerchant(ctx, sims, company, name);
    const orderId = `ND-${name}-${++n}`;
    await insertTx(ctx, company, type, [
      {
        orderId,
        status: '00',
        notification: { status: 1, nextAttemptAt: ctx.clock.now().toISOString() },
      },
    ]);
    return orderId;
  };
  /** Runs the retry worker once, at the notification's next attempt (moving the clock there). */
  const retryAt = async (orderId: string, t = token) => {
    const { notiNextAttemptAt } = await listRow(orderId, t);
    if (notiNextAttemptAt && Date.parse(notiNextAttemptAt) > ctx.clock.now().getTime())
      ctx.clock.set(new Date(notiNextAttemptAt));
    return runDueNotifications(ctx.deps);
  };

  beforeAll(async () => {
    sims = await startSimulators();
    // The default pause between two Notif of one transaction (10 s) stays: the throttle is tested
    // here. Sessions outlive the retry schedule's clock moves.
    ctx = await createTestContext(dialect, {
      demo: false,
      config: {
        merchantAllowedHosts: ['127.0.0.1'],
        sessionIdleMinutes: 7 * 24 * 60,
        sessionMaxHours: 7 * 24,
      },
    });
    ctx.deps.merchant = { timeoutMs: 2_000 };
    mine = await createCompany(ctx);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('a callback answering 500 three times shows 3 attempts, HTTP 500, the error and the next retry', async () => {
    const orderId = await dueNotification('fail-3x');
    const fresh = await listRow(orderId);
    expect(fresh).toMatchObject({
      notiStatus: 1,
      notiAttempts: 0,
      notiLastHttpStatus: null,
      notiLastError: null,
    });
    for (let i = 0; i < 3; i++) await retryAt(orderId);
    const row = await listRow(orderId);
    // 1 and 5 minutes after the first two; 15 minutes after the third.
    expect(row).toMatchObject({
      notiStatus: 1,
      notiAttempts: 3,
      notiLastHttpStatus: 500,
      notiLastError: FAILING_ANSWER,
      notiNextAttemptAt: new Date(ctx.clock.now().getTime() + 15 * 60_000).toISOString(),
    });
    expect(received('fail-3x')).toBe(3);
    expect(await historyCount(row.notiId)).toBe(3);
    // The notification's own page says the same, and its history's last row reads the same.
    const detail = (
      await ctx.inject({ method: 'GET', url: `/api/dashboard/notification/${row.notiId}`, token })
    ).json().data;
    expect(detail).toMatchObject({
      notiAttempts: 3,
      notiLastHttpStatus: 500,
      notiLastError: FAILING_ANSWER,
    });
    expect(readDeliveryResponse(detail.notification_history.at(-1).nohiResponse)).toMatchObject({
      httpStatus: 500,
      delivered: false,
      error: FAILING_ANSWER,
      latencyMs: expect.any(Number),
    });

    // The merchant recovers: the next retry delivers, and the row shows its 200 and no error.
    sims.merchant.setMode('fail-3x', 'ok');
    await retryAt(orderId);
    expect(await listRow(orderId)).toMatchObject({
      notiStatus: 2,
      notiAttempts: 4,
      notiLastHttpStatus: 200,
      notiLastError: null,
      notiNextAttemptAt: null,
    });
  });

  it('a delivered notification shows its last 200; a merchant not reached shows no status and why', async () => {
    const ok = await dueNotification('ok-once');
    await retryAt(ok);
    expect(await listRow(ok)).toMatchObject({
      notiStatus: 2,
      notiAttempts: 1,
      notiLastHttpStatus: 200,
      notiLastError: null,
      notiNextAttemptAt: null,
    });

    const other = await createCompany(ctx);
    const unreachable = await dueNotification('ok-unreachable', other);
    await setCallbackUrl(ctx, other, null);
    const otherToken = await ctx.loginWithCompany(ADMIN, other.compId);
    await retryAt(unreachable, otherToken);
    expect(await listRow(unreachable, otherToken)).toMatchObject({
      notiStatus: 1,
      notiAttempts: 1,
      notiLastHttpStatus: null,
      notiLastError: 'The client has no callback URL',
      notiNextAttemptAt: expect.any(String),
    });
  });

  it('"Kirim ulang" from a Notifications row sends once, is audited once, and a second press within the pause sends nothing', async () => {
    const orderId = await dueNotification('fail-then-ok');
    await retryAt(orderId);
    const row = await listRow(orderId);
    expect(row).toMatchObject({ notiAttempts: 1, notiLastHttpStatus: 500 });
    sims.merchant.setMode('fail-then-ok', 'ok');
    const before = received('fail-then-ok');

    const res = await kirimUlang(row);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ responseCode: 200, notiId: row.notiId, notiStatus: 2 });
    expect(received('fail-then-ok') - before).toBe(1);
    expect(await listRow(orderId)).toMatchObject({
      notiStatus: 2,
      notiAttempts: 2,
      notiLastHttpStatus: 200,
      notiLastError: null,
      notiNextAttemptAt: null,
    });
    expect(await resentEvents(row.notiTrctId)).toEqual([
      expect.objectContaining({
        audtOutcome: 'success',
        audtActorUsername: 'admin',
        details: expect.objectContaining({
          kind: 'VA',
          outcome: 'delivered',
          merchantHttpStatus: 200,
          notiId: row.notiId,
        }),
      }),
    ]);

    // A double press within ACTION_MIN_INTERVAL_SECONDS: refused before anything is sent.
    const again = await kirimUlang(row);
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(received('fail-then-ok') - before).toBe(1);
    expect(await historyCount(row.notiId)).toBe(2);
    expect(await resentEvents(row.notiTrctId)).toHaveLength(1);
    expect((await listRow(orderId)).notiAttempts).toBe(2);

    // Once the pause is over it may be sent again.
    ctx.clock.advanceMinutes(1);
    expect((await kirimUlang(row)).statusCode).toBe(200);
    expect(await resentEvents(row.notiTrctId)).toHaveLength(2);
  });

  it('"Kirim ulang" of a QRIS row goes through the QRIS route, and a failing merchant shows on the row', async () => {
    const orderId = await dueNotification('fail-qr', mine, 'QRIS');
    const row = await listRow(orderId);
    expect(row.trctType).toBe('QRIS');
    const res = await kirimUlang(row);
    expect(res.statusCode).toBe(502);
    expect(res.json().data).toMatchObject({ responseCode: 400, notiStatus: 1 });
    expect(await listRow(orderId)).toMatchObject({
      notiStatus: 1,
      notiAttempts: 1,
      notiLastHttpStatus: 500,
      notiLastError: FAILING_ANSWER,
    });
    expect(await resentEvents(row.notiTrctId)).toEqual([
      expect.objectContaining({ audtOutcome: 'failure' }),
    ]);
  });

  it('refuses "Kirim ulang" to a user who may read Notifications but not the transaction screen, and sends nothing', async () => {
    const orderId = await dueNotification('ok-perm');
    const reader = await userWithAreas(ctx, ['dashboard_notification'], mine.compId);
    const row = await listRow(orderId, reader.token);
    const res = await kirimUlang(row, reader.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().status.message).toMatch(/needs dashboard_transactionva\.read/);
    expect(received('ok-perm')).toBe(0);
    expect(await historyCount(row.notiId)).toBe(0);
    expect(await resentEvents(row.notiTrctId)).toEqual([]);
    expect((await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).at(-1)).toMatchObject({
      audtActorUsername: reader.username,
      details: expect.objectContaining({ needed: 'dashboard_transactionva.read' }),
    });
    // With the transaction screen's read as well, the same press sends.
    const both = await userWithAreas(
      ctx,
      ['dashboard_notification', 'dashboard_transactionva'],
      mine.compId,
    );
    expect((await kirimUlang(row, both.token)).statusCode).toBe(200);
    expect(received('ok-perm')).toBe(1);
  });

  it('lets the column chooser show or hide the delivery columns, and nothing else of them', async () => {
    const choose = (columns: string[]) =>
      ctx.inject({
        method: 'PUT',
        url: '/api/preferences/notifications/columns',
        token,
        payload: { columns },
      });
    expect((await choose(['notiOrderId', 'notiStatus'])).statusCode).toBe(200);
    expect(
      (await choose(['notiStatus', 'notiLastHttpStatus', 'notiNextAttemptAt', 'notiOrderId']))
        .statusCode,
    ).toBe(200);
    // The error is read with the last result, the attempts with the status: not columns.
    expect((await choose(['notiOrderId', 'notiLastError'])).statusCode).toBe(400);
    expect((await choose(['notiOrderId', 'notiAttempts'])).statusCode).toBe(400);
  });

  it("refuses another company's notification as not found, records the probe and sends nothing", async () => {
    const other = await createCompany(ctx);
    const orderId = await dueNotification('ok-foreign', other);
    const otherToken = await ctx.loginWithCompany(ADMIN, other.compId);
    const theirs = await listRow(orderId, otherToken);
    const res = await kirimUlang(theirs); // signed in to `mine`
    expect(res.statusCode).toBe(404);
    expect(received('ok-foreign')).toBe(0);
    expect(await historyCount(theirs.notiId)).toBe(0);
    expect(await resentEvents(theirs.notiTrctId)).toEqual([]);
    expect((await eventsOf(ctx, AUDIT_ACTIONS.accessDenied)).at(-1)).toMatchObject({
      audtTargetType: 'transaction',
      audtTargetId: String(theirs.notiTrctId),
    });
    // An id that names nothing, and one that is not an id, change nothing either.
    expect((await kirimUlang({ trctType: 'VA', notiTrctId: 2 ** 40 })).statusCode).toBe(404);
    expect(
      (
        await ctx.inject({
          method: 'POST',
          url: '/api/dashboard/transactionVa/send_notification/abc',
          token,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe.each(DIALECTS)(
  'migration 0041: the last attempt of existing notifications (%s)',
  (dialect) => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext(dialect, { demo: false });
    });
    afterAll(async () => {
      await ctx.close();
    });

    it('fills the last HTTP status and error from each notification’s last history row, as the delivery writes them', async () => {
      const company = await createCompany(ctx);
      const cases: Record<string, (string | null)[]> = {
        recovered: [
          '{"status":500,"latencyMs":12,"body":"down"}',
          '{"status":200,"latencyMs":8,"body":"{\\"ok\\":true}"}',
        ],
        unreached: [
          '{"status":200,"latencyMs":8,"body":""}',
          '{"error":"No answer within 10 s","latencyMs":10000}',
        ],
        emptyAnswer: ['{"status":502,"latencyMs":5,"body":""}'],
        longAnswer: [JSON.stringify({ status: 500, latencyMs: 3, body: 'é'.repeat(1000) })],
        notJson: ['{"status":500', 'not json'],
        notAnObject: ['[500]'],
        noResponse: [null],
        never: [],
      };
      const names = Object.keys(cases);
      const ids = await insertTx(
        ctx,
        company,
        'VA',
        names.map((name) => ({
          orderId: `MIG-${name}`,
          status: '00',
          notification: { status: 1 },
        })),
      );
      const notis = await ctx.db.kysely
        .selectFrom('notifications')
        .select(['notiId', 'notiTrctId'])
        .where('notiTrctId', 'in', ids)
        .execute();
      const notiOf = (i: number) => notis.find((r) => r.notiTrctId === ids[i])!.notiId;

      // The database as the release before 0041 left it, with its history.
      await migrateUpTo(ctx.db.kysely, '0040-unqueued-intake', ctx.db.schema);
      for (const [i, name] of names.entries()) {
        for (const [k, response] of cases[name]!.entries()) {
          await ctx.db.kysely
            .insertInto('notification_history')
            .values({
              nohiNotiId: notiOf(i),
              nohiRequest: '{}',
              nohiResponse: response,
              // The last row is the last written (by id), whatever its time says.
              nohiCreatedTime: new Date(Date.UTC(2026, 10, 20, 3, 0, 59 - k)).toISOString(),
            })
            .execute();
        }
      }
      await migrateToLatest(ctx.db.kysely, ctx.db.schema);

      const rows = await ctx.db.kysely
        .selectFrom('notifications')
        .select(['notiId', 'notiLastHttpStatus', 'notiLastError'])
        .where('notiTrctId', 'in', ids)
        .execute();
      const got = Object.fromEntries(
        names.map((name, i) => {
          const r = rows.find((x) => x.notiId === notiOf(i))!;
          return [name, { status: r.notiLastHttpStatus, error: r.notiLastError }];
        }),
      );
      expect(got).toEqual({
        recovered: { status: 200, error: null },
        unreached: { status: null, error: 'No answer within 10 s' },
        emptyAnswer: { status: 502, error: 'HTTP 502' },
        longAnswer: { status: 500, error: `HTTP 500: ${'é'.repeat(290)}` },
        notJson: { status: null, error: null },
        notAnObject: { status: null, error: null },
        noResponse: { status: null, error: null },
        never: { status: null, error: null },
      });
      // The same reading as the delivery's (readDeliveryResponse) for every case.
      for (const name of names) {
        const facts = readDeliveryResponse(cases[name]!.at(-1));
        expect({ status: facts.httpStatus, error: facts.error }).toEqual(got[name]);
      }
    });
  },
);
