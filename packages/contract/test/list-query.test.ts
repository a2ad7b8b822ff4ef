import { describe, expect, it } from 'vitest';
import {
  listQueryString,
  MAX_LIST_POSITION,
  parseListQuery,
  type ResourceDef,
} from '../src/index.ts';

const resource: ResourceDef = {
  path: '/test',
  entity: 'Test',
  idField: 'id',
  defaultOrder: { field: 'created', direction: 'asc' },
  fields: [
    { name: 'id', label: 'Id', type: 'number', input: 'none', key: true },
    { name: 'name', label: 'Name', type: 'string', input: 'text', searchable: true },
    { name: 'city', label: 'City', type: 'string', input: 'text' },
    { name: 'created', label: 'Created', type: 'date', input: 'none' },
    { name: 'groupName', label: 'Group', type: 'string', input: 'none', derived: true },
  ],
};

const parse = (q: Record<string, string>) => parseListQuery(q, resource);

describe('list query parser', () => {
  it('has defaults: page 1, 10 rows, the resource order', () => {
    expect(parse({})).toEqual({
      ok: true,
      value: {
        page: 1,
        max: 10,
        order: { field: 'created', direction: 'asc' },
        search: null,
        filters: [],
      },
    });
  });

  it('reads finds with and without an operator, contain for text and equal otherwise', () => {
    const r = parse({
      'finds[name]': 'maju',
      'finds[id]': '3',
      'finds[city][start_with]': 'Ja',
      'finds[id][eq]': '4',
    });
    expect(r.ok && r.value.filters).toEqual([
      { field: 'name', op: 'contain', value: 'maju' },
      { field: 'id', op: 'equal', value: 3 },
      { field: 'city', op: 'start_with', value: 'Ja' },
      { field: 'id', op: 'equal', value: 4 },
    ]);
  });

  it('keeps is_null and is_not_null filters that carry no value, and skips other empty boxes', () => {
    const r = parse({
      'finds[city][is_null]': '',
      'finds[id][is_not_null]': '',
      'finds[name]': '',
    });
    expect(r.ok && r.value.filters).toEqual([
      { field: 'city', op: 'is_null', value: null },
      { field: 'id', op: 'is_not_null', value: null },
    ]);
  });

  it('reads additionalFilter as equalities and search over the given fields', () => {
    const r = parse({
      additionalFilter: '{"city":"Bandung","id":2}',
      search: 'x',
      searchFields: 'name,city',
    });
    expect(r.ok && r.value.filters).toEqual([
      { field: 'city', op: 'equal', value: 'Bandung' },
      { field: 'id', op: 'equal', value: 2 },
    ]);
    expect(r.ok && r.value.search).toEqual({ text: 'x', fields: ['name', 'city'] });
  });

  it.each([
    [{ orderField: 'password' }, "Unknown order field 'password'"],
    [{ 'finds[password]': 'x' }, "Unknown filter field 'password'"],
    [{ 'finds[groupName]': 'x' }, "Unknown filter field 'groupName'"],
    [{ search: 'x', searchFields: 'name,secret' }, "Unknown search field 'secret'"],
    [{ 'finds[name][like]': 'x' }, "Unknown filter operator 'like'"],
    [{ 'finds[name][greater_than]': 'x' }, "Operator 'greater_than' does not apply to 'name'"],
    [
      { 'finds[id]': 'abc' },
      "Filter value for 'id' must be a whole number from -2147483648 to 2147483647",
    ],
    [
      { 'finds[created][equal]': 'yesterday' },
      "Filter value for 'created' must be a date (YYYY-MM-DD) from 1900-01-01 to 2999-12-31",
    ],
    [{ additionalFilter: '{"nope":1}' }, "Unknown filter field 'nope'"],
    [{ additionalFilter: '[1]' }, 'additionalFilter must be a JSON object'],
    [{ additionalFilter: '{bad' }, 'additionalFilter must be a JSON object'],
    [{ page: '0' }, 'page must be at least 1'],
    [{ max: '1000001' }, 'max must be at most 1000000'],
    [{ max: '1e3' }, 'max must be a whole number'],
    [{ orderValue: 'sideways' }, "orderValue must be 'asc' or 'desc'"],
    [{ unexpected: '1' }, "Unknown query parameter 'unexpected'"],
  ])('refuses %j with a message naming the problem', (q, message) => {
    expect(parse(q as Record<string, string>)).toEqual({ ok: false, message });
  });

  describe('paging that reaches too far', () => {
    const tooFar = (page: string, max: string) =>
      `page ${page} with max ${max} reaches too far: page × max must be at most ${MAX_LIST_POSITION}`;

    it.each([
      ['9007199254740991', '1000000'],
      ['9007199254740991', '2'],
      ['4503599627370496', '2'],
      ['9007199254740', '1000000'],
    ])('refuses page %s with max %s (the offset would leave the safe integers)', (page, max) => {
      expect(parse({ page, max })).toEqual({ ok: false, message: tooFar(page, max) });
    });

    it('accepts the furthest page that still fits, and a page past the last safe integer is no number at all', () => {
      expect(parse({ page: '9007199254740991', max: '1' })).toMatchObject({
        ok: true,
        value: { page: 9007199254740991, max: 1 },
      });
      expect(parse({ page: '9007199254', max: '1000000' })).toMatchObject({
        ok: true,
        value: { page: 9007199254, max: 1000000 },
      });
      expect(parse({ page: '9007199254740992' })).toEqual({
        ok: false,
        message: 'page must be at most 9007199254740991',
      });
      expect(parse({ page: '99999999999999999999999' })).toEqual({
        ok: false,
        message: 'page must be at most 9007199254740991',
      });
      expect(MAX_LIST_POSITION).toBe(Number.MAX_SAFE_INTEGER);
    });
  });

  describe('date filters', () => {
    const message =
      "Filter value for 'created' must be a date (YYYY-MM-DD) from 1900-01-01 to 2999-12-31";

    it.each([
      '2026-02-30',
      '2026-02-29',
      '2025-04-31',
      '2026-13-01',
      '2026-00-10',
      '2026-01-00',
      '0000-01-01',
      '1899-12-31',
      '3000-01-01',
      '9999-12-31',
      '2026-02-30T10:00:00Z',
      '2026-02-10T24:00',
      '2026-02-10T10:60',
      '2026-02-10T10:00:60',
      '2026-02-10T10:00+24:00',
      '2026-02-10T10',
      '2026-2-3',
      '2026-02-10Z',
      ' 2026-02-10',
    ])('refuses %s in finds and in additionalFilter', (value) => {
      expect(parse({ 'finds[created]': value })).toEqual({ ok: false, message });
      expect(parse({ 'finds[created][less_than_equal]': value })).toEqual({ ok: false, message });
      expect(parse({ additionalFilter: JSON.stringify({ created: value }) })).toEqual({
        ok: false,
        message,
      });
    });

    it.each([
      '2024-02-29',
      '1900-01-01',
      '2999-12-31',
      '2026-02-10T10:00',
      '2026-02-10 10:00:59',
      '2026-02-10T23:59:59.999Z',
      '2026-02-10T10:00:00+07:00',
      '2026-02-10T10:00+0700',
    ])('accepts %s', (value) => {
      expect(parse({ 'finds[created][greater_than]': value })).toMatchObject({
        ok: true,
        value: { filters: [{ field: 'created', op: 'greater_than', value }] },
      });
    });
  });

  describe('number filters fit their column', () => {
    const numbers: ResourceDef = {
      ...resource,
      fields: [
        { name: 'status', label: 'Status', type: 'number', input: 'none' },
        { name: 'trxId', label: 'Trx', type: 'number', numberKind: 'bigint', input: 'none' },
        { name: 'amount', label: 'Amount', type: 'number', numberKind: 'money', input: 'number' },
        { name: 'created', label: 'Created', type: 'date', input: 'none' },
      ],
    };
    const refusal = (field: string) =>
      ({
        status: "Filter value for 'status' must be a whole number from -2147483648 to 2147483647",
        trxId:
          "Filter value for 'trxId' must be a whole number from -9007199254740991 to 9007199254740991",
        amount:
          "Filter value for 'amount' must be an amount with at most 2 decimals from -9999999999999.99 to 9999999999999.99",
      })[field];
    const filtered = (field: string, value: string) =>
      parseListQuery({ [`finds[${field}][greater_than]`]: value }, numbers);

    it.each([
      ['status', '2147483648'],
      ['status', '-2147483649'],
      ['status', '99999999999999999999'],
      ['status', '1.5'],
      ['status', '1e3'],
      ['status', '0x10'],
      ['status', ' 1'],
      ['status', '1 '],
      ['status', 'NaN'],
      ['status', 'Infinity'],
      ['status', 'true'],
      ['status', '+1'],
      ['trxId', '9007199254740992'],
      ['trxId', '1.0'],
      ['amount', '1500.255'],
      ['amount', '10000000000000'],
      ['amount', '1,5'],
      ['amount', '.5'],
    ])('refuses %s = %j, naming the field and its range', (field, value) => {
      expect(filtered(field, value)).toEqual({ ok: false, message: refusal(field) });
      expect(
        parseListQuery({ additionalFilter: JSON.stringify({ [field]: value }) }, numbers),
      ).toEqual({ ok: false, message: refusal(field) });
    });

    it.each([
      ['status', 1.5],
      ['status', 2147483648],
      ['status', true],
      ['status', 1e21],
      ['trxId', 1e20],
      ['amount', 0.001],
      ['status', [1]],
      ['status', { a: 1 }],
    ])('refuses the JSON value %s = %j in additionalFilter', (field, value) => {
      const r = parseListQuery({ additionalFilter: JSON.stringify({ [field]: value }) }, numbers);
      expect(r.ok).toBe(false);
    });

    it.each([
      ['status', '2147483647', 2147483647],
      ['status', '-2147483648', -2147483648],
      ['status', '0', 0],
      ['trxId', '9007199254740991', 9007199254740991],
      ['trxId', '2147483648', 2147483648],
      ['amount', '1500.25', 1500.25],
      ['amount', '-9999999999999.99', -9999999999999.99],
      ['amount', '7', 7],
    ])('accepts %s = %j', (field, value, parsed) => {
      expect(filtered(field, value)).toMatchObject({
        ok: true,
        value: { filters: [{ field, op: 'greater_than', value: parsed }] },
      });
    });

    it('refuses a NUL character that additionalFilter spells in JSON', () => {
      expect(parseListQuery({ additionalFilter: '{"name":"a\\u0000b"}' }, resource)).toEqual({
        ok: false,
        message: "Filter value for 'name' must not contain a NUL character",
      });
    });
  });

  it('allows max up to 1,000,000 and extra keys the endpoint declares', () => {
    expect(parse({ max: '1000000' }).ok).toBe(true);
    expect(parseListQuery({ from: '2026-01-01' }, resource, ['from']).ok).toBe(true);
  });

  it('builds query strings the parser reads back', () => {
    const qs = listQueryString({
      page: 2,
      max: 20,
      orderField: 'name',
      orderValue: 'desc',
      search: 'a',
      searchFields: ['name'],
      finds: { city: 'Ja', id: { op: 'eq', value: 2 } },
    });
    const raw = Object.fromEntries(new URLSearchParams(qs));
    const r = parse(raw);
    expect(r.ok && r.value).toMatchObject({
      page: 2,
      max: 20,
      order: { field: 'name', direction: 'desc' },
      search: { text: 'a', fields: ['name'] },
    });
    expect(r.ok && r.value.filters).toEqual([
      { field: 'city', op: 'contain', value: 'Ja' },
      { field: 'id', op: 'equal', value: 2 },
    ]);
  });
});
