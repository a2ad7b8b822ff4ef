/**
 * Writes a response body made part by part (a CSV export: send-csv.ts says why it is written
 * here rather than piped; a large list page: modules/large-reads), each Buffer freed once written.
 */
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';

/** Frees a Buffer's memory now instead of at V8's next collection; only for a Buffer that is the only view of its memory. */
function free(bytes: Buffer): void {
  (bytes.buffer as ArrayBuffer & { transfer(length: number): ArrayBuffer }).transfer(0);
}

/** Resolves once the response has room again, or has closed (the client went away). */
const roomOrClose = (res: ServerResponse): Promise<void> =>
  new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });

/**
 * Sends the parts `parts` yields as the response body, with `headers`, the same way as the CSV
 * export (also a large JSON list page, modules/large-reads/large-page.ts). Throws only before the first byte;
 * after that, failures are logged (naming `what`) and the response cut.
 */
export async function sendParts(
  reply: FastifyReply,
  headers: Record<string, string>,
  parts: AsyncGenerator<string | Buffer>,
  what: string,
): Promise<void> {
  let part = await parts.next();
  for (const [name, value] of Object.entries(headers)) reply.header(name, value);
  reply.header('cache-control', 'no-store').hijack();
  const res = reply.raw;
  // The client may have left while the first part was read (a large COPY sorts for a while first).
  let gone = res.destroyed;
  res.once('close', () => (gone = true));
  try {
    if (!gone) res.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
    for (; !part.done && !gone; part = await parts.next()) {
      const bytes = part.value;
      const room =
        typeof bytes === 'string' ? res.write(bytes) : res.write(bytes, () => free(bytes));
      if (!room && !gone) await roomOrClose(res);
    }
    if (!gone) res.end();
  } catch (error) {
    reply.log.warn({ err: error }, `${what} failed after its first bytes; response cut short`);
    res.destroy();
  } finally {
    // Ends a generator the loop left early (client gone): its finally stops the reads (and the export records its audit).
    await parts
      .return(undefined)
      .catch((error: unknown) => reply.log.error({ err: error }, `${what} did not end cleanly`));
  }
}
