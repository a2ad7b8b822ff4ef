/**
 * The live stream (GET /api/live/events, Server-Sent Events): what the screens hear as it happens.
 * An event names only what changed (ids, the transaction kind and the company), never its data:
 * the screen reloads what it shows through the ordinary, permission-checked API calls.
 * Plain TypeScript, no zod: every signed-in tab reads this stream, and the schema library stays
 * off the screens' first load.
 */

export const LIVE_EVENT_TYPES = [
  /** A bill turned Lunas (a bank's SNAP payment, or Inquiry's answer). */
  'transaction.paid',
  /** An unpaid bill passed its expiry and turned Kadaluarsa. */
  'transaction.expired',
  /** A merchant opened a bill. */
  'transaction.created',
  /** A notification went to its merchant and the attempt (the merchant's answer, or the failure) is in its history. */
  'notification.sent',
] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export interface LiveEvent {
  type: LiveEventType;
  compId: number;
  /** trctType: 'VA' or 'QRIS'. */
  kind: 'VA' | 'QRIS';
  trctId: number;
  /** notification.* only. */
  notiId?: number;
}

const isInteger = (value: unknown): value is number => Number.isSafeInteger(value);

/** A LiveEvent read from the wire (a NOTIFY payload item, an SSE data line), or null for anything else. */
export function readLiveEvent(value: unknown): LiveEvent | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { type, compId, kind, trctId, notiId } = value as Record<string, unknown>;
  if (!LIVE_EVENT_TYPES.includes(type as LiveEventType)) return null;
  if (!isInteger(compId) || !isInteger(trctId) || (kind !== 'VA' && kind !== 'QRIS')) return null;
  if (notiId !== undefined && !isInteger(notiId)) return null;
  const event: LiveEvent = { type: type as LiveEventType, compId, kind, trctId };
  return notiId === undefined ? event : { ...event, notiId };
}

/** The SSE `event:` names on the wire: `change` carries a LiveEvent; `end` says why the server closed the stream. */
export const LIVE_STREAM = {
  change: 'change',
  end: 'end',
  /** A comment line this often keeps proxies from closing an idle stream (and re-checks the session). */
  heartbeatMs: 15_000,
} as const;

/** Why the server ended a stream: the session ended or changed company (reconnect), or the server is shutting down. */
export type LiveEndReason = 'session' | 'company' | 'shutdown';
