/**
 * Sends one callback to a merchant: the signed POST, and what to record of it (the request
 * with its signature redacted, the answer or the error). Never throws for merchant trouble;
 * what the notification becomes is its caller's business (modules/notifications/delivery.ts).
 */
import { ACTION_OUTCOME } from '@tagih/contract';
import {
  callbackBody,
  redactSignature,
  SIGNATURE_HEADER,
  signCallback,
  type CallbackFacts,
} from './callback.ts';
import { postJson, type PostOutcome } from './outbound-http.ts';

export const DEFAULT_MERCHANT_TIMEOUT_MS = 10_000;

export interface CallbackTarget {
  clntCallbackUrl: string | null;
  clntSecret: string;
}

export interface CallbackAttempt {
  delivered: boolean;
  /** JSON of the request and of the answer, for the notification's history. */
  request: string;
  response: string;
  /** What happened, for the operator (Indonesian, like the toast): "Merchant menjawab HTTP 200" / the error. */
  message: string;
}

export async function sendCallback(
  row: CallbackFacts & CallbackTarget,
  opts: { timeZone: string; timeoutMs: number; allowedHosts: readonly string[] },
): Promise<CallbackAttempt> {
  const rawBody = JSON.stringify(callbackBody(row, opts.timeZone));
  const signature = signCallback(row.clntSecret, rawBody, Math.floor(Date.now() / 1000));
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'Tagih-Webhook/1.0',
    [SIGNATURE_HEADER]: signature,
  };
  const url = row.clntCallbackUrl ?? '';
  const outcome: PostOutcome = url
    ? await postJson(url, headers, rawBody, {
        timeoutMs: opts.timeoutMs,
        allowedHosts: opts.allowedHosts,
      })
    : {
        status: null,
        body: '',
        truncated: false,
        latencyMs: 0,
        error: 'The client has no callback URL',
      };

  const request = {
    url,
    method: 'POST',
    headers: { ...headers, [SIGNATURE_HEADER]: redactSignature(signature) },
    body: JSON.parse(rawBody) as unknown,
  };
  const response = outcome.error
    ? { error: outcome.error, latencyMs: outcome.latencyMs }
    : {
        status: outcome.status,
        latencyMs: outcome.latencyMs,
        body: outcome.body,
        ...(outcome.truncated ? { truncated: true } : {}),
      };
  return {
    delivered: outcome.status !== null && outcome.status >= 200 && outcome.status < 300,
    request: JSON.stringify(request),
    response: JSON.stringify(response),
    message: outcome.error
      ? outcome.answerRefused
        ? outcome.error
        : ACTION_OUTCOME.merchantNotReached(outcome.error)
      : ACTION_OUTCOME.merchantAnswered(outcome.status),
  };
}
