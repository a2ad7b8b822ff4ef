/**
 * Sends a transaction CSV export (csv-export.ts prepareExport), or the same export as XLSX
 * (xlsx-export.ts), to the client, writing the response itself rather than through
 * `reply.send(Readable.from(csv))`.
 *
 * Why: memory. A stream piped to the response drops each Buffer once written, and V8 frees
 * dropped Buffers only at its next collection, which Buffers alone start only once a large amount
 * more is held than after the last: at the PostgreSQL export's speed the server's RSS grew with
 * every export (bench/README.md has the figures). Written here, each Buffer (a socket read of the
 * COPY, which is ours alone: db/postgres-copy-reader.ts) is freed in its write's callback, once
 * the response has handed it to the socket, so the memory of one read serves the next. SQLite's
 * batches are Buffers too, moved from its thread (csv-sqlite.ts); the row-by-row reference's are
 * texts; the workbook's are the zip's output copied into Buffers of their own (xlsx-export.ts).
 *
 * - Nothing is sent before the first part (the header, which waits for the first batch) is read:
 *   a bad query (prepareExport throws a 400) or a first read that fails (a busy pool: 503) is
 *   still Fastify's JSON error.
 * - Back-pressure: the next part is read only once the response has room (write() returned false:
 *   wait for 'drain'); meanwhile the reads wait, and PostgreSQL with them.
 * - A client that goes away: the generator is ended (its finally stops the reads and records the
 *   audit), as Fastify did by destroying the stream.
 * - A read that fails after the first bytes: the response is cut short and the error logged.
 * - Fastify no longer writes this answer (reply.hijack()): the headers its hooks have set
 *   (helmet's, X-Request-Id) are written with ours; onSend hooks do not run (the app's sets
 *   cache-control: no-store, set here too); onResponse hooks (metrics, the request log) still do.
 */
import type { FastifyReply } from 'fastify';
import { sendParts } from '../../../http/send-parts.ts';

/** An export's file: its content type and the name the browser saves it under. */
export interface Attachment {
  file: string;
  contentType: string;
  /** What the log calls it when it fails after its first bytes ('CSV export'). */
  what: string;
}

/**
 * Sends `parts` as the attachment (a CSV, or the same export as XLSX: xlsx-export.ts). Throws
 * only before the first byte (Fastify then answers the error); after that, failures are logged
 * and the response cut.
 */
export function sendAttachment(
  reply: FastifyReply,
  attachment: Attachment,
  parts: AsyncGenerator<string | Buffer>,
): Promise<void> {
  return sendParts(
    reply,
    {
      'content-type': attachment.contentType,
      'content-disposition': `attachment; filename="${attachment.file}"`,
    },
    parts,
    attachment.what,
  );
}

/** The spec's CSV file named `file`. */
export const csvAttachment = (file: string): Attachment => ({
  file,
  contentType: 'text/csv; charset=utf-8',
  what: 'CSV export',
});

/** Sends `csv` as the attachment `file`, as sendAttachment does. */
export const sendCsv = (reply: FastifyReply, file: string, csv: AsyncGenerator<string | Buffer>) =>
  sendAttachment(reply, csvAttachment(file), csv);
