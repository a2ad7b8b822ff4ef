/**
 * Reads PostgreSQL's binary COPY output of a query whose only column is a text (the CSV line,
 * modules/transactions/export/csv-line-repo.ts) straight from the connection's socket, and hands the lines on in the socket's own
 * chunks.
 *
 * Why binary and not `FORMAT csv`: our records end with CRLF (RFC 4180) and COPY ends its
 * rows with a bare LF, which a quoted cell may contain too; text format escapes the CR. In
 * binary format every row is framed by its length, so the line's bytes pass through untouched
 * and every row is counted exactly (the audit's `rows`, also for an export the client abandons).
 * The frame: a 19-byte header (+ extension), then per row an int16 field count (1) and an int32
 * byte length before the bytes, and an int16 -1 at the end.
 * https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4
 *
 * Why from the socket, in place: every byte copied on its way is a new Buffer that V8 frees on
 * its own schedule. With pg-copy-streams (its concatenation per socket read, then our batches of
 * 2,000 records) that was a stream of short-lived Buffers as fast as the export and the server's
 * RSS grew with every export (bench/README.md). Here the socket's chunk is the only Buffer: the
 * protocol's message headers and the rows' frames are dropped by moving the lines' bytes down
 * inside that same chunk, which then goes to the client as it is, and is freed as soon as the
 * response has written it (modules/transactions/export/send-csv.ts: left to V8, even that one
 * Buffer per read piled up before a collection freed any). A chunk may end inside a
 * record (the next chunk continues it); `rows` counts the records that end in it.
 * The protocol (CopyOutResponse, CopyData..., CopyDone, then pg's own CommandComplete and
 * ReadyForQuery): https://www.postgresql.org/docs/current/protocol-flow.html#PROTOCOL-COPY
 */
import type { Duplex } from 'node:stream';
import type pg from 'pg';

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8; // + int32 flags + int32 header extension length
const FIELDS_BYTES = 2; // int16 field count (-1: the trailer)
const LENGTH_BYTES = 4; // int32 length of the row's one field

/**
 * Lines and how many records end in them (the bytes may start or end inside a record). `bytes`
 * is its consumer's alone: no other Buffer shares its memory, so the consumer may free it as
 * soon as it is done with it (send-csv.ts does, once the response has written it).
 */
export interface LineBatch {
  bytes: Buffer;
  rows: number;
}

/** A chunk that is the whole of its memory (a socket's read is: Node allocates each one alone). */
const ownsItsMemory = (chunk: Buffer): boolean =>
  chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength;

/** The first `length` bytes in memory of their own (allocUnsafeSlow: never a slice of Node's shared pool). */
function copied(chunk: Buffer, length: number): Buffer {
  const bytes = Buffer.allocUnsafeSlow(length);
  chunk.copy(bytes, 0, 0, length);
  return bytes;
}

/**
 * The binary COPY stream -> the lines' bytes, in place: `read` moves the lines of `chunk[start, end)`
 * down to `chunk[out, ...)` (never past `start`) and returns where they end.
 */
export class CopyLines {
  /** Bytes of a header or frame split across reads (its fixed-size parts only). */
  readonly #head = Buffer.alloc(HEADER_BYTES);
  #headUsed = 0;
  #headerRead = false;
  #extensionLeft = 0;
  /** The row's field count is read; its length comes next. */
  #fieldsRead = false;
  /** Bytes of the current line still to come. */
  #lineLeft = 0;
  #ended = false;
  #rows = 0;

  /** True once the trailer has been read. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Records completed since the last call. */
  takeRows(): number {
    const rows = this.#rows;
    this.#rows = 0;
    return rows;
  }

