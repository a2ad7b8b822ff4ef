/**
 * One POST to a merchant: no redirects followed, internal addresses refused, a timeout, the
 * answer read up to ANSWER_LIMIT_BYTES (more is refused as an error, the connection dropped)
 * and its first RESPONSE_BODY_LIMIT bytes kept for the history.
 */
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { ANSWER_LIMIT_BYTES, AnswerTooLarge, declaredLength } from '../answer-limit.ts';
import { checkUrlHost, guardedLookup } from './address-guard.ts';

/** What the history keeps of an answer. */
export const RESPONSE_BODY_LIMIT = 64 * 1024;

export interface PostOutcome {
  status: number | null;
  body: string;
  truncated: boolean;
  latencyMs: number;
  error: string | null;
  /** The merchant answered, but its answer was refused (too large): `error` says so on its own. */
  answerRefused?: boolean;
}

export async function postJson(
  url: string,
  headers: Record<string, string>,
  body: string,
  opts: { timeoutMs: number; allowedHosts: readonly string[] },
): Promise<PostOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: URL;
  try {
    target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:')
      throw new Error(`Unsupported callback URL scheme ${target.protocol}`);
    checkUrlHost(target, opts.allowedHosts);
  } catch (error) {
    return {
      status: null,
      body: '',
      truncated: false,
      latencyMs: elapsed(),
      error: (error as Error).message,
    };
  }
  const client = target.protocol === 'https:' ? https : http;
  return new Promise<PostOutcome>((resolve) => {
    const fail = (error: Error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      const message = timedOut
        ? `No answer within ${opts.timeoutMs / 1000} s`
        : error.message || String(error);
      resolve({
        status: null,
        body: '',
        truncated: false,
        latencyMs: elapsed(),
        error: message,
        ...(error instanceof AnswerTooLarge ? { answerRefused: true } : {}),
      });
    };
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        lookup: guardedLookup(target, opts.allowedHosts) as never,
        signal: AbortSignal.timeout(opts.timeoutMs),
        agent: false,
      },
      (response) => {
        const tooLarge = () => {
          fail(new AnswerTooLarge('Merchant'));
          request.destroy();
        };
        const declared = declaredLength(response.headers['content-length']);
        if (declared !== null && declared > ANSWER_LIMIT_BYTES) return tooLarge();
        const chunks: Buffer[] = [];
        let kept = 0;
        let received = 0;
        let truncated = false;
        response.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > ANSWER_LIMIT_BYTES) return tooLarge();
          const room = RESPONSE_BODY_LIMIT - kept;
          if (chunk.length > room) truncated = true;
          if (room <= 0) return;
          chunks.push(chunk.subarray(0, room));
          kept += Math.min(chunk.length, room);
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
            truncated,
            latencyMs: elapsed(),
            error: null,
          }),
        );
        response.on('error', fail);
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}
