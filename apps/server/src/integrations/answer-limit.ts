/**
 * Answers from banks and merchants are read up to ANSWER_LIMIT_BYTES; a longer one is refused
 * as an error and its connection dropped, so a party (or a hijacked address) can never fill the
 * server's memory.
 */
export const ANSWER_LIMIT_BYTES = 1024 * 1024;
export const ANSWER_LIMIT_TEXT = '1 MB';

export class AnswerTooLarge extends Error {
  constructor(who: string) {
    super(`${who} answered with more than ${ANSWER_LIMIT_TEXT}; the answer was refused`);
    this.name = 'AnswerTooLarge';
  }
}

/** The declared Content-Length when it is a number, else null. */
export function declaredLength(value: string | null | undefined): number | null {
  if (value === null || value === undefined || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

/** Reads a fetch Response's body as UTF-8 text, refusing more than `limit` bytes (the stream is cancelled). */
export async function readCappedText(
  response: Response,
  who: string,
  limit = ANSWER_LIMIT_BYTES,
): Promise<string> {
  const declared = declaredLength(response.headers.get('content-length'));
  if (declared !== null && declared > limit) {
    await response.body?.cancel().catch(() => {});
    throw new AnswerTooLarge(who);
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge(who);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}
