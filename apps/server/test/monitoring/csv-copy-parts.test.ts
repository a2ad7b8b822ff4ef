/**
 * The parts of the COPY export that need no server: reading PostgreSQL's binary COPY frames and
 * the protocol's messages around them however the socket cuts them (in place, inside the
 * socket's chunks), and writing a query's parameters as literals (COPY takes none), checked
 * against PostgreSQL itself when one is configured.
 */
import { PassThrough } from 'node:stream';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CopyLines, CopyOut, type LineBatch } from '../../src/db/postgres-copy-reader.ts';
import { inlineParameters } from '../../src/db/postgres-copy.ts';
import { exportStatementTimeoutMs } from '../../src/modules/transactions/export/csv-copy.ts';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/** A binary COPY output of one text column, as PostgreSQL frames it (with a header extension), one part per row. */
function copyRows(lines: string[], extension: Buffer = Buffer.from('ext')): Buffer[] {
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
  return [
    Buffer.concat([SIGNATURE, head, extension, ...rows.slice(0, 1)]),
    ...rows.slice(1),
    trailer,
  ];
}

const copyOutput = (lines: string[], extension?: Buffer): Buffer =>
  Buffer.concat(copyRows(lines, extension));

/** Cuts `output` at `cuts`, reads each piece (a copy: it is rewritten in place) and gives the lines and rows of each. */
function readAll(output: Buffer, cuts: number[]): LineBatch[] {
  const reader = new CopyLines();
  const batches: LineBatch[] = [];
  let from = 0;
  for (const to of [...cuts, output.length]) {
    const piece = Buffer.from(output.subarray(from, to));
    const end = reader.read(piece, 0, piece.length, 0);
    batches.push({ bytes: piece.subarray(0, end), rows: reader.takeRows() });
    from = to;
  }
  reader.finish();
  return batches;
}

const LINES = [
  '"a","b"\r\n',
  '"Ñandú 🎉","x\ny"\r\n',
  '"with ""quotes"""\r\n',
  '"\'=1+1","",""\r\n',
  '"last"\r\n',
  '',
];
const EXPECTED = Buffer.from(LINES.join(''));

describe('CopyLines: binary COPY frames -> the CSV records, in place', () => {
  it('gives the lines back untouched and counts every record where it ends, wherever the chunks are cut', () => {
    const output = copyOutput(LINES);
    // Every single cut, and every pair of cuts: headers, frames and UTF-8 characters split anywhere.
    for (let a = 0; a <= output.length; a++) {
      for (let b = a; b <= output.length; b += a % 7 === 0 ? 1 : 11) {
        const batches = readAll(output, [a, b]);
        expect(Buffer.concat(batches.map((x) => x.bytes)).equals(EXPECTED)).toBe(true);
        expect(batches.reduce((sum, x) => sum + x.rows, 0)).toBe(LINES.length);
        // A record is counted in the piece that holds its last byte (the empty last one with its frame, maybe later).
        let through = 0;
        let counted = 0;
        for (const batch of batches) {
          through += batch.bytes.length;
          counted += batch.rows;
          const ended = LINES.slice(0, -1).filter(
            (_, i) => Buffer.byteLength(LINES.slice(0, i + 1).join('')) <= through,
          ).length;
          expect(
            counted === ended || (counted === LINES.length && ended === LINES.length - 1),
          ).toBe(true);
        }
      }
    }
  });

  it('reads an empty result (header and trailer only) and one byte at a time', () => {
    expect(readAll(copyOutput([]), [])).toEqual([{ bytes: Buffer.alloc(0), rows: 0 }]);
    const output = copyOutput(LINES, Buffer.alloc(0));
    const batches = readAll(
      output,
      Array.from({ length: output.length }, (_, i) => i),
    );
    expect(Buffer.concat(batches.map((x) => x.bytes)).equals(EXPECTED)).toBe(true);
    expect(batches.reduce((sum, x) => sum + x.rows, 0)).toBe(LINES.length);
  });

  it('refuses what is not one text column per row, or an output cut short', () => {
    expect(() => readAll(Buffer.from('"a","b"\n"c","d"\n"e","f"\n'), [])).toThrow(
      /not binary COPY/,
    );
    const twoColumns = copyOutput(['x']);
    twoColumns.writeInt16BE(2, SIGNATURE.length + 8 + 3);
    expect(() => readAll(twoColumns, [])).toThrow(/2 columns/);
    const nullLine = copyOutput(['x']);
    nullLine.writeInt32BE(-1, SIGNATURE.length + 8 + 3 + 2);
    expect(() => readAll(nullLine, [])).toThrow(/NULL/);
    const cut = copyOutput(LINES);
    expect(() => readAll(cut.subarray(0, cut.length - 2), [])).toThrow(/without its trailer/);
    expect(() => readAll(Buffer.concat([cut, Buffer.from([0])]), [])).toThrow(/after its trailer/);
  });
});

