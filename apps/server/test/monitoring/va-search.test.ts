/**
 * The VA screen's search by "No. VA" and "Nama" (trvaVirtualAccountNo, trvaVirtualAccountName)
 * through the trigram indexes of migration 0014 finds exactly the rows of the old
 * `lower(...) like` scan: contains, starts with, ends with, not contains and equal, the search
 * parameter over several fields, with LIKE wildcards, quotes, case and texts too short for a
 * trigram, and texts longer than the part the index is asked for (search-repo.ts: their last 8
 * characters); and the same for the QRIS reference (Ref. No.). On SQLite the FTS5 table follows inserts, changes and deletes of the VA detail; on
 * PostgreSQL the GIN and B-tree indexes exist.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ListQuery, RawQuery } from '@tagih/contract';
import { applyOrderAndPage } from '../../src/db/list-sql.ts';
import { SERVER_KINDS } from '../../src/modules/transactions/kinds.ts';
import { searchTexts, windowParts } from '../../src/modules/transactions/list/search-repo.ts';
import { filteredRows } from '../../src/modules/transactions/list/list-repo.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, insertTx, sqlitePlan, type TestCompany } from './support.ts';
import { likeScanIds, listIds, parseFor } from './search-support.ts';

const VA_KIND = SERVER_KINDS.find((k) => k.type === 'VA')!;
const QR_KIND = SERVER_KINDS.find((k) => k.type === 'QRIS')!;
const ALL_TIME = { start: null, end: null };
/** [VA number, name] of each row; null: no name. */
const DETAILS: [string, string | null][] = [
  ['8808123456789', 'Budi Santoso'],
  ['8808123456790', 'budi santoso'],
  ['88081_50%', 'Siti 50% Aminah'],
  ['8808-50-00', 'Siti_Aminah'],
  ["77O'BRIEN01", "O'Brien"],
  ['77X"Q"Z', 'Xavier "Q" Zed'],
  ['99ÉCOLE', 'Élise'],
  ['99école', 'élise'],
  ['AB', 'Ab'],
  ['12ab', 'Zab'],
  ['123123123', null],
  ['4455', 'Rudi Hartono'],
  ['77\\0850X_Z9', 'Wahyu\\Back 10%'],
  // A window holding a trigram of the number's start ("080"): PostgreSQL asks the index for it in parts.
  ['77001080167440809', 'Joko Susilo'],
  ['77001080167440810', 'Joko Susanto'],
];
const NEEDLES = [
  '8808',
  '880812345',
  '6789',
  '_50%',
  '50%',
  '%',
  '_',
  "o'brien",
  "'",
  '"q"',
  'x"q',
  'école',
  'ÉLISE',
  'lise',
  'ab',
  'a',
  '12',
  '123',
  'budi',
  'BUDI SANTOSO',
  'santoso',
  'i s',
  'siti_',
  'rudi hartono',
  'nothing-here',
  '\\',
  'Budi Santoso',
  '8808123456789',
  'AB',
  'Ab',
  // Longer than the part the PostgreSQL index is asked for (its last 8 characters): the whole text still decides.
  'ZZ8808123456789',
  '08123456790',
  'SITI 50% AMINAH',
  'ti 50% aminah',
  'xx 50% aminah',
  'Wahyu\\Back 10%',
  'hyu\\back',
  'u\\back 10%',
  '77\\0850x_z9',
  'xavier "q" zed',
  '77001080167440809',
  '001080167440809',
  '0801674408',
  '77001080167440',
  '080167440810',
  'ZZ77001080167440809',
];
const FIELDS = ['trvaVirtualAccountNo', 'trvaVirtualAccountName'] as const;

