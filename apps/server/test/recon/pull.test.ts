/**
 * Pulling statements over SNAP bank-statement from the real bank simulator (over HTTP), on the
 * demo data: the pages are followed while hasMore, the statement goes through the file import,
 * every planted break category is found once, a second pull and the bank's own MT940 file of the
 * same day add nothing, a bank failure or timeout is a clear error that writes nothing, the
 * permission and the audit rows; the daily schedule pulls once across instances.
 */
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoBanks, startBankSim, type BankSim, type DemoBank } from '@tagih/bank-sim';
import { DEMO_BANK_ACCOUNTS } from '@tagih/contract/demo-bank';
import { billAmount } from '../../src/db/seed/demo-clients.ts';
import { SnapBankGateway } from '../../src/integrations/bank/snap-gateway.ts';
import { SnapStatementSource } from '../../src/integrations/bank/statement-client.ts';
import { demoBankBook } from '../../src/demo/demo-bank-book.ts';
import { firstDemoPullDay, runDailyPull } from '../../src/modules/recon/pull/pull-schedule.ts';
import {
  ADMIN,
  DIALECTS,
  STAFF_USER,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { importFile } from './support.ts';

const DAY = '2026-11-19';
const CATEGORIES = ['missing_at_bank', 'missing_in_tagih', 'amount', 'status', 'duplicate'];

describe.each(DIALECTS)('statement pull over SNAP bank-statement (%s)', (dialect) => {
  let ctx: TestContext;
  let sim: BankSim;
  let banks: DemoBank[];
  let token: string;
  let accounts: { baccId: number; bank: string; accountNo: string }[];
  const source = (
    opts: { timeoutMs?: number; baseUrl?: string; privateKeyOf?: (b: DemoBank) => string } = {},
  ) =>
    new SnapStatementSource(
      banks.map((b) => ({
        ...b,
        baseUrl: opts.baseUrl ?? sim.url,
        privateKey: opts.privateKeyOf?.(b) ?? b.privateKey,
        accounts: [b.statementAccount!],
      })),
      { timeoutMs: opts.timeoutMs ?? 5_000, timeZone: 'Asia/Jakarta', now: () => ctx.clock.now() },
    );
  const pull = (body: Record<string, unknown>, t = token) =>
    ctx.inject({ method: 'POST', url: '/api/recon/pull', token: t, payload: body });
  const count = async (table: 'recon_lines' | 'recon_statements' | 'recon_breaks') =>
    Number(
      (
        await ctx.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const auditOf = (outcome: string) =>
    ctx.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('audtAction', '=', 'recon.statement.pulled')
      .where('audtOutcome', '=', outcome)
      .orderBy('audtId')
      .execute();
  const statementCalls = () => sim.calls.filter((c) => c.path.endsWith('/v1.0/bank-statement'));

  beforeAll(async () => {
    banks = createDemoBanks();
    ctx = await createTestContext(dialect, { config: { reconExpectedDays: 1 } });
    sim = await startBankSim({
      banks,
      book: demoBankBook(ctx.db.kysely),
      statementPageSize: 3,
      now: () => ctx.clock.now(),
      billAmount: (key) => billAmount(ctx.db.kysely, key),
    });
    ctx.deps.bankStatements = source();
    ctx.deps.bankGateway = new SnapBankGateway(
      banks.map((b) => ({ ...b, baseUrl: sim.url })),
      { timeoutMs: 5_000, now: () => ctx.clock.now() },
    );
    token = await ctx.login(ADMIN);
    accounts = await ctx.db.kysely
      .selectFrom('bank_accounts')
      .select(['baccId', 'baccBank as bank', 'baccAccountNo as accountNo'])
      .orderBy('baccId')
      .execute();
  });
  afterAll(async () => {
    await ctx.close();
    await sim.close();
  });

  it("the demo data holds each demo bank's statement account, linked to the demo companies", () => {
    expect(accounts.map((a) => [a.bank, a.accountNo])).toEqual(Object.entries(DEMO_BANK_ACCOUNTS));
  });

  it('refuses without reconciliation.create (403), bad input (400), and an account its bank does not serve (400), writing nothing', async () => {
    const staff = await ctx.login(STAFF_USER);
    expect((await pull({ baccId: accounts[0]!.baccId }, staff)).statusCode).toBe(403);
    expect(
      (await pull({ baccId: accounts[0]!.baccId, from: '2026-11-19', to: '2026-11-18' }))
        .statusCode,
    ).toBe(400);
    expect((await pull({ baccId: accounts[0]!.baccId, from: '19-11-2026' })).statusCode).toBe(400);
    expect(
      (await pull({ baccId: accounts[0]!.baccId, from: '2026-10-01', to: '2026-11-19' })).json()
        .status.message,
    ).toMatch(/At most 31 days/);
    expect((await pull({ baccId: accounts[0]!.baccId, from: '2026-11-21' })).statusCode).toBe(400);
    expect((await pull({ baccId: 999_999 })).statusCode).toBe(400);
    const other = await ctx.inject({
      method: 'POST',
      url: '/api/master/Bank_Account',
      token,
      payload: {
        baccBank: 'BRI',
        baccAccountNo: '5550001112',
        baccName: 'BRI lain',
        baccCompIds: [1],
      },
    });
    expect(other.statusCode, other.body).toBe(200);
    const unserved = await pull({ baccId: other.json().data.baccId });
    expect(unserved.statusCode).toBe(400);
    expect(unserved.json().status.message).toMatch(
      /no statement service configured for account 5550001112/,
    );
    expect(await count('recon_statements')).toBe(0);
  });

  it('a bank that refuses the token (502) or does not answer (504) is a clear error; nothing is written, the failure is audited', async () => {
    const otherKey = createDemoBanks()[0]!.privateKey;
    ctx.deps.bankStatements = source({ privateKeyOf: () => otherKey });
    const refused = await pull({ baccId: accounts[0]!.baccId, from: DAY });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().status.message).toMatch(/Bank BRI rejected the access token: 4017300/);

    const silent: Server = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as { port: number }).port;
    ctx.deps.bankStatements = source({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 300 });
    try {
      const timedOut = await pull({ baccId: accounts[0]!.baccId, from: DAY });
      expect(timedOut.statusCode).toBe(504);
      expect(timedOut.json().status.message).toMatch(/did not answer within 0.3 s/);
    } finally {
      silent.close();
      ctx.deps.bankStatements = source();
    }
    expect(await count('recon_statements')).toBe(0);
    expect(await count('recon_lines')).toBe(0);
    expect((await auditOf('failure')).map((a) => JSON.parse(a.audtDetails!).baccId)).toEqual([
      accounts[0]!.baccId,
      accounts[0]!.baccId,
    ]);
  });

  it('pulls each demo account page by page and finds every planted break category exactly once', async () => {
    const totals: Record<string, number> = Object.fromEntries(CATEGORIES.map((c) => [c, 0]));
    let expected = 0;
    for (const account of accounts.slice(0, 3)) {
      const before = statementCalls().length;
      const res = await pull({ baccId: account.baccId, from: DAY, to: DAY });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().data;
      expect(result).toMatchObject({
        alreadyImported: false,
        format: 'mt940',
        baccId: account.baccId,
        balanceChecked: true,
      });
      expect(result.pages).toBe(statementCalls().length - before);
      expect(result.pages).toBe(Math.ceil(result.lines / 3) || 1);
      for (const c of CATEGORIES) totals[c]! += result.breaks[c];
      expected += result.expected;
    }
    expect(totals).toEqual(Object.fromEntries(CATEGORIES.map((c) => [c, 1])));
    expect(expected).toBe(0);
    const counts = (
      await ctx.inject({ method: 'GET', url: '/api/recon/breaks/counts', token })
    ).json().data;
    for (const c of CATEGORIES) expect(counts[c], c).toBe(1);
    const audit = (await auditOf('success')).map((a) => JSON.parse(a.audtDetails!));
    expect(audit).toHaveLength(3);
    expect(audit[0]).toMatchObject({
      baccId: accounts[0]!.baccId,
      bank: 'BRI',
      from: DAY,
      to: DAY,
      scheduled: false,
    });
  });

  it("a second pull, and the bank's MT940 file of the same day, add nothing", async () => {
    const [lines, breaks] = [await count('recon_lines'), await count('recon_breaks')];
    const again = await pull({ baccId: accounts[0]!.baccId, from: DAY });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.alreadyImported).toBe(true);
    const file = await fetch(`${sim.url}/demo/statements/${accounts[0]!.accountNo}?from=${DAY}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toContain(
      `BRI-${accounts[0]!.accountNo}-${DAY}_${DAY}.mt940`,
    );
    const uploaded = await importFile(ctx, token, 'bri.mt940', {}, await file.text());
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({
      alreadyImported: false,
      lines: 0,
      baccId: accounts[0]!.baccId,
      balanceChecked: true,
    });
    expect(uploaded.json().data.skippedLines).toBeGreaterThan(0);
    expect([await count('recon_lines'), await count('recon_breaks')]).toEqual([lines, breaks]);
  });

  it('the planted status break resolves end to end: Inquiry finds the bill paid at the bank and the break closes by itself', async () => {
    const rows = (
      await ctx.inject({ method: 'GET', url: '/api/recon/breaks?finds[category]=status', token })
    ).json().data.data as { rbrkId: number; trctStatus: string }[];
    expect(rows).toHaveLength(1);
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/recon/breaks/${rows[0]!.rbrkId}/resolve`,
      token,
      payload: { action: 'inquiry', reason: 'The bank credited it; ask the bank' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.break).toMatchObject({
      status: 'resolved',
      resolution: 'matched',
      trctStatus: '00',
    });
    // The bank answers the time it booked the credit: the payment belongs to that day, not to the day it was asked.
    const paid = await ctx.db.kysely
      .selectFrom('recon_breaks as b')
      .innerJoin('transactions as t', 't.trctId', 'b.rbrkTrctId')
      .select('t.trctLunasTime')
      .where('b.rbrkId', '=', rows[0]!.rbrkId)
      .executeTakeFirstOrThrow();
    expect(new Date(paid.trctLunasTime!).toISOString().slice(0, 10)).toBe(DAY);
  });

  it('the daily pull runs once the time has come, once per account and day across instances', async () => {
    ctx.clock.set(new Date('2026-11-20T22:30:00.000Z')); // 05:30 on the 21st in Jakarta
    expect(
      await runDailyPull(ctx.deps, '06:00', (e) => {
        throw e;
      }),
    ).toEqual([]);
    ctx.clock.set(new Date('2026-11-20T23:05:00.000Z')); // 06:05
    const [first, second] = await Promise.all([
      runDailyPull(ctx.deps, '06:00', (e) => {
        throw e;
      }),
      runDailyPull(ctx.deps, '06:00', (e) => {
        throw e;
      }),
    ]);
    expect([...first, ...second].sort()).toEqual(
      accounts
        .slice(0, 3)
        .map((a) => a.baccId)
        .sort(),
    );
    expect(
      await runDailyPull(ctx.deps, '06:00', (e) => {
        throw e;
      }),
    ).toEqual([]);
    const scheduled = (await auditOf('success'))
      .map((a) => JSON.parse(a.audtDetails!))
      .filter((d) => d.scheduled);
    expect(scheduled.map((d) => d.from)).toEqual(['2026-11-20', '2026-11-20', '2026-11-20']);
    // The 20th plants its own breaks (its missing-at-bank still expected on a Saturday); the bill paid by Inquiry is not credited again.
    const counts = (
      await ctx.inject({
        method: 'GET',
        url: '/api/recon/breaks/counts',
        token: await ctx.login(ADMIN),
      })
    ).json().data;
    expect(counts).toMatchObject({
      amount: 2,
      duplicate: 2,
      missing_in_tagih: 2,
      status: 1,
      missing_at_bank: 1,
    });
  });

  it("a new demo's first pull asks for the latest day whose payments are late (a weekend start: Thursday)", () => {
    expect(firstDemoPullDay(new Date('2026-11-20T03:00:00Z'), 'Asia/Jakarta', 1)).toBe(
      '2026-11-19',
    );
    expect(firstDemoPullDay(new Date('2026-11-22T03:00:00Z'), 'Asia/Jakarta', 1)).toBe(
      '2026-11-19',
    );
    expect(firstDemoPullDay(new Date('2026-11-23T03:00:00Z'), 'Asia/Jakarta', 1)).toBe(
      '2026-11-22',
    );
  });

  it('a double click imports once: a pull of the same account under way answers 429, or the second finds the same statement', async () => {
    token = await ctx.login(ADMIN); // the clock moved on past the session
    const before = await count('recon_statements');
    const both = await Promise.all([
      pull({ baccId: accounts[1]!.baccId, from: '2026-11-18' }),
      pull({ baccId: accounts[1]!.baccId, from: '2026-11-18' }),
    ]);
    const statuses = both.map((r) => r.statusCode).sort();
    expect([
      [200, 200],
      [200, 429],
    ]).toContainEqual(statuses);
    const busy = both.find((r) => r.statusCode === 429);
    if (busy) expect(busy.json().status.message).toMatch(/being pulled already/);
    expect(await count('recon_statements')).toBe(before + 1);
  });
});
