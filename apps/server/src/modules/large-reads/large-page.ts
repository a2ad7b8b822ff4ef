/**
 * Large list pages (spec §9 allows max up to 1,000,000) are written to the socket as they are
 * read, not built in memory: the page is read in batches of LIST_BATCH_ROWS rows (keyset: each
 * batch a fresh short query that starts after the previous batch's last row, so no reader or
 * connection is held between batches), each batch turned into JSON and written as the response
 * takes it (the CSV export's sender, http/send-parts.ts: back-pressure, a client that leaves stops the
 * reads). The answer is the same JSON, envelope and rows, as the in-memory one.
 *
 * A page is large when it holds more than LARGE_PAGE_ROWS rows. Only then does it take the
 * user's large-read slot (slot.ts: one at a time, others 429); a request with a
 * large `max` whose page turns out small (a dropdown's whole list of a few companies) answers
 * as any page does.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Envelope, RawQuery } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { ok } from '../../http/envelope.ts';
import { sendParts } from '../../http/send-parts.ts';
import { takeLargeReadSlot } from './slot.ts';

/** Pages above this many rows are streamed and count as a large read: ten times the pager's largest page (spec §9: 100). */
export const LARGE_PAGE_ROWS = 1000;
/** Rows read at a time. */
export const LIST_BATCH_ROWS = 1000;
/** Rows turned into JSON and written at a time, other requests served between. */
const SLICE_ROWS = 50;

const turnForOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Batches and rows read by streamed pages since start (observability; tests check a stopped page stops reading). */
export const largePageMetrics = { pages: 0, batches: 0, rows: 0 };

/** Whether a page of `max` rows may be large (above LARGE_PAGE_ROWS). */
export const isLargePageSize = (max: number): boolean => max > LARGE_PAGE_ROWS;

/** Whether a list request may hold a large page (its `max` is above LARGE_PAGE_ROWS); a bad `max` is left to the list's parser. */
export function mayBeLargePage(raw: RawQuery): boolean {
  const max = Number(raw.max);
  return Number.isFinite(max) && isLargePageSize(max);
}

/** A list page as batches: what answerLargePage needs of a list. */
export interface BatchedPage<Row, Api = unknown, Rest extends object = Record<string, unknown>> {
  /** The page's `max`. */
  max: number;
  /** The page's first `limit` rows (`after` null), or the `limit` rows that follow `after`. */
  read(after: Row | null, limit: number): Promise<Row[]>;
  /** The API row of the page's row at `index` (0-based). */
  toApi(row: Row, index: number): Api;
  /** The payload but its rows (totals, pagination, fields). `rows`: the page's rows when one batch held them all, else null. */
  rest(rows: Row[] | null): Promise<Rest>;
}

const ROWS_MARK = '\u0000rows\u0000';

/** The envelope's text before and after its rows: validated by the route's schema as Fastify would. */
function envelopeAround(schema: z.ZodType, rest: object): { head: string; tail: string } {
  const envelope = schema.parse(ok({ ...rest, data: [] })) as { data: { data: unknown } };
  envelope.data.data = ROWS_MARK;
  const text = JSON.stringify(envelope);
  const mark = JSON.stringify(ROWS_MARK);
  const at = text.indexOf(mark);
  return { head: `${text.slice(0, at)}[`, tail: `]${text.slice(at + mark.length)}` };
}

/** One batch as UTF-8 bytes (the sender frees them once written): small texts per row, no large one. */
function batchBytes(rows: readonly unknown[], rowSchema: z.ZodType, first: boolean): Buffer {
  const texts = rows.map((row) => JSON.stringify(rowSchema.parse(row)));
  let size = texts.length - (first ? 1 : 0);
  for (const text of texts) size += Buffer.byteLength(text);
  const bytes = Buffer.allocUnsafeSlow(size);
  let at = 0;
  texts.forEach((text, i) => {
    if (i > 0 || !first) at += bytes.write(',', at);
    at += bytes.write(text, at);
  });
  return bytes;
}

/**
 * Answers a list request whose `max` may make a large page: a small page as the envelope (the
 * route's serializer writes it), a large one streamed (this returns once it is sent). Nothing is
 * sent before the first batch and the totals are read, so a bad query or a busy slot is still a
 * JSON error.
 */
export async function answerLargePage<Row, Api, Rest extends object>(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  page: BatchedPage<Row, Api, Rest>,
  schema: { envelope: z.ZodType; row: z.ZodType },
): Promise<Envelope<{ data: Api[] } & Rest> | undefined> {
  const firstLimit = Math.min(page.max, LIST_BATCH_ROWS);
  const first = await page.read(null, firstLimit);
  const complete = first.length < firstLimit || firstLimit === page.max;
  if (complete && first.length <= LARGE_PAGE_ROWS) {
    const rest = await page.rest(first);
    return ok({ data: first.map((row, i) => page.toApi(row, i)), ...rest });
  }
  const slot = await takeLargeReadSlot(deps, request, reply);
  const { head, tail } = envelopeAround(schema.envelope, await page.rest(complete ? first : null));
  largePageMetrics.pages += 1;
  async function* parts(): AsyncGenerator<string | Buffer> {
    yield head;
    let rows = first;
    let limit = firstLimit;
    let sent = 0;
    for (;;) {
      largePageMetrics.batches += 1;
      largePageMetrics.rows += rows.length;
      for (let at = 0; at < rows.length; at += SLICE_ROWS) {
        // Other requests' turn (a health check, a page of 10) between slices: the JSON of a
        // batch is made in one go otherwise, and ten large pages at once kept them waiting.
        if (sent + at > 0) await turnForOthers();
        const slice = rows.slice(at, at + SLICE_ROWS);
        yield batchBytes(
          slice.map((row, i) => page.toApi(row, sent + at + i)),
          schema.row,
          sent + at === 0,
        );
      }
      sent += rows.length;
      if (rows.length < limit || sent >= page.max) break;
      await slot.renew();
      limit = Math.min(LIST_BATCH_ROWS, page.max - sent);
      rows = await page.read(rows[rows.length - 1]!, limit);
    }
    yield tail;
  }
  await sendParts(
    reply,
    { 'content-type': 'application/json; charset=utf-8' },
    parts(),
    'Large list page',
  );
  return undefined;
}
