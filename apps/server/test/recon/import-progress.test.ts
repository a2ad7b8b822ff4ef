/** How far an import is: the board kept per server (unit), and the route the screen polls (both dialects). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SYSTEM_ACTOR } from '../../src/modules/recon/pull/pull-schedule.ts';
import { ImportProgressBoard } from '../../src/modules/recon/import-progress.ts';
import { importStatement } from '../../src/modules/recon/statement-import.ts';
import {
  ADMIN,
  DIALECTS,
  STAFF_USER,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { createCompany, type TestCompany } from '../monitoring/support.ts';
import { briFixtureTransactions, createAccount, fixture, importFile } from './support.ts';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('the import progress board', () => {
  it('keeps each import for its own user: another user reads nothing and cannot overwrite it', () => {
    const board = new ImportProgressBoard();
    board.sinkFor('import-0001', 'rina')('writing', 10, 40);
    expect(board.read('import-0001', 'rina')).toEqual({
      phase: 'writing',
      lines: 10,
      totalLines: 40,
    });
    expect(board.read('import-0001', 'budi')).toBeNull();
    board.sinkFor('import-0001', 'budi')('failed', 0, null);
    expect(board.read('import-0001', 'rina')).toEqual({
      phase: 'writing',
      lines: 10,
      totalLines: 40,
    });
  });

  it('keeps the total once known, and forgets an import ten minutes after its last change', () => {
    let now = 1_000_000;
    const board = new ImportProgressBoard(() => now);
    const sink = board.sinkFor('import-0002', 'rina');
    sink('writing', 0, 500);
    sink('writing', 200);
    expect(board.read('import-0002', 'rina')).toEqual({
      phase: 'writing',
      lines: 200,
      totalLines: 500,
    });
    now += 10 * 60_000 + 1;
    expect(board.read('import-0002', 'rina')).toBeNull();
  });

  it('holds at most a thousand imports: the oldest goes first', () => {
    const board = new ImportProgressBoard();
    for (let i = 0; i < 1_001; i++)
      board.sinkFor(`import-${String(i).padStart(4, '0')}`, 'rina')('checking', i, null);
    expect(board.read('import-0000', 'rina')).toBeNull();
    expect(board.read('import-1000', 'rina')).toEqual({
      phase: 'checking',
      lines: 1000,
      totalLines: null,
    });
  });

  it('an import without a name reports to nobody', () => {
    const board = new ImportProgressBoard();
    expect(() => board.sinkFor(undefined, 'rina')('done', 1, 1)).not.toThrow();
  });
});

describe.each(DIALECTS)('import progress over HTTP (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let company: TestCompany;
  let baccId: number;

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    token = await ctx.login(ADMIN);
    company = await createCompany(ctx);
    await briFixtureTransactions(ctx, company);
    baccId = await createAccount(ctx, token, {
      baccBank: 'BRI',
      baccAccountNo: '0123456789012',
      baccName: 'BRI Operasional',
      baccCompIds: [company.compId],
    });
  });
  afterAll(async () => {
    await ctx.close();
  });

  it('an import named by progressId can be asked how far it is: done, with every line of the file', async () => {
    const res = await importFile(ctx, token, 'bri-2026-11-19.mt940', {
      progressId: 'screen-import-0001',
    });
    expect(res.statusCode).toBe(200);
    const { lines, skippedLines } = res.json().data;
    const progress = await ctx.inject({
      method: 'GET',
      url: '/api/recon/statements/progress/screen-import-0001',
      token,
    });
    expect(progress.statusCode).toBe(200);
    expect(progress.json().data).toEqual({
      phase: 'done',
      lines: lines + skippedLines,
      totalLines: lines + skippedLines,
    });
  });

  it('tells the phases in order while it runs: checking, writing (with the total), matching, done', async () => {
    const seen: { phase: string; lines: number; totalLines?: number | null }[] = [];
    const path = join(tmpdir(), `tagih-progress-${dialect}-${Date.now()}.mt940`);
    writeFileSync(path, fixture('bri-2026-11-20.mt942'));
    const result = await importStatement(
      ctx.deps,
      SYSTEM_ACTOR,
      { path, fileName: 'bri-2026-11-20.mt942' },
      { baccId, progress: (phase, lines, totalLines) => seen.push({ phase, lines, totalLines }) },
    );
    const phases = seen.map((s) => s.phase).filter((phase, i, all) => phase !== all[i - 1]);
    expect(phases).toEqual(['checking', 'writing', 'matching', 'done']);
    expect(seen.find((s) => s.phase === 'writing')!.totalLines).toBe(
      result.lines + result.skippedLines,
    );
    expect(seen.at(-1)).toEqual({
      phase: 'done',
      lines: result.lines + result.skippedLines,
      totalLines: undefined,
    });
  });

  it('a refused file ends failed', async () => {
    const res = await importFile(ctx, token, 'bri-2026-11-19-wrong-closing.mt940', {
      progressId: 'screen-import-0002',
    });
    expect(res.statusCode).toBe(400);
    const progress = await ctx.inject({
      method: 'GET',
      url: '/api/recon/statements/progress/screen-import-0002',
      token,
    });
    expect(progress.json().data).toMatchObject({ phase: 'failed' });
  });

  it('an unknown name is 404, a malformed one 400 (and the import is not run), and reading needs reconciliation.create', async () => {
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/recon/statements/progress/never-named-0000',
          token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await ctx.inject({ method: 'GET', url: '/api/recon/statements/progress/x', token }))
        .statusCode,
    ).toBe(400);
    const before = Number(
      (
        await ctx.db.kysely
          .selectFrom('recon_statements')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const bad = await importFile(ctx, token, 'bri-2026-11-19.mt940', {
      progressId: "x'; drop table recon_lines; --",
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status.message).toContain('progressId');
    expect(
      Number(
        (
          await ctx.db.kysely
            .selectFrom('recon_statements')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    ).toBe(before);
    const staff = await ctx.login(STAFF_USER);
    expect(
      (
        await ctx.inject({
          method: 'GET',
          url: '/api/recon/statements/progress/screen-import-0001',
          token: staff,
        })
      ).statusCode,
    ).toBe(403);
  });
});
