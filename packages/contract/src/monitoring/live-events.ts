/**
 * The live stream (GET /api/live/events, Server-Sent Events): what the screens hear as it happens.
 * An event names only what changed (ids, the transaction kind and the company), never its data:
 * the screen reloads what it shows through the ordinary, permission-checked API calls.
 */
import { z } from 'zod';

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

export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  compId: z.number().int(),
  /** trctType: 'VA' or 'QRIS'. */
  kind: z.enum(['VA', 'QRIS']),
  trctId: z.number().int(),
  /** notification.* only. */
  notiId: z.number().int().optional(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/** The SSE `event:` names on the wire: `change` carries a LiveEvent; `end` says why the server closed the stream. */
export const LIVE_STREAM = {
  change: 'change',
  end: 'end',
  /** A comment line this often keeps proxies from closing an idle stream (and re-checks the session). */
  heartbeatMs: 15_000,
} as const;

/** Why the server ended a stream: the session ended or changed company (reconnect), or the server is shutting down. */
export type LiveEndReason = 'session' | 'company' | 'shutdown';
