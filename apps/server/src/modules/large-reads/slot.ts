/**
 * One large read at a time per user: a list page of more than LARGE_PAGE_ROWS rows
 * (large-page.ts) or a CSV export. Each holds the user's slot while it is being sent; another
 * one of the same user meanwhile answers 429 with Retry-After, before anything is read or sent.
 *
 * The slot is a lease in the action_throttle table (transactions/actions/throttle.ts takeLease), so it
 * holds across server processes. It ends when the answer does (sent, cut short, or the client
 * gone: the response's 'close'); a read that lasts renews it as it goes, and one whose process
 * died frees it once the lease runs out (LARGE_READ_LEASE_MS).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { TooManyRequests } from '../../shared/errors.ts';
import { takeLease } from '../transactions/actions/throttle.ts';

export const LARGE_READ_LEASE_MS = 60_000;
/** What a refused request is told to wait: reads of this size take seconds. */
export const LARGE_READ_RETRY_SECONDS = 5;

export interface LargeReadSlot {
  /** Extends the lease when a third of it has passed (called as the read goes on). */
  renew(): Promise<void>;
  /** Ends the lease (again: no-op). */
  release(): Promise<void>;
}

/** Slots taken, refused and released since start (observability; tests check a slot is freed). */
export const largeReadMetrics = { taken: 0, refused: 0, released: 0 };

/**
 * Takes the signed-in user's large-read slot for this answer, or throws TooManyRequests. The
 * slot is released when the response closes, whatever ended it.
 */
export async function takeLargeReadSlot(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<LargeReadSlot> {
  const lease = await takeLease(
    deps,
    `largeRead:user:${sessionOf(request).userId}`,
    LARGE_READ_LEASE_MS,
  );
  if (!lease) {
    largeReadMetrics.refused += 1;
    throw new TooManyRequests(MESSAGES.largeReadInProgress, LARGE_READ_RETRY_SECONDS);
  }
  largeReadMetrics.taken += 1;
  let renewed = deps.clock.now().getTime();
  let released: Promise<void> | null = null;
  const slot: LargeReadSlot = {
    async renew() {
      const now = deps.clock.now().getTime();
      if (released || now - renewed < LARGE_READ_LEASE_MS / 3) return;
      renewed = now;
      await lease.renew();
    },
    release() {
      released ??= lease.release().then(
        () => void (largeReadMetrics.released += 1),
        (error: unknown) =>
          reply.log.error(
            { err: error },
            'large read slot not released; it frees itself when its lease runs out',
          ),
      );
      return released;
    },
  };
  reply.raw.once('close', () => void slot.release());
  // The client left while the slot was being taken: 'close' has been and gone.
  if (reply.raw.destroyed) void slot.release();
  return slot;
}

/** `parts` as they come, renewing `slot` between them (an export that lasts longer than the lease keeps it). */
export async function* renewingSlot<T>(
  slot: LargeReadSlot,
  parts: AsyncGenerator<T>,
): AsyncGenerator<T> {
  try {
    for (let part = await parts.next(); !part.done; part = await parts.next()) {
      yield part.value;
      await slot.renew();
    }
  } finally {
    await parts.return(undefined as never);
  }
}