/** A protocol message: code, int32 length (itself included), body. */
function message(code: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeUInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

describe('CopyOut: the COPY read from the socket, the rest given back to pg', () => {
  // What PostgreSQL sends for the COPY: CopyOutResponse, a notice in between, one CopyData per
  // row (the file header in the first, the trailer alone), CopyDone; then what pg reads again.
  const copyPart = Buffer.concat([
    message('H', Buffer.from([1, 0, 1, 0, 1])),
    ...copyRows(LINES)
      .map((row, i) =>
        i === 2 ? [message('N', Buffer.from('notice\0')), message('d', row)] : [message('d', row)],
      )
      .flat(),
  ]);
  const pgPart = Buffer.concat([
    message('c', Buffer.alloc(0)),
    message('C', Buffer.from('COPY 6\0')),
    message('Z', Buffer.from('I')),
  ]);
  const wire = Buffer.concat([copyPart, pgPart]);

  /** A piece of `wire` as a socket reads it: in memory of its own. */
  const ownMemory = (from: number, to: number): Buffer => {
    const chunk = Buffer.allocUnsafeSlow(to - from);
    wire.copy(chunk, 0, from, to);
    return chunk;
  };
  /** A piece of `wire` in memory shared with other Buffers (Node's pool for small ones). */
  const sharedMemory = (from: number, to: number): Buffer => Buffer.from(wire.subarray(from, to));

  /**
   * Sends `wire` cut at `cuts` through a socket of pg's kind: what the copy gave, and what pg's
   * own listener got. `free`: each batch's memory is freed (send-csv.ts's way) once its bytes are
   * copied, as a consumer that owns them may.
   */
  async function run(
    cuts: number[],
    { piece = sharedMemory, free = false } = {},
  ): Promise<{ batches: LineBatch[]; toPg: Buffer }> {
    const socket = new PassThrough();
    const toPg: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => toPg.push(chunk));
    const copy = new CopyOut('COPY (select 1) TO STDOUT (FORMAT binary)');
    copy.submit({ stream: socket, query: () => {} } as unknown as pg.Connection);
    let from = 0;
    for (const to of [...cuts, wire.length]) {
      socket.write(piece(from, to));
      from = to;
    }
    // pg, once it has read ReadyForQuery from what it was given back.
    await new Promise((resolve) => setImmediate(resolve));
    copy.handleReadyForQuery();
    const batches: LineBatch[] = [];
    for await (const batch of copy.batches()) {
      if (!free) {
        batches.push(batch);
        continue;
      }
      batches.push({ bytes: Buffer.from(batch.bytes), rows: batch.rows });
      (batch.bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
    }
    return { batches, toPg: Buffer.concat(toPg) };
  }

  it('drops the messages and frames around the lines, and pg gets back exactly what follows the data', async () => {
    for (let a = 0; a <= wire.length; a += 1) {
      for (const b of [a, a + 1, a + 5, a + 37]) {
        const { batches, toPg } = await run([a, Math.min(b, wire.length)]);
        expect(Buffer.concat(batches.map((x) => x.bytes)).equals(EXPECTED)).toBe(true);
        expect(batches.reduce((sum, x) => sum + x.rows, 0)).toBe(LINES.length);
        expect(toPg.equals(pgPart)).toBe(true);
      }
    }
  });

  it("hands out bytes that are the consumer's alone: freeing each batch once read changes neither the lines nor what pg gets", async () => {
    for (const piece of [ownMemory, sharedMemory]) {
      for (let a = 0; a <= wire.length; a += 1) {
        const { batches, toPg } = await run([a, Math.min(a + 37, wire.length)], {
          piece,
          free: true,
        });
        expect(Buffer.concat(batches.map((x) => x.bytes)).equals(EXPECTED)).toBe(true);
        expect(batches.reduce((sum, x) => sum + x.rows, 0)).toBe(LINES.length);
        expect(toPg.equals(pgPart)).toBe(true);
      }
    }
  });

  it("fails with pg's error, and gives pg the ErrorResponse", async () => {
    const socket = new PassThrough();
    const toPg: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => toPg.push(chunk));
    const copy = new CopyOut('COPY (select 1) TO STDOUT (FORMAT binary)');
    copy.submit({ stream: socket, query: () => {} } as unknown as pg.Connection);
    const error = message(
      'E',
      Buffer.from('SERROR\0C57014\0Mcanceling statement due to user request\0\0'),
    );
    socket.write(
      Buffer.concat([
        message('H', Buffer.from([1, 0, 1, 0, 1])),
        message('d', copyRows(LINES)[0]!),
        error,
      ]),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(Buffer.concat(toPg).equals(error)).toBe(true);
    copy.handleError(new Error('canceling statement due to user request'));
    await copy.settled;
    const read = async () => {
      for await (const batch of copy.batches()) expect(batch.rows).toBeGreaterThan(0);
    };
    await expect(read()).rejects.toThrow(/canceling statement/);
  });
});

describe('inlineParameters: a compiled query with its $n written as literals', () => {
  it('replaces placeholders outside quotes only, doubling quotes and escaping backslashes', () => {
    const query = CompiledQuery.raw(
      `select $1, '$2 stays', "col$3", $2, 'it''s $1' escape '\\', $10`,
      ["it's", 'back\\slash', ...Array.from({ length: 7 }, () => null), 42],
    );
    expect(inlineParameters(query)).toBe(
      `select 'it''s', '$2 stays', "col$3",  E'back\\\\slash', 'it''s $1' escape '\\', '42'`,
    );
    expect(() => inlineParameters(CompiledQuery.raw('select $2', [1]))).toThrow(/no parameter \$2/);
    expect(() => inlineParameters(CompiledQuery.raw('select $1', [{}]))).toThrow(/no SQL literal/);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'gives PostgreSQL the same values as the bound parameters',
    async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        const values = [
          "'",
          "''",
          '\\',
          "\\'",
          'a"b',
          '$1',
          '\n\r\t',
          'Ñandú 🎉 中文',
          '%_',
          '',
          "E'x'",
          12.5,
          -3,
          true,
        ];
        const text = `select ${values.map((_, i) => `$${i + 1}::text as v${i}`).join(', ')}`;
        const bound = await client.query(text, values);
        const inlined = await client.query(inlineParameters(CompiledQuery.raw(text, values)));
        expect(inlined.rows).toEqual(bound.rows);
      } finally {
        await client.end();
      }
    },
  );
});

describe("the export's statement timeout", () => {
  it('is at least an hour, and none when the pool sets none', () => {
    expect(exportStatementTimeoutMs(30_000)).toBe(3_600_000);
    expect(exportStatementTimeoutMs(7_200_000)).toBe(7_200_000);
    expect(exportStatementTimeoutMs(0)).toBe(0);
  });
});
