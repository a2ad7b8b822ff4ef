/**
 * SQLite paging without sorting the range (issue 10): a page chosen by walking the id-order index
 * (transactions_id_walk_idx, migration 0012-search-and-paging) is the same page as the old
 * sorted one, for ranges, filters, both id directions and every page up to past the last; the
 * choice between the two follows the rollup's counts; and the list call answers the same pages
 * whichever way it reads them. On PostgreSQL the walk is never chosen and the pages are checked
 * the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseListQuery, type ListQuery, type RawQuery } from '@tagih/contract';
import { applyOrderAndPage } from '../../src/db/list-sql.ts';
import { SERVER_KINDS, type ServerKind } from '../../src/modules/transactions/kinds.ts';
import { walkIdOrder } from '../../src/modules/transactions/list/page-plan.ts';
import { filteredRows, page } from '../../src/modules/transactions/list/list-repo.ts';
import { parseDateRange } from '../../src/shared/date-range.ts';
import { sql } from 'kysely';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, sqlitePlan, type TestCompany } from './support.ts';

const VA_KIND = SERVER_KINDS.find((k) => k.type === 'VA')!;
const QR_KIND = SERVER_KINDS.find((k) => k.type === 'QRIS')!;
const STATUSES = ['00', '03', '05'] as const;
const BANKS = ['BRI', 'BJB', 'Mandiri'];

/** Row i of 240: spread over 2026-11-01..30 (Jakarta), ids not in created-time order. */
const rowsFor = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    orderId: `${prefix}-${String(i).padStart(4, '0')}`,
    status: STATUSES[i % 3]!,
    bank: BANKS[(i * 7) % 3]!,
    amount: 1000 + i,
    createdAt: new Date(
      Date.UTC(2026, 10, 1, 0, 0, 0) + ((i * 7919) % 240) * 3 * 3_600_000,
    ).toISOString(),
  }));

