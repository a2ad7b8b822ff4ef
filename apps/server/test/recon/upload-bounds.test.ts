/**
 * Statement uploads tried as an attacker (issue 32 item 4): a file over RECON_MAX_FILE_BYTES is cut
 * off with 413 as it streams (never held whole), a physical line over MAX_LINE_BYTES (a hostile
 * single-line :86:) is refused with its line number before any parser reads it, a second upload
 * of the same user while one runs answers 429 with Retry-After and is not read; each leaves no
 * line, match or break behind.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECON_MAX_FILE_BYTES } from '@tagih/contract';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { createCompany, type TestCompany } from '../monitoring/support.ts';
import { MAX_LINE_BYTES } from '../../src/modules/recon/file-scan.ts';
import { createAccount, fixture, importFile } from './support.ts';

/** A multipart body of one file whose content comes as a stream of `bytes` bytes of `fill` (never in memory whole). */
function streamedUpload(bytes: number, fill: string) {
  const boundary = '----bounds';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.mt940"\r\nContent-Type: application/octet-stream\r\n\r\n:20:X\r\n:86:`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(1024 * 1024, fill);
  let left = bytes;
  const body = Readable.from(
    (function* () {
      yield head;
      while (left > 0) {
        const n = Math.min(left, chunk.length);
        left -= n;
        yield chunk.subarray(0, n);
      }
      yield tail;
    })(),
  );
  return {
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(DIALECTS)('statement upload bounds (%s)', (dialect) => {
  let ctx: TestContext;
  let token: string;
  let company: TestCompany;
  let baccId: number;
  const written = async () => {
    const n = async (table: 'recon_lines' | 'recon_breaks' | 'recon_matches') =>
      Number(
        (
          await ctx.db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      lines: await n('recon_lines'),
      breaks: await n('recon_breaks'),
      matches: await n('recon_matches'),
    };
  };

  beforeAll(async () => {
    ctx = await createTestContext(dialect);
    token = await ctx.login(ADMIN);
    company = await createCompany(ctx);
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

  it('refuses a :86: line longer than MAX_LINE_BYTES with its line number, before parsing, and writes no line', async () => {
    const before = await written();
    const good = fixture('bri-2026-11-19.mt940').toString();
    const hostile = good.replace(
      ':86:TRANSFER VA 77001081200000011 BUDI SANTOSO',
      `:86:TRANSFER VA 77001081200000011 ${'X'.repeat(MAX_LINE_BYTES)}`,
    );
    const line =
      hostile.split('\n').findIndex((l) => l.replace(/\r$/, '').length > MAX_LINE_BYTES) + 1;
    const res = await importFile(ctx, token, 'hostile.mt940', {}, hostile);
    expect(res.statusCode).toBe(400);
    expect(res.json().status.message).toBe(
      `The statement was not imported: line ${line}: the line is longer than ${MAX_LINE_BYTES} bytes; no bank statement has such a line (is this the right file?)`,
    );
    expect(res.json().data).toMatchObject({ line });
    expect(await written()).toEqual(before);
    // Listed under the account the operator chose, as failed, in Indonesian.
    const named = await importFile(
      ctx,
      token,
      'hostile.mt940',
      { baccId: String(baccId) },
      hostile,
    );
    expect(named.statusCode).toBe(400);
    const list = await ctx.inject({
      method: 'GET',
      url: `/api/recon/statements?baccId=${baccId}`,
      token,
    });
    expect(list.json().data.data[0]).toMatchObject({
      state: 'failed',
      lines: 0,
      failure: expect.stringMatching(
        new RegExp(
          `^Baris terlalu panjang untuk mutasi rekening bank \\(baris ${line}\\)\\. Rincian: `,
        ),
      ),
    });
    // A line of exactly MAX_LINE_BYTES passes the scan and reaches the parser, which judges it by
    // its format's own limit (MT940 :86: lines are at most 65 characters: formats/mt940.ts).
    const longest = good.replace(
      ':86:TRANSFER VA 77001081200000011 BUDI SANTOSO',
      `:86:TRANSFER VA 77001081200000011 ${'Y'.repeat(MAX_LINE_BYTES - 34)}`,
    );
    expect(longest.split('\n').some((l) => l.replace(/\r$/, '').length === MAX_LINE_BYTES)).toBe(
      true,
    );
    const parsed = await importFile(ctx, token, 'longest.mt940', {}, longest);
    expect(parsed.statusCode, parsed.body).toBe(400);
    expect(parsed.json().data).toMatchObject({ line, code: 'mt940-narrative-too-long' });
    expect(await written()).toEqual(before);
  });

  it('refuses a 3 MB single line the same way (a hostile 200 MB one is the benchmark), CRLF or not', async () => {
    const before = await written();
    const res = await importFile(
      ctx,
      token,
      'one-line.mt940',
      {},
      `:20:X\r\n:25:BRINIDJA/0123456789012\r\n:86:${'Z'.repeat(3 * 1024 * 1024)}\r\n`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({ line: 3 });
    expect(await written()).toEqual(before);
  });

  it('cuts off a file over RECON_MAX_FILE_BYTES with 413 while it streams, and writes nothing', async () => {
    const before = await written();
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/recon/statements',
      token,
      ...streamedUpload(RECON_MAX_FILE_BYTES + 1024 * 1024, 'A'),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().status.message).toBe(
      `The file is larger than ${RECON_MAX_FILE_BYTES / 1024 / 1024} MB.`,
    );
    expect(await written()).toEqual(before);
  });

  it('a second upload of the same user while one runs answers 429 with Retry-After, unread; freed once the first is answered', async () => {
    // The first upload is a slow stream: it holds the user's slot while it is sent.
    const slow = Readable.from(
      (async function* () {
        yield Buffer.from(
          '------slow\r\nContent-Disposition: form-data; name="file"; filename="slow.mt940"\r\n\r\n',
        );
        await new Promise((r) => setTimeout(r, 1500));
        yield fixture('bri-2026-11-19.mt940');
        yield Buffer.from('\r\n------slow--\r\n');
      })(),
    );
    const first = ctx.inject({
      method: 'POST',
      url: '/api/recon/statements',
      token,
      payload: slow,
      headers: { 'content-type': 'multipart/form-data; boundary=----slow' },
    });
    await new Promise((r) => setTimeout(r, 500));
    const second = await importFile(
      ctx,
      token,
      'again.mt940',
      {},
      fixture('bri-2026-11-19.mt940').toString().replace(':20:STMT261119BRI', ':20:OTHER'),
    );
    expect(second.statusCode).toBe(429);
    expect(second.json().status.message).toBe(
      'Another statement import of yours is still running. Please wait until it has finished, then try again.',
    );
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
    expect((await first).statusCode).toBe(200);
    // Freed once the first is answered.
    const third = await importFile(
      ctx,
      token,
      'again.mt940',
      {},
      fixture('bri-2026-11-19.mt940').toString().replace(':20:STMT261119BRI', ':20:OTHER'),
    );
    expect(third.statusCode, third.body).toBe(200);
  });
});
