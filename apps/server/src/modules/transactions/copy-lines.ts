/**
 * Reads PostgreSQL's binary COPY output of a query whose only column is a text (the CSV line,
 * csv-sql.ts) and packs the lines into batches of whole records.
 *
 * Why binary and not `FORMAT csv`: our records end with CRLF (RFC 4180) and COPY ends its
 * rows with a bare LF, which a quoted cell may contain too; text format escapes the CR. In
 * binary format every row is framed by its length, so the line's bytes pass through untouched,
 * every row is counted exactly (the audit's `rows`, also for an export the client abandons) and
 * a batch never ends mid-record. The frame: a 19-byte header (+ extension), then per row an
 * int16 field count (1) and an int32 byte length before the bytes, and an int16 -1 at the end.
 * https://www.postgresql.org/docs/current/sql-copy.html#id-1.9.3.55.9.4
 */

const SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER_BYTES = SIGNATURE.length + 8; // + int32 flags + int32 header extension length
const ROW_FRAME_BYTES = 6; // int16 field count + int32 length
const FIRST_BATCH_BYTES = 512 * 1024;

export interface LineBatch {
  bytes: Buffer;
  rows: number;
}

export class CopyLines {
  readonly #batchRows: number;
  /** Bytes of an unfinished header or row frame, kept until the next chunk completes them. */
  #carry: Buffer | null = null;
  #headerRead = false;
  #extensionLeft = 0;
  /** Bytes of the current line still to come. */
  #lineLeft = 0;
  #ended = false;
  #batch = Buffer.allocUnsafe(FIRST_BATCH_BYTES);
  #used = 0;
  #rows = 0;
  #ready: LineBatch[] = [];

  constructor(batchRows: number) {
    this.#batchRows = batchRows;
  }

  /** True once the trailer has been read: every row is in a batch. */
  get ended(): boolean {
    return this.#ended;
  }

  /** Reads one chunk of COPY data; returns the batches it completed (each exactly batchRows rows). */
  feed(chunk: Buffer): LineBatch[] {
    if (this.#ended) {
      if (chunk.length > 0) throw new Error('COPY data after its trailer');
      return [];
    }
    let buf = chunk;
    if (this.#carry) {
      buf = Buffer.concat([this.#carry, chunk]);
      this.#carry = null;
    }
    let at = this.#readHeader(buf);
    while (at < buf.length && !this.#ended) {
      if (this.#lineLeft > 0) {
        const end = Math.min(buf.length, at + this.#lineLeft);
        this.#write(buf, at, end);
        this.#lineLeft -= end - at;
        at = end;
        if (this.#lineLeft === 0) this.#lineDone();
        continue;
      }
      if (buf.length - at < 2) break;
      const fields = buf.readInt16BE(at);
      if (fields === -1) {
        this.#ended = true;
        at += 2;
        break;
      }
      if (fields !== 1) throw new Error(`COPY row with ${fields} columns; the CSV line is the only one`);
      if (buf.length - at < ROW_FRAME_BYTES) break;
      const length = buf.readInt32BE(at + 2);
      if (length < 0) throw new Error('COPY row with a NULL CSV line');
      at += ROW_FRAME_BYTES;
      this.#lineLeft = length;
      if (length === 0) this.#lineDone();
    }
    if (at < buf.length) {
      if (this.#ended) throw new Error('COPY data after its trailer');
      // A frame split across chunks: a few bytes, copied so the chunk itself is not kept.
      this.#carry = Buffer.from(buf.subarray(at));
    }
    const ready = this.#ready;
    this.#ready = [];
    return ready;
  }

  /** The last, partial batch once the trailer was read (null when it holds no row). */
  finish(): LineBatch | null {
    if (!this.#ended) throw new Error('COPY output ended without its trailer');
    return this.#rows > 0 ? this.#take() : null;
  }

  /** Skips the file header; returns where the rows start in `buf` (its length while the header is incomplete). */
  #readHeader(buf: Buffer): number {
    let at = 0;
    if (!this.#headerRead) {
      if (buf.length < HEADER_BYTES) {
        this.#carry = Buffer.from(buf);
        return buf.length;
      }
      if (!buf.subarray(0, SIGNATURE.length).equals(SIGNATURE)) throw new Error('not binary COPY output');
      this.#extensionLeft = buf.readUInt32BE(SIGNATURE.length + 4);
      this.#headerRead = true;
      at = HEADER_BYTES;
    }
    if (this.#extensionLeft > 0) {
      const skip = Math.min(this.#extensionLeft, buf.length - at);
      this.#extensionLeft -= skip;
      at += skip;
    }
    return at;
  }

  #write(src: Buffer, start: number, end: number): void {
    const needed = this.#used + (end - start);
    if (needed > this.#batch.length) {
      const bigger = Buffer.allocUnsafe(Math.max(needed, this.#batch.length * 2));
      this.#batch.copy(bigger, 0, 0, this.#used);
      this.#batch = bigger;
    }
    src.copy(this.#batch, this.#used, start, end);
    this.#used = needed;
  }

  #lineDone(): void {
    this.#rows += 1;
    if (this.#rows === this.#batchRows) this.#ready.push(this.#take());
  }

  #take(): LineBatch {
    const batch = { bytes: this.#batch.subarray(0, this.#used), rows: this.#rows };
    // The next batch is about as big as this one: start at that size, not at the first guess.
    this.#batch = Buffer.allocUnsafe(Math.max(FIRST_BATCH_BYTES, this.#used + (this.#used >> 3)));
    this.#used = 0;
    this.#rows = 0;
    return batch;
  }
}