describe.each(DIALECTS)('list paging by the id-order index (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let token: string;
  const tz = () => ctx.config.businessTz;
  const parse = (kind: ServerKind, raw: RawQuery): ListQuery => {
    const parsed = parseListQuery(raw, kind.resource, ['from', 'to']);
    if (!parsed.ok) throw new Error(parsed.message);
    return parsed.value;
  };
  const rowsOf = (kind: ServerKind, raw: RawQuery, query = parse(kind, raw)) => ({
    kind,
    compId: mine.compId,
    range: parseDateRange(raw.from, raw.to, tz()),
    query,
    timeZone: tz(),
  });
  const pageIds = async (kind: ServerKind, raw: RawQuery, idWalk: boolean) => {
    const rows = await page(ctx.db.kysely, rowsOf(kind, raw), { idWalk });
    return rows.map((r) => Number(r.trctId));
  };
  /** Every matching id in the list's order, computed apart from the page query. */
  const allIds = async (kind: ServerKind, raw: RawQuery) => {
    const out = (await filteredRows(ctx.db.kysely, rowsOf(kind, raw), { fields: ['trctId'] })
      .select(sql.ref('trctId').as('id'))
      .execute()) as { id: number }[];
    const ids = out.map((r) => Number(r.id)).sort((a, b) => a - b);
    return raw.orderValue === 'asc' ? ids : ids.reverse();
  };
  const walkChosen = (kind: ServerKind, raw: RawQuery) =>
    walkIdOrder(ctx.db.kysely, {
      kind,
      compId: mine.compId,
      days: { from: raw.from ?? null, to: raw.to ?? null },
      query: parse(kind, raw),
      timeZone: tz(),
    });

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    const other = await createCompany(ctx);
    await insertTx(ctx, other, 'VA', rowsFor('OTHER', 30));
    mine = await createCompany(ctx);
    await insertTx(ctx, mine, 'VA', rowsFor('VA', 240));
    await insertTx(ctx, mine, 'QRIS', rowsFor('QR', 60));
    await insertTx(ctx, other, 'VA', rowsFor('OTHER2', 30));
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  const CASES: RawQuery[] = [
    {},
    { from: '2026-11-01', to: '2026-11-30' },
    { from: '2026-11-10', to: '2026-11-16' },
    { from: '2026-11-20', to: '2026-11-20' },
    { from: '2026-11-01', to: '2026-11-30', 'finds[trctStatus][equal]': '03' },
    {
      from: '2026-11-01',
      to: '2026-11-30',
      'finds[trctStatus][equal]': '00',
      'finds[trctBank]': 'BRI',
    },
    { from: '2026-11-01', to: '2026-11-30', orderValue: 'asc', orderField: 'trctId' },
    {
      from: '2026-11-05',
      to: '2026-11-25',
      orderValue: 'asc',
      orderField: 'trctId',
      'finds[trctBank]': 'BJB',
    },
    { from: '2026-12-01', to: '2026-12-31' },
  ];

  it.each(CASES)(
    'walking the index gives the same pages as sorting the range (%o)',
    async (base) => {
      for (const kind of [VA_KIND, QR_KIND]) {
        const all = await allIds(kind, base);
        for (const max of [10, 7]) {
          const last = Math.max(1, Math.ceil(all.length / max));
          for (const p of [...new Set([1, 2, Math.ceil(last / 2), last, last + 1])]) {
            const raw = { ...base, page: String(p), max: String(max) };
            const expected = all.slice((p - 1) * max, p * max);
            expect({ kind: kind.type, p, max, ids: await pageIds(kind, raw, true) }).toEqual({
              kind: kind.type,
              p,
              max,
              ids: expected,
            });
            expect({ kind: kind.type, p, max, ids: await pageIds(kind, raw, false) }).toEqual({
              kind: kind.type,
              p,
              max,
              ids: expected,
            });
          }
        }
      }
    },
  );

  it('the list call answers the same pages whichever way it reads them', async () => {
    for (const base of CASES) {
      const all = await allIds(VA_KIND, base);
      for (const p of [1, 3]) {
        const qs = new URLSearchParams({ ...base, page: String(p), max: '10' } as Record<
          string,
          string
        >).toString();
        const res = await ctx.inject({
          method: 'GET',
          url: `/api/dashboard/transactionVa?${qs}`,
          token,
        });
        expect(res.statusCode).toBe(200);
        const { data, pagination } = res.json().data;
        expect(data.map((r: { trctId: number }) => r.trctId)).toEqual(
          all.slice((p - 1) * 10, p * 10),
        );
        expect(pagination.totalData).toBe(all.length);
      }
    }
  });

  if (dialect === 'sqlite') {
    it('walks when the range holds most rows and sorts when it holds few or the page is deep', async () => {
      expect(await walkChosen(VA_KIND, { from: '2026-11-01', to: '2026-11-30' })).toBe(true);
      expect(await walkChosen(VA_KIND, {})).toBe(true);
      expect(
        await walkChosen(VA_KIND, {
          from: '2026-11-01',
          to: '2026-11-30',
          orderField: 'trctId',
          orderValue: 'asc',
        }),
      ).toBe(true);
      // One day of 30 (8 rows), and the last page of the month: the sort reads fewer rows.
      expect(await walkChosen(VA_KIND, { from: '2026-11-20', to: '2026-11-20' })).toBe(false);
      expect(
        await walkChosen(VA_KIND, { from: '2026-11-01', to: '2026-11-30', page: '24', max: '10' }),
      ).toBe(false);
      // Another order, a text search (the rollup cannot count it) or an empty range: never.
      expect(
        await walkChosen(VA_KIND, {
          from: '2026-11-01',
          to: '2026-11-30',
          orderField: 'trctCreatedTime',
        }),
      ).toBe(false);
      expect(
        await walkChosen(VA_KIND, {
          from: '2026-11-01',
          to: '2026-11-30',
          'finds[trctOrderId]': 'VA-',
        }),
      ).toBe(false);
      expect(await walkChosen(VA_KIND, { from: '2026-12-01', to: '2026-12-31' })).toBe(false);
    });

    it('reads the walk through transactions_id_walk_idx without sorting', async () => {
      const raw = { from: '2026-11-01', to: '2026-11-30' };
      const explain = (idWalk: boolean) => {
        const query = parse(VA_KIND, raw);
        const ids = filteredRows(ctx.db.kysely, rowsOf(VA_KIND, raw, query), {
          fields: ['trctId'],
          idWalk,
        }).select(sql.ref('trctId').as('trctId'));
        // Ordered and paged as the list's page is (repo.page).
        return sqlitePlan(
          ctx,
          applyOrderAndPage(ids, query, { timeZone: 'UTC', tieBreaker: 'trctId' }),
        );
      };
      const walk = await explain(true);
      expect(walk).toContain('transactions_id_walk_idx');
      expect(walk).not.toContain('TEMP B-TREE');
    });
  } else {
    it('never walks on PostgreSQL (its planner has transactions_id_order_idx)', async () => {
      expect(await walkChosen(VA_KIND, { from: '2026-11-01', to: '2026-11-30' })).toBe(false);
    });
  }
});
