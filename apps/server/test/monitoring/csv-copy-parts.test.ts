/**
 * The parts of the COPY export that need no server: reading PostgreSQL's binary COPY frames
 * however the socket cuts them, and writing a query's parameters as literals (COPY takes none),
 * checked against PostgreSQL itself when one is configured.
 */
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CopyLines, type LineBatch } from '../../src/modules/transactions/copy-lines.ts';
import { exportStatementTimeoutMs, inlineParameters } from '../../src/modules/transactions/csv-copy.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY output of one text column, as PostgreSQL frames it (with a header extension). */
function copyOutput(lines: string[], extension = Buffer.from('ext')): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(0, 0);
  head.writeUInt32BE(extension.length, 4);
  const rows = lines.map((line) => {
    const bytes = Buffer.from(line);
    const frame = Buffer.alloc(6);
    frame.writeInt16BE(1, 0);
    frame.writeInt32BE(bytes.length, 2);
    return Buffer.concat([frame, bytes]);
  });
  const trailer = Buffer.alloc(2);
  trailer.writeInt16BE(-1, 0);
  return Buffer.concat([SIGNATURE, head, extension, ...rows, trailer]);
}

function readAll(output: Buffer, cuts: number[], batchRows: number): LineBatch[] {
  const reader = new CopyLines(batchRows);
  const batches: LineBatch[] = [];
  let from = 0;
  for (const to of [...cuts, output.length]) {
    batches.push(...reader.feed(output.subarray(from, to)));
    from = to;
  }
  const last = reader.finish();
  if (last) batches.push(last);
  return batches;
}

const LINES = ['"a","b"\r\n', '"Ñandú 🎉","x\ny"\r\n', '"with ""quotes"""\r\n', '"\'=1+1","",""\r\n', '"last"\r\n'];

describe('CopyLines: binary COPY frames -> batches of whole CSV records', () => {
  it('gives the lines back untouched, in batches of exactly batchRows, wherever the chunks are cut', () => {
    const output = copyOutput(LINES);
    const expected = Buffer.from(LINES.join(''));
    // Every single cut, and every pair of cuts: headers, frames and UTF-8 characters split anywhere.
    for (let a = 0; a <= output.length; a++) {
      for (let b = a; b <= output.length; b += a % 7 === 0 ? 1 : 11) {
        const batches = readAll(output, [a, b], 2);
        expect(Buffer.concat(batches.map((x) => x.bytes)).equals(expected)).toBe(true);
        expect(batches.map((x) => x.rows)).toEqual([2, 2, 1]);
        expect(batches.map((x) => x.bytes.toString())).toEqual([LINES.slice(0, 2).join(''), LINES.slice(2, 4).join(''), LINES[4]]);
      }
    }
  });

  it('reads an empty result (header and trailer only) and one byte at a time', () => {
    expect(readAll(copyOutput([]), [], 10)).toEqual([]);
    const output = copyOutput(LINES, Buffer.alloc(0));
    const batches = readAll(output, Array.from({ length: output.length }, (_, i) => i), 1000);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.rows).toBe(LINES.length);
    expect(batches[0]!.bytes.toString()).toBe(LINES.join(''));
  });

  it('refuses what is not one text column per row, or an output cut short', () => {
    expect(() => new CopyLines(10).feed(Buffer.from('"a","b"\n"c","d"\n"e","f"\n'))).toThrow(/not binary COPY/);
    const twoColumns = copyOutput(['x']);
    twoColumns.writeInt16BE(2, SIGNATURE.length + 8 + 3);
    expect(() => readAll(twoColumns, [], 10)).toThrow(/2 columns/);
    const nullLine = copyOutput(['x']);
    nullLine.writeInt32BE(-1, SIGNATURE.length + 8 + 3 + 2);
    expect(() => readAll(nullLine, [], 10)).toThrow(/NULL/);
    const cut = copyOutput(LINES);
    const reader = new CopyLines(10);
    reader.feed(cut.subarray(0, cut.length - 2));
    expect(() => reader.finish()).toThrow(/without its trailer/);
  });
});

describe('inlineParameters: a compiled query with its $n written as literals', () => {
  it('replaces placeholders outside quotes only, doubling quotes and escaping backslashes', () => {
    const query = CompiledQuery.raw(`select $1, '$2 stays', "col$3", $2, 'it''s $1' escape '\\', $10`, ["it's", 'back\\slash', ...Array.from({ length: 7 }, () => null), 42]);
    expect(inlineParameters(query)).toBe(`select 'it''s', '$2 stays', "col$3",  E'back\\\\slash', 'it''s $1' escape '\\', '42'`);
    expect(() => inlineParameters(CompiledQuery.raw('select $2', [1]))).toThrow(/no parameter \$2/);
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [{}]))).toThrow(/no SQL literal/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('gives PostgreSQL the same values as the bound parameters', async () => {
    const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const values = ["'", "''", '\\', "\\'", 'a"b', '$1', '\n\r\t', 'Ñandú 🎉 中文', '%_', '', 'E\'x\'', 12.5, -3, true];
      const text = `select ${values.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`;
      const bound = await client.query(text, values);
      const inlined = await client.query(inlineParameters(CompiledQuery.raw(text, values)));
      expect(inlined.rows).toEqual(bound.rows);
    } finally {
      await client.end();
    }
  });
});

describe('the export\'s statement timeout', () => {
  it('is at least an hour, and none when the pool sets none', () => {
    expect(exportStatementTimeoutMs(30_000)).toBe(3_600_000);
    expect(exportStatementTimeoutMs(7_200_000)).toBe(7_200_000);
    expect(exportStatementTimeoutMs(0)).toBe(0);
  });
});
