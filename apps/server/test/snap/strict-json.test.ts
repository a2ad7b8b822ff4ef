/**
 * The strict JSON reader (src/shared/strict-json.ts) that /snap bodies and the banks' answers go
 * through: it reads what JSON.parse reads, and refuses a repeated member (named with its path,
 * also when spelt with \u escapes), __proto__ / constructor / prototype members, and deep nesting.
 */
import { describe, expect, it } from 'vitest';
import { parseStrictJson, StrictJsonError } from '../../src/shared/strict-json.ts';

const problemOf = (text: string) => {
  try {
    parseStrictJson(text);
  } catch (error) {
    if (error instanceof StrictJsonError) return { problem: error.problem, path: error.path };
    throw error;
  }
  return null;
};

describe('strict JSON reader', () => {
  it.each([
    '{}',
    '[]',
    '0',
    '-0',
    '1.5e3',
    '"x"',
    'true',
    'false',
    'null',
    ' \t\r\n{ "a" : [ 1 , { "b" : null } ] } \n',
    '{"paidAmount":{"value":"10000.00","currency":"IDR"},"customerNo":"123","list":[{"a":1},{"a":2}]}',
    '"\\u00e9\\ud83d\\ude00\\"\\\\\\/\\b\\f\\n\\r\\t"',
    '{"a":"b","A":"c"}',
    '123456789012345678901234567890',
    '[[[[]]]]',
  ])('reads %s as JSON.parse does', (text) => {
    expect(parseStrictJson(text)).toEqual(JSON.parse(text));
  });

  it.each([
    '',
    ' ',
    '{',
    '}',
    '{"a"}',
    '{"a":}',
    '{"a":1,}',
    '[1,]',
    '[1 2]',
    "{'a':1}",
    '{a:1}',
    '01',
    '1.',
    '.5',
    '+1',
    '-',
    '1e',
    'NaN',
    'Infinity',
    'tru',
    'nul',
    '"a',
    '"\\x"',
    '"\\u12"',
    '"a\nb"',
    '{"a":1}x',
    '{"a":1}{"b":2}',
    '\u00a0{}',
    '[1]]',
  ])('refuses %j, as JSON.parse does', (text) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(problemOf(text)).toMatchObject({ problem: 'syntax' });
  });

  it('refuses a repeated member, naming it with its path', () => {
    expect(
      problemOf(
        '{"paidAmount":{"value":"1.00","currency":"IDR"},"paidAmount":{"value":"2165000.00","currency":"IDR"}}',
      ),
    ).toEqual({ problem: 'duplicate-key', path: 'paidAmount' });
    expect(problemOf('{"paidAmount":{"value":"1.00","value":"2.00"}}')).toEqual({
      problem: 'duplicate-key',
      path: 'paidAmount.value',
    });
    expect(problemOf('{"detailData":[{"amount":1},{"amount":1,"amount":2}]}')).toEqual({
      problem: 'duplicate-key',
      path: 'detailData[1].amount',
    });
    // Spelt another way, it is the same member.
    expect(problemOf('{"paidAmount":1,"pa\\u0069dAmount":2}')).toEqual({
      problem: 'duplicate-key',
      path: 'paidAmount',
    });
    // The same name in two objects is no repeat.
    expect(parseStrictJson('{"a":{"v":1},"b":{"v":2}}')).toEqual({ a: { v: 1 }, b: { v: 2 } });
  });

  it.each([
    '{"__proto__":{"admin":true}}',
    '{"a":{"constructor":{"prototype":{}}}}',
    '{"prototype":1}',
    '{"__pro\\u0074o__":{}}',
  ])('refuses the member names of %s', (text) => {
    expect(problemOf(text)).toMatchObject({ problem: 'forbidden-key' });
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses nesting deeper than 64 levels, without exhausting the stack', () => {
    expect(parseStrictJson('['.repeat(64) + ']'.repeat(64))).toBeInstanceOf(Array);
    expect(problemOf('['.repeat(65) + ']'.repeat(65))).toMatchObject({ problem: 'too-deep' });
    expect(problemOf('{"a":'.repeat(100_000))).toMatchObject({ problem: 'too-deep' });
  });

  it('reads a large answer (a statement page of 2 MB) in a time of the order of JSON.parse', () => {
    const page = JSON.stringify({
      detailData: Array.from({ length: 10_000 }, (_, i) => ({
        amount: { value: `${i}.00`, currency: 'IDR' },
        remark: 'x'.repeat(150),
        transactionId: `T${i}`,
      })),
    });
    expect(parseStrictJson(page)).toEqual(JSON.parse(page)); // and warmed up
    const timed = (read: () => unknown) => {
      const started = performance.now();
      read();
      return performance.now() - started;
    };
    const native = timed(() => JSON.parse(page));
    // Measured here (2 shared cores): 250-650 ms warmed up, JSON.parse 300-450 ms. A loaded machine slows both.
    expect(timed(() => parseStrictJson(page))).toBeLessThan(10 * native + 1_000);
  });
});
