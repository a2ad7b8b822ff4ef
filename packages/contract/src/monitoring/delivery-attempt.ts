/**
 * What one delivery attempt to a merchant came to, read from its stored response (a notification
 * history row's `nohiResponse`, written by the server's integrations/merchant/sender.ts:
 * `{ status, latencyMs, body }` when the merchant answered, `{ error, latencyMs }` when it was not
 * reached or nothing was sent). One reading for the server (the notification's last-attempt
 * columns, migration 0041, which repeats it in SQL for the rows before it) and for the screens
 * (the history's table of attempts). Plain code, no zod.
 */

/** The longest `error` kept: the merchant's answer may be up to 64 KiB. */
export const DELIVERY_ERROR_MAX_CHARS = 300;

export interface DeliveryAttemptFacts {
  /** The merchant's HTTP status; null when it was not reached. */
  httpStatus: number | null;
  /** How long the attempt took, in ms; null when not recorded. */
  latencyMs: number | null;
  /** The merchant answered 2xx. */
  delivered: boolean;
  /**
   * Why it failed, in at most DELIVERY_ERROR_MAX_CHARS characters: the error when the merchant was
   * not reached ("No answer within 10 s"), else "HTTP 500" and the merchant's answer
   * ("HTTP 500: {...}"); null when delivered, or when the stored text is not such a response.
   */
  error: string | null;
}

const NOTHING: DeliveryAttemptFacts = {
  httpStatus: null,
  latencyMs: null,
  delivered: false,
  error: null,
};

/** The first `max` characters (code points, as SQL's substr and left count them). */
const cut = (text: string, max = DELIVERY_ERROR_MAX_CHARS): string =>
  text.length <= max ? text : Array.from(text).slice(0, max).join('');

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function readDeliveryResponse(response: string | null | undefined): DeliveryAttemptFacts {
  const stored = response ? parseObject(response) : null;
  if (!stored) return NOTHING;
  const { status, latencyMs, body, error } = stored;
  const httpStatus = typeof status === 'number' && Number.isInteger(status) ? status : null;
  const delivered = httpStatus !== null && httpStatus >= 200 && httpStatus < 300;
  let why: string | null = null;
  if (typeof error === 'string') why = cut(error);
  else if (httpStatus !== null && !delivered)
    why = cut(
      typeof body === 'string' && body !== ''
        ? `HTTP ${httpStatus}: ${body}`
        : `HTTP ${httpStatus}`,
    );
  return {
    httpStatus,
    latencyMs: typeof latencyMs === 'number' ? latencyMs : null,
    delivered,
    error: why,
  };
}