  read(chunk: Buffer, start: number, end: number, out: number): number {
    let at = start;
    while (at < end) {
      if (this.#ended) throw new Error('COPY data after its trailer');
      if (this.#lineLeft > 0) {
        const stop = Math.min(end, at + this.#lineLeft);
        if (out !== at) chunk.copyWithin(out, at, stop);
        out += stop - at;
        this.#lineLeft -= stop - at;
        at = stop;
        if (this.#lineLeft === 0) this.#rows += 1;
      } else if (this.#extensionLeft > 0) {
        const skip = Math.min(this.#extensionLeft, end - at);
        this.#extensionLeft -= skip;
        at += skip;
      } else {
        const need = !this.#headerRead
          ? HEADER_BYTES
          : this.#fieldsRead
            ? LENGTH_BYTES
            : FIELDS_BYTES;
        const take = Math.min(need - this.#headUsed, end - at);
        chunk.copy(this.#head, this.#headUsed, at, at + take);
        this.#headUsed += take;
        at += take;
        if (this.#headUsed === need) {
          this.#headUsed = 0;
          this.#frame();
        }
      }
    }
    return out;
  }

  /** Throws unless the trailer was read: every row has been handed on. */
  finish(): void {
    if (!this.#ended) throw new Error('COPY output ended without its trailer');
  }

  /** A complete header, field count or length is in #head. */
  #frame(): void {
    const head = this.#head;
    if (!this.#headerRead) {
      if (!head.subarray(0, SIGNATURE.length).equals(SIGNATURE))
        throw new Error('not binary COPY output');
      this.#extensionLeft = head.readUInt32BE(SIGNATURE.length + 4);
      this.#headerRead = true;
    } else if (!this.#fieldsRead) {
      const fields = head.readInt16BE(0);
      if (fields === -1) this.#ended = true;
      else if (fields !== 1)
        throw new Error(`COPY row with ${fields} columns; the CSV line is the only one`);
      else this.#fieldsRead = true;
    } else {
      const length = head.readInt32BE(0);
      if (length < 0) throw new Error('COPY row with a NULL CSV line');
      this.#fieldsRead = false;
      this.#lineLeft = length;
      if (length === 0) this.#rows += 1;
    }
  }
}

/** Protocol messages: their code byte, then an int32 length that counts itself. */
const MESSAGE_HEAD_BYTES = 5;
const COPY_DATA = 0x64; // 'd'
/** Read and dropped during a COPY, as pg-copy-streams did: CopyOutResponse, notices, parameter changes, notifications. */
const SKIPPED = new Set([0x48, 0x4e, 0x53, 0x41]); // 'H' 'N' 'S' 'A'
/** Bytes waiting for the consumer before the socket stops being read (PostgreSQL then waits). */
const QUEUED_BYTES = 512 * 1024;

/**
 * `COPY (...) TO STDOUT (FORMAT binary)` as a pg query object (`client.query(copyOut)`). On
 * submit it takes the socket's data from pg, as pg-copy-streams does, and gives pg back the rest
 * from the first message that is not part of the COPY's data (CopyDone, or an ErrorResponse):
 * pg then ends the query as usual (handleCommandComplete, handleError, handleReadyForQuery).
 * It is settled once PostgreSQL has ended the COPY (done, failed or cancelled): then the
 * connection takes the next query.
 */
export class CopyOut implements pg.Submittable {
  readonly text: string;
  /** pg's client-side read timeout, read by client.query, which wraps `callback` to clear it. */
  readonly query_timeout: number | undefined;
  callback: ((error?: Error) => void) | undefined;
  readonly settled: Promise<void>;
  readonly #lines = new CopyLines();
  readonly #queue: LineBatch[] = [];
  #queuedBytes = 0;
  #socket: Duplex | null = null;
  #pgData: ((chunk: Buffer) => void) | null = null;
  #paused = false;
  /** The protocol message being read: its head (split across chunks at times), code and bytes to come. */
  readonly #head = Buffer.alloc(MESSAGE_HEAD_BYTES);
  #headUsed = 0;
  #code = 0;
  #payloadLeft = 0;
  #failure: Error | null = null;
  #finished = false;
  #dropping = false;
  #settle: () => void = () => {};
  #wake: (() => void) | null = null;

  constructor(text: string, readTimeoutMs?: number) {
    this.text = text;
    this.query_timeout = readTimeoutMs;
    this.settled = new Promise((resolve) => (this.#settle = resolve));
  }

  /** The lines as they come, in the socket's chunks; throws what failed. */
  async *batches(): AsyncGenerator<LineBatch> {
    for (;;) {
      if (this.#failure) throw this.#failure;
      const batch = this.#queue.shift();
      if (batch) {
        this.#queuedBytes -= batch.bytes.length;
        if (this.#queuedBytes < QUEUED_BYTES) this.#resume();
        yield batch;
      } else if (this.#finished) {
        this.#lines.finish();
        return;
      } else {
        this.#resume();
        await new Promise<void>((resolve) => (this.#wake = resolve));
      }
    }
  }

  /** Drops what is queued and what still comes (read, so PostgreSQL is never stuck writing it). */
  drop(): void {
    this.#dropping = true;
    this.#queue.length = 0;
    this.#queuedBytes = 0;
    this.#resume();
  }

  /** An error returned (not thrown) is handed by pg to handleError. */
  submit(connection: pg.Connection): Error | undefined {
    const socket = connection.stream;
    const listeners = socket.listeners('data');
    if (listeners.length !== 1)
      return new Error(`pg's connection has ${listeners.length} data listeners, not 1`);
    this.#socket = socket;
    this.#pgData = listeners[0] as (chunk: Buffer) => void;
    socket.removeListener('data', this.#pgData);
    socket.on('data', this.#onData);
    connection.query(this.text);
    return undefined;
  }

  handleCommandComplete(): void {}

  /** PostgreSQL's error (pg then sends this query nothing more), pg's read timeout, or the connection lost. */
  handleError(error: Error): void {
    this.#failure ??= error;
    this.#end(error);
  }

  handleReadyForQuery(): void {
    this.#end();
  }

  readonly #onData = (chunk: Buffer): void => {
    let at = 0;
    let out = 0;
    let rest: Buffer | null = null;
    while (at < chunk.length) {
      if (this.#payloadLeft > 0) {
        const end = Math.min(chunk.length, at + this.#payloadLeft);
        if (this.#code === COPY_DATA && !this.#dropping) out = this.#readLines(chunk, at, end, out);
        this.#payloadLeft -= end - at;
        at = end;
        continue;
      }
      if (this.#headUsed === 0 && chunk[at] !== COPY_DATA && !SKIPPED.has(chunk[at]!)) {
        rest = chunk.subarray(at); // CopyDone, ErrorResponse: pg's from here on
        break;
      }
      const take = Math.min(MESSAGE_HEAD_BYTES - this.#headUsed, chunk.length - at);
      chunk.copy(this.#head, this.#headUsed, at, at + take);
      this.#headUsed += take;
      at += take;
      if (this.#headUsed === MESSAGE_HEAD_BYTES) {
        this.#headUsed = 0;
        this.#code = this.#head[0]!;
        this.#payloadLeft = this.#head.readUInt32BE(1) - 4;
      }
    }
    const rows = this.#lines.takeRows();
    if (!this.#dropping && (out > 0 || rows > 0)) {
      this.#queue.push({
        bytes: rest === null && ownsItsMemory(chunk) ? chunk.subarray(0, out) : copied(chunk, out),
        rows,
      });
      this.#queuedBytes += out;
      if (this.#queuedBytes >= QUEUED_BYTES) this.#pause();
      this.#notify();
    }
    if (rest) this.#giveBack(rest);
  };

  #readLines(chunk: Buffer, start: number, end: number, out: number): number {
    try {
      return this.#lines.read(chunk, start, end, out);
    } catch (error) {
      // The COPY's own framing is wrong: the consumer stops, and stopCopy cancels the COPY.
      this.#failure ??= error as Error;
      this.#dropping = true;
      this.#notify();
      return out;
    }
  }

  /** The COPY's data has ended: pg reads the socket again, from `rest` on. */
  #giveBack(rest: Buffer): void {
    const socket = this.#socket!;
    socket.removeListener('data', this.#onData);
    socket.on('data', this.#pgData!);
    this.#resume();
    this.#pgData!(rest);
  }

  #end(error?: Error): void {
    this.#finished = true;
    this.#resume();
    this.callback?.(error);
    this.#settle();
    this.#notify();
  }

  #notify(): void {
    const wake = this.#wake;
    this.#wake = null;
    wake?.();
  }

  #pause(): void {
    if (this.#paused || !this.#socket) return;
    this.#paused = true;
    this.#socket.pause();
  }

  #resume(): void {
    if (!this.#paused || !this.#socket) return;
    this.#paused = false;
    this.#socket.resume();
  }
}
