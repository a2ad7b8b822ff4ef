/**
 * The first look at an uploaded statement, before any parser reads it: one pass over its bytes as
 * they come from disk (64 KB at a time, never the whole file) that computes its SHA-256 (the same
 * file twice is one import) and refuses any physical line longer than MAX_LINE_BYTES, naming the
 * line. No bank writes such a line (an MT940 line is at most 65 characters of :86: or a :61: of
 * about 100; a bank CSV row a few hundred bytes), and a line reader holds a whole line in memory:
 * a 200 MB line would be 200 MB (or, decoded, several times that) in the server. The parsers'
 * own, tighter limits per format (MT940 :86: 6 × 65) are theirs (formats/).
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StatementRefusal } from './formats/statement-events.ts';

/** The longest physical line (bytes, without its line break) a statement may hold. */
export const MAX_LINE_BYTES = 4096;

export interface ScannedFile {
  hash: string;
  /** Physical lines (a last line without a line break counts). */
  lines: number;
}

const LF = 0x0a;

export async function scanFile(path: string): Promise<ScannedFile> {
  const hash = createHash('sha256');
  let lineNo = 1;
  let lineBytes = 0;
  let sawAny = false;
  for await (const chunk of createReadStream(path, {
    highWaterMark: 64 * 1024,
  }) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    sawAny = true;
    let from = 0;
    for (;;) {
      const at = chunk.indexOf(LF, from);
      const end = at < 0 ? chunk.length : at;
      lineBytes += end - from;
      // A CR before the LF belongs to the line break, not the line.
      const crlf = at >= 0 && end > from && chunk[end - 1] === 0x0d ? 1 : 0;
      if (lineBytes - crlf > MAX_LINE_BYTES) {
        throw new StatementRefusal(
          lineNo,
          `the line is longer than ${MAX_LINE_BYTES} bytes; no bank statement has such a line (is this the right file?)`,
        );
      }
      if (at < 0) break;
      lineNo++;
      lineBytes = 0;
      from = at + 1;
    }
  }
  return { hash: hash.digest('hex'), lines: sawAny && lineBytes === 0 ? lineNo - 1 : lineNo };
}
