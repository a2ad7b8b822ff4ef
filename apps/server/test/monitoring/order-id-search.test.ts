/**
 * The order-id search through the trigram indexes (migration 0012-search-and-paging) finds exactly the rows of the
 * old `lower(...) like '%…%'` scan: contains, starts with, ends with and the search parameter, with
 * LIKE wildcards, quotes and case in the text, and texts too short for a trigram. On SQLite the
 * FTS5 table follows inserts, order-id updates and deletes; on PostgreSQL the GIN index exists
 * (the local server has pg_trgm) and is asked only for the end of a long text (search-repo.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ListQuery, RawQuery } from '@tagih/contract';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { orderIdSearchTexts } from '../../src/modules/transactions/list/search-repo.ts';
import { filteredRows } from '../../src/modules/transactions/list/list-repo.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, sqlitePlan, type TestCompany } from './support.ts';
import { likeScanIds, listIds, parseFor } from './search-support.ts';

const VA_KIND = SERVER_KINDS.find((k) => k.type === 'VA')!;
const ALL_TIME = { start: null, end: null };
const ORDER_IDS = [
  'INV-2026-0001',
  'inv-2026-0002',
  'INV_50%OFF',
  'INV-50-OFF',
  "O'BRIEN-77",
  'X"Q"Z-9',
  'ÉCOLE-77',
  'école-78',
  'AB',
  'zab',
  'Zz-ZZZ',
  'abcabc-1',
  // Long ids sharing a prefix (as a partner's ids do), and wildcards and a backslash near the end.
  'GMWSK99LHV1-00000012',
  'GMWSK99LHV1-00000123',
  'gmwsk99lhv1-10000012',
  'PART\\50%_X-0000',
];
const NEEDLES = [
  'inv',
  'INV-2026',
  '2026-000',
  '0001',
  '_50%',
  '50%',
  '%',
  '_',
  '%off',
  "o'brien",
  "'",
  '"q"',
  'x"q',
  'école',
  'ÉCOLE',
  'cole-7',
  'ab',
  'a',
  'zz',
  'zzz',
  'Z-Z',
  'abca',
  'nothing-here',
  '\\',
  // Longer than the part the index is asked for (its last 8 characters): the whole text still decides.
  'GMWSK99LHV1-00000012',
  'gmwsk99lhv1-0000001',
  'ZZGMWSK99LHV1-00000012',
  'NOTHING-00000012',
  'HV1-00000123',
  'INV-2026-0001',
  'x"q"z-9',
  'PART\\50%_X-0000',
  'art\\50%_x',
  'RT\\50%_X',
  '\\50%',
  'ÉCOLE-77',
  'inv_50%off',
];

describe.each(DIALECTS)('order-id search (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;

  const parse = (raw: RawQuery) => parseFor(VA_KIND, raw);
  /** The rows of today's code path: the LIKE over the company's rows, no trigram table. */
  const oldIds = (query: ListQuery, compId = mine.compId) =>
    likeScanIds(ctx, VA_KIND, compId, ['trctOrderId'], query);
  const newIds = (query: ListQuery, compId = mine.compId) => listIds(ctx, VA_KIND, compId, query);
  const orderIdsOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : (
          await ctx.db.kysely
            .selectFrom('transactions')
            .select('trctOrderId')
            .where('trctId', 'in', ids)
            .orderBy('trctId')
            .execute()
        ).map((r) => r.trctOrderId);

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    await insertTx(
      ctx,
      mine,
      'VA',
      ORDER_IDS.map((orderId, i) => ({
        orderId,
        createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T05:00:00.000Z`,
      })),
    );
    await insertTx(ctx, other, 'VA', [
      { orderId: 'INV-2026-0001', createdAt: '2026-11-12T05:00:00.000Z' },
    ]);
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(['contain', 'start_with', 'end_with', 'not_contain'])(
    'finds the same rows as the old LIKE scan (%s)',
    async (op) => {
      let matched = 0;
      for (const needle of NEEDLES) {
        const query = parse({ [`finds[trctOrderId][${op}]`]: needle });
        const expected = await oldIds(query);
        expect({ needle, ids: await newIds(query) }).toEqual({ needle, ids: expected });
        matched += expected.length;
      }
      expect(matched).toBeGreaterThan(0);
    },
  );

  it('finds the same rows for the search parameter and for two text filters at once', async () => {
    for (const needle of NEEDLES) {
      const query = parse({ search: needle, searchFields: 'trctOrderId' });
      expect({ needle, ids: await newIds(query) }).toEqual({ needle, ids: await oldIds(query) });
    }
    const both = parse({
      'finds[trctOrderId][contain]': '2026',
      'finds[trctOrderId][end_with]': '0002',
    });
    expect(await orderIdsOf(await newIds(both))).toEqual(['inv-2026-0002']);
    expect(await newIds(both)).toEqual(await oldIds(both));
  });

  it("keeps today's case rules and treats wildcards and quotes as text", async () => {
    const contains = async (needle: string) =>
      orderIdsOf(await newIds(parse({ 'finds[trctOrderId]': needle })));
    expect(await contains('inv-2026')).toEqual(['INV-2026-0001', 'inv-2026-0002']);
    expect(await contains('_50%')).toEqual(['INV_50%OFF']);
    expect(await contains("o'brien")).toEqual(["O'BRIEN-77"]);
    expect(await contains('"q"')).toEqual(['X"Q"Z-9']);
    expect(await contains('ab')).toEqual(['AB', 'zab', 'abcabc-1']);
    expect(await contains('gmwsk99lhv1-00000012')).toEqual(['GMWSK99LHV1-00000012']);
    expect(await contains('NOTHING-00000012')).toEqual([]);
    expect(await contains('\\50%_x-0000')).toEqual(['PART\\50%_X-0000']);
    // ASCII letters fold on both databases; the rest follows each database's lower() as before.
    expect(await contains('école')).toEqual(
      dialect === 'postgres' ? ['ÉCOLE-77', 'école-78'] : ['école-78'],
    );
  });

  it('answers the list call with the matching rows of the company only', async () => {
    const res = await ctx.inject({
      method: 'GET',
      url: '/api/dashboard/transactionVa?max=100&finds[trctOrderId]=2026-0001',
      token,
    });
    expect(res.statusCode).toBe(200);
    const { data, pagination } = res.json().data;
    expect(data.map((r: { trctOrderId: string }) => r.trctOrderId)).toEqual(['INV-2026-0001']);
    expect(pagination.totalData).toBe(1);
  });

  it('only asks the trigram index for texts of three characters or more', () => {
    expect(orderIdSearchTexts(parse({ 'finds[trctOrderId]': 'AB' }))).toEqual([]);
    expect(orderIdSearchTexts(parse({ 'finds[trctOrderId]': 'ÉCo' }))).toEqual(['éco']);
    expect(orderIdSearchTexts(parse({ 'finds[trctOrderId][equal]': 'INV-2026-0001' }))).toEqual([]);
    expect(
      orderIdSearchTexts(parse({ search: 'INV', searchFields: 'trctOrderId,trctBank' })),
    ).toEqual([]);
  });

  if (dialect === 'sqlite') {
    it('keeps the FTS5 table in step with inserts, order-id changes and deletes, and the plan starts from it', async () => {
      const [id] = await insertTx(ctx, mine, 'VA', [
        { orderId: 'NEW-TRIGRAM-1', createdAt: '2026-11-25T05:00:00.000Z' },
      ]);
      const find = (needle: string) => newIds(parse({ 'finds[trctOrderId]': needle }));
      expect(await find('trigram-1')).toEqual([id]);
      await ctx.db.kysely
        .updateTable('transactions')
        .set({ trctOrderId: 'RENAMED-55' })
        .where('trctId', '=', id!)
        .execute();
      expect(await find('trigram-1')).toEqual([]);
      expect(await find('renamed-5')).toEqual([id]);
      await ctx.db.kysely.deleteFrom('transactions').where('trctId', '=', id!).execute();
      expect(await find('renamed-5')).toEqual([]);
      const check = await sql<{
        n: number;
      }>`select count(*) as n from transactions_order_search where transactions_order_search match 'renamed'`.execute(
        ctx.db.kysely,
      );
      expect(Number(check.rows[0]!.n)).toBe(0);
      const plan = await sqlitePlan(
        ctx,
        filteredRows(
          ctx.db.kysely,
          {
            kind: VA_KIND,
            compId: mine.compId,
            range: ALL_TIME,
            query: parse({ 'finds[trctOrderId]': 'inv-2026' }),
            timeZone: ctx.config.businessTz,
          },
          { fields: ['trctId'] },
        ).select(sql.ref('trctId').as('id')),
      );
      // The candidates drive: rows are looked up by id, not checked against a scan of the range.
      expect(plan).toContain('transactions_order_search');
      expect(plan).toContain('INTEGER PRIMARY KEY');
      expect(plan).not.toMatch(/SCAN t\b|USING (COVERING )?INDEX transactions_/);
    });
  } else {
    it('has the pg_trgm GIN index on the order id', async () => {
      const res = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'transactions_order_trgm_idx' and schemaname = current_schema()`.execute(
        ctx.db.kysely,
      );
      expect(res.rows[0]?.indexdef).toMatch(
        /USING gin \(lower\(\("trctOrderId"\)::text\) .*gin_trgm_ops\)/,
      );
    });

    it('gives the GIN index a LIKE on the last 8 characters of a long text only, and tests the whole text without LIKE', async () => {
      const compiled = filteredRows(
        ctx.db.kysely,
        {
          kind: VA_KIND,
          compId: mine.compId,
          range: ALL_TIME,
          query: parse({ 'finds[trctOrderId]': 'GMWSK99LHV1-00000012' }),
          timeZone: ctx.config.businessTz,
        },
        { fields: ['trctId'] },
      )
        .select(sql.ref('trctId').as('id'))
        .compile();
      // Only a LIKE (~~) can be an index condition of a trigram index: the whole text must not be in one.
      const plan = (
        await ctx.db.kysely.executeQuery({
          ...compiled,
          sql: `explain (costs off) ${compiled.sql}`,
        } as never)
      ).rows
        .map((r) => (r as Record<string, string>)['QUERY PLAN'])
        .join('\n');
      expect(plan).toContain(`lower(("trctOrderId")::text) ~~ '%00000012%'::text`);
      expect(plan).not.toMatch(/~~ '[^']*gmwsk99lhv1/);
      expect(plan).toContain(
        `strpos(lower(("trctOrderId")::text), 'gmwsk99lhv1-00000012'::text) > 0`,
      );
    });
  }
});