describe.each(DIALECTS)('VA number and name search (%s)', (dialect) => {
  let ctx: TestContext;
  let mine: TestCompany;
  let other: TestCompany;
  let token: string;

  const parse = (raw: RawQuery) => parseFor(VA_KIND, raw);
  /** The rows of the old code path: the LIKE over the company's rows, no trigram table. */
  const oldIds = (query: ListQuery) =>
    likeScanIds(ctx, VA_KIND, mine.compId, [...FIELDS, 'trctOrderId'], query);
  const newIds = (query: ListQuery) => listIds(ctx, VA_KIND, mine.compId, query);
  const namesOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : (
          await ctx.db.kysely
            .selectFrom('transaction_va')
            .select('trvaVirtualAccountName')
            .where('trvaTrctId', 'in', ids)
            .orderBy('trvaTrctId')
            .execute()
        ).map((r) => r.trvaVirtualAccountName);
  const setDetail = (trctId: number, no: string, name: string | null) =>
    ctx.db.kysely
      .updateTable('transaction_va')
      .set({ trvaVirtualAccountNo: no, trvaVirtualAccountName: name })
      .where('trvaTrctId', '=', trctId)
      .execute();

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    mine = await createCompany(ctx);
    other = await createCompany(ctx);
    const ids = await insertTx(
      ctx,
      mine,
      'VA',
      DETAILS.map((_, i) => ({
        orderId: `VS-${i}`,
        createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T05:00:00.000Z`,
      })),
    );
    // The details are changed after the insert: the FTS5 table must follow an update too.
    for (const [i, id] of ids.entries()) await setDetail(id, DETAILS[i]![0], DETAILS[i]![1]);
    const [otherId] = await insertTx(ctx, other, 'VA', [
      { orderId: 'VS-OTHER', createdAt: '2026-11-12T05:00:00.000Z' },
    ]);
    await setDetail(otherId!, '8808123456789', 'Budi Santoso');
    token = await ctx.loginWithCompany(ADMIN, mine.compId);
  });
  afterAll(async () => {
    await ctx.close();
  });

  it.each(['contain', 'start_with', 'end_with', 'not_contain', 'equal'])(
    'finds the same rows as the old LIKE scan (%s)',
    async (op) => {
      let matched = 0;
      for (const field of FIELDS) {
        for (const needle of NEEDLES) {
          const query = parse({ [`finds[${field}][${op}]`]: needle });
          const expected = await oldIds(query);
          expect({ field, needle, ids: await newIds(query) }).toEqual({
            field,
            needle,
            ids: expected,
          });
          matched += expected.length;
        }
      }
      expect(matched).toBeGreaterThan(0);
    },
  );

  it('finds the same rows for the search parameter over one or several fields, and for two filters at once', async () => {
    for (const needle of NEEDLES) {
      for (const searchFields of [
        'trvaVirtualAccountName',
        'trvaVirtualAccountNo,trvaVirtualAccountName',
        'trctOrderId,trvaVirtualAccountName',
      ]) {
        const query = parse({ search: needle, searchFields });
        expect({ needle, searchFields, ids: await newIds(query) }).toEqual({
          needle,
          searchFields,
          ids: await oldIds(query),
        });
      }
    }
    const both = parse({
      'finds[trvaVirtualAccountNo][start_with]': '8808',
      'finds[trvaVirtualAccountName]': 'santoso',
    });
    expect(await namesOf(await newIds(both))).toEqual(['Budi Santoso', 'budi santoso']);
    expect(await newIds(both)).toEqual(await oldIds(both));
  });

  it('keeps the old case rules and treats wildcards and quotes as text', async () => {
    const contains = async (field: string, needle: string) =>
      namesOf(await newIds(parse({ [`finds[${field}]`]: needle })));
    expect(await contains('trvaVirtualAccountName', 'BUDI')).toEqual([
      'Budi Santoso',
      'budi santoso',
    ]);
    expect(await contains('trvaVirtualAccountName', '50%')).toEqual(['Siti 50% Aminah']);
    expect(await contains('trvaVirtualAccountName', 'siti_')).toEqual(['Siti_Aminah']);
    expect(await contains('trvaVirtualAccountNo', '_50%')).toEqual(['Siti 50% Aminah']);
    expect(await contains('trvaVirtualAccountName', '"q"')).toEqual(['Xavier "Q" Zed']);
    expect(await contains('trvaVirtualAccountName', "o'b")).toEqual(["O'Brien"]);
    expect(await contains('trvaVirtualAccountName', 'ab')).toEqual(['Ab', 'Zab']);
    expect(await contains('trvaVirtualAccountName', 'SITI 50% AMINAH')).toEqual([
      'Siti 50% Aminah',
    ]);
    expect(await contains('trvaVirtualAccountName', 'xx 50% aminah')).toEqual([]);
    expect(await contains('trvaVirtualAccountName', 'u\\back 10%')).toEqual(['Wahyu\\Back 10%']);
    expect(await contains('trvaVirtualAccountNo', 'ZZ8808123456789')).toEqual([]);
    // ASCII letters fold on both databases; the rest follows each database's lower() as before.
    expect(await contains('trvaVirtualAccountName', 'élise')).toEqual(
      dialect === 'postgres' ? ['Élise', 'élise'] : ['élise'],
    );
  });

  it("answers the list call (the screen's search-by) with the matching rows of the company only", async () => {
    for (const [field, text] of [
      ['trvaVirtualAccountNo', '88081234567'],
      ['trvaVirtualAccountName', 'budi santoso'],
    ] as const) {
      const res = await ctx.inject({
        method: 'GET',
        url: `/api/dashboard/transactionVa?max=100&finds[${field}]=${encodeURIComponent(text)}`,
        token,
      });
      expect(res.statusCode).toBe(200);
      const { data, pagination } = res.json().data;
      expect(data.map((r: { trctOrderId: string }) => r.trctOrderId).sort()).toEqual([
        'VS-0',
        'VS-1',
      ]);
      expect(pagination.totalData).toBe(2);
    }
  });

  it('finds the same rows for the QRIS reference (Ref. No.) as the old LIKE scan, and follows changes', async () => {
    const refs = ['REF-2026-0001', 'ref-2026-0002', 'REF_50%', 'R\'Q"1', 'AB', null];
    const ids = await insertTx(
      ctx,
      mine,
      'QRIS',
      refs.map((refNo, i) => ({
        orderId: `QS-${i}`,
        refNo,
        createdAt: `2026-11-${String(10 + i).padStart(2, '0')}T05:00:00.000Z`,
      })),
    );
    const parseQr = (raw: RawQuery) => parseFor(QR_KIND, raw);
    const qrIds = (query: ListQuery, indexed: boolean) =>
      indexed
        ? listIds(ctx, QR_KIND, mine.compId, query)
        : likeScanIds(ctx, QR_KIND, mine.compId, ['trqrReferenceNo'], query);
    for (const op of ['contain', 'start_with', 'end_with', 'not_contain', 'equal']) {
      for (const needle of [
        'ref-2026',
        '2026-000',
        '0002',
        '_50%',
        '%',
        "'q",
        '"1',
        'ab',
        'REF-2026-0001',
        'nothing',
      ]) {
        const query = parseQr({ [`finds[trqrReferenceNo][${op}]`]: needle });
        expect({ op, needle, ids: await qrIds(query, true) }).toEqual({
          op,
          needle,
          ids: await qrIds(query, false),
        });
      }
    }
    await ctx.db.kysely
      .updateTable('transaction_qr')
      .set({ trqrReferenceNo: 'RENAMED-REF-9' })
      .where('trqrTrctId', '=', ids[0]!)
      .execute();
    expect(await qrIds(parseQr({ 'finds[trqrReferenceNo]': 'renamed-ref' }), true)).toEqual([
      ids[0],
    ]);
    expect(await qrIds(parseQr({ 'finds[trqrReferenceNo]': '2026-0001' }), true)).toEqual([]);
  });

  it("asks PostgreSQL's trigram index for the text's end in parts that hold no trigram of its start", () => {
    expect(windowParts('89003080138014252')).toEqual(['380', '14252']);
    expect(windowParts('77001080167440809')).toEqual(['674408', '09']);
    expect(windowParts('fajar nugroho')).toEqual([' nugroho']);
    expect(windowParts('8808123456789')).toEqual(['23456789']);
    expect(windowParts('budi')).toEqual(['budi']);
    // Whatever the cuts, the parts put together are the window (so any row holding it matches '%part%part%').
    for (const text of [
      '89003080138014252',
      '77001080167440809',
      '080080080080',
      'aaaaaaaaaaaaaaaa',
      'ab',
    ]) {
      expect(windowParts(text).join('')).toBe([...text].slice(-8).join(''));
    }
  });

  it('asks the trigram index only for texts of three characters or more, in indexed fields', () => {
    expect(searchTexts(parse({ 'finds[trvaVirtualAccountName]': 'Bu' }))).toEqual([]);
    expect(searchTexts(parse({ 'finds[trvaVirtualAccountName][start_with]': 'BUD' }))).toEqual([
      { fields: ['trvaVirtualAccountName'], text: 'bud' },
    ]);
    expect(searchTexts(parse({ 'finds[trvaVirtualAccountNo][equal]': '8808123456789' }))).toEqual(
      [],
    );
    expect(
      searchTexts(parse({ search: 'budi', searchFields: 'trctOrderId,trvaVirtualAccountName' })),
    ).toEqual([{ fields: ['trctOrderId', 'trvaVirtualAccountName'], text: 'budi' }]);
    expect(
      searchTexts(parse({ search: 'budi', searchFields: 'trvaVirtualAccountName,trctBank' })),
    ).toEqual([]);
  });

  if (dialect === 'sqlite') {
    it('keeps the FTS5 table in step with inserts, changes and deletes of the VA detail, and the plan starts from it', async () => {
      const [id] = await insertTx(ctx, mine, 'VA', [
        { orderId: 'VS-NEW', createdAt: '2026-11-25T05:00:00.000Z' },
      ]);
      const find = (needle: string) => newIds(parse({ 'finds[trvaVirtualAccountName]': needle }));
      expect(await find('nama bank')).toContain(id);
      await setDetail(id!, '5550001', 'Wahyu Trigram');
      expect(await find('nama bank')).not.toContain(id);
      expect(await find('u trigr')).toEqual([id]);
      expect(await newIds(parse({ 'finds[trvaVirtualAccountNo]': '55500' }))).toEqual([id]);
      await ctx.db.kysely.deleteFrom('transaction_va').where('trvaTrctId', '=', id!).execute();
      expect(await find('u trigr')).toEqual([]);
      // Deleting the transaction removes its detail (ON DELETE CASCADE), and the detail's trigram rows with it.
      const [cascaded] = await insertTx(ctx, mine, 'VA', [
        { orderId: 'VS-CASCADE', createdAt: '2026-11-26T05:00:00.000Z' },
      ]);
      await setDetail(cascaded!, '5550002', 'Wahyu Trigram Dua');
      expect(await find('u trigr')).toEqual([cascaded]);
      await ctx.db.kysely.deleteFrom('transactions').where('trctId', '=', cascaded!).execute();
      expect(await find('u trigr')).toEqual([]);
      const check = await sql<{
        n: number;
      }>`select count(*) as n from transaction_va_search where transaction_va_search match 'trigram'`.execute(
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
            query: parse({ 'finds[trvaVirtualAccountName]': 'santoso' }),
            timeZone: ctx.config.businessTz,
          },
          { fields: ['trctId'] },
        ).select(sql.ref('trctId').as('id')),
      );
      expect(plan).toContain('transaction_va_search');
      expect(plan).not.toMatch(/SCAN t\b|USING (COVERING )?INDEX transactions_/);
    });

    it("reads a search's matches newest first and stops at the page, whatever the other filters", async () => {
      const planOf = (raw: RawQuery) => {
        const query = parse(raw);
        const ids = filteredRows(
          ctx.db.kysely,
          {
            kind: VA_KIND,
            compId: mine.compId,
            range: ALL_TIME,
            query: query,
            timeZone: ctx.config.businessTz,
          },
          { fields: ['trctId'] },
        ).select(sql.ref('trctId').as('trctId'));
        return sqlitePlan(
          ctx,
          applyOrderAndPage(ids, query, { timeZone: 'UTC', tieBreaker: 'trctId' }),
        );
      };
      // The list's own order (newest first): the FTS5 table's order, no sort of every match.
      for (const raw of [
        { 'finds[trvaVirtualAccountName]': 'santoso' },
        { 'finds[trvaVirtualAccountNo]': '8808', 'finds[trvaVirtualAccountName]': 'santoso' },
        { search: 'santoso', searchFields: 'trvaVirtualAccountName' },
      ]) {
        const plan = await planOf(raw);
        expect(plan).toMatch(/SCAN transaction_va_search VIRTUAL TABLE INDEX 192:/);
        expect(plan).toContain('SEARCH t USING INTEGER PRIMARY KEY');
        expect(plan).not.toContain('TEMP B-TREE FOR ORDER BY');
      }
      // Another order sorts the matches (as before); fields spanning two tables narrow by id instead of leading.
      expect(
        await planOf({
          'finds[trvaVirtualAccountName]': 'santoso',
          orderField: 'trctTotalAmount',
          orderValue: 'asc',
        }),
      ).toContain('TEMP B-TREE FOR ORDER BY');
      expect(
        await planOf({ search: 'santoso', searchFields: 'trctOrderId,trvaVirtualAccountName' }),
      ).not.toContain('VIRTUAL TABLE INDEX 192:');
    });
  } else {
    it('has the pg_trgm GIN indexes and the B-tree indexes on the VA number and name', async () => {
      const res = await sql<{
        indexname: string;
        indexdef: string;
      }>`select indexname, indexdef from pg_indexes where tablename = 'transaction_va' and schemaname = current_schema()`.execute(
        ctx.db.kysely,
      );
      const def = (name: string) => res.rows.find((r) => r.indexname === name)?.indexdef;
      expect(def('transaction_va_no_trgm_idx')).toMatch(
        /USING gin \(lower\(\("trvaVirtualAccountNo"\)::text\) .*gin_trgm_ops\)/,
      );
      // The name's trigram index is on its stored lowered twin (migration 0015), the key carries the twin.
      expect(def('transaction_va_name_lower_trgm_idx')).toMatch(
        /USING gin \("trvaVirtualAccountNameLower" .*gin_trgm_ops\)/,
      );
      expect(def('transaction_va_name_trgm_idx')).toBeUndefined();
      expect(def('transaction_va_trct_unique')).toMatch(
        /UNIQUE INDEX .* btree \("trvaTrctId"\) INCLUDE \("trvaVirtualAccountNameLower"\)/,
      );
      expect(def('transaction_va_no_idx')).toMatch(/btree \("trvaVirtualAccountNo"\)/);
      expect(def('transaction_va_name_idx')).toMatch(/btree \("trvaVirtualAccountName"\)/);
      const qr = await sql<{
        indexdef: string;
      }>`select indexdef from pg_indexes where indexname = 'transaction_qr_ref_trgm_idx' and schemaname = current_schema()`.execute(
        ctx.db.kysely,
      );
      expect(qr.rows[0]?.indexdef).toMatch(
        /USING gin \(lower\(\("trqrReferenceNo"\)::text\) .*gin_trgm_ops\)/,
      );
    });

    it("keeps the name's lowered twin equal to lower(name) through inserts and changes, and the search reads the twin, not lower() per row", async () => {
      const [id] = await insertTx(ctx, mine, 'VA', [
        { orderId: 'VS-TWIN', createdAt: '2026-11-27T05:00:00.000Z' },
      ]);
      await setDetail(id!, '5550003', "ÉLISE Kelvin O'Brien");
      const twins = await sql<{ name: string | null; twin: string | null; lowered: string | null }>`
        select "trvaVirtualAccountName" as name, "trvaVirtualAccountNameLower" as twin, lower("trvaVirtualAccountName") as lowered from transaction_va`.execute(
        ctx.db.kysely,
      );
      expect(twins.rows.length).toBeGreaterThan(DETAILS.length);
      for (const row of twins.rows) expect(row.twin).toBe(row.lowered);
      expect(twins.rows.find((r) => r.name === "ÉLISE Kelvin O'Brien")?.twin).toBe(
        "élise kelvin o'brien",
      );
      const compiled = filteredRows(
        ctx.db.kysely,
        {
          kind: VA_KIND,
          compId: mine.compId,
          range: ALL_TIME,
          query: parse({ 'finds[trvaVirtualAccountName]': 'élise kelvin' }),
          timeZone: ctx.config.businessTz,
        },
        { fields: ['trctId'] },
      )
        .select(sql.ref('trctId').as('id'))
        .compile().sql;
      expect(compiled).toContain('strpos("trvaVirtualAccountNameLower"');
      expect(compiled).toContain('"trvaVirtualAccountNameLower" like');
      expect(compiled).not.toMatch(/lower\(cast\("trvaVirtualAccountName"/);
      expect(await newIds(parse({ 'finds[trvaVirtualAccountName]': 'élise kelvin' }))).toEqual([
        id,
      ]);
    });
  }
});
