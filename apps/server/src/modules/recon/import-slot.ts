/**
 * One statement import per user at a time: the upload route takes the user's slot before a byte
 * of the file is read (its preParsing hook, after the access guard) and holds it until the answer
 * is about to be sent (its onSend hook: a next upload sent on the answer finds it free) or the
 * client goes. Another upload of the same user meanwhile answers 429 with Retry-After and is not
 * read. The slot is a lease in the action_throttle table (as the large
 * reads' slot), so it holds across servers; it is renewed while held, and frees itself when its
 * server dies (IMPORT_LEASE_MS).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { sessionOf } from '../../http/access.ts';
import { TooManyRequests } from '../../shared/errors.ts';
import { takeLease } from '../transactions/actions/throttle.ts';
import { IMPORT_LEASE_MS } from './import-cleanup.ts';
import { IMPORT_RETRY_SECONDS } from './statement-import.ts';

export const IMPORT_IN_PROGRESS =
  'Another statement import of yours is still running. Please wait until it has finished, then try again.';

/** The release of each request's slot, taken in preParsing. */
const held = new WeakMap<FastifyRequest, () => Promise<void>>();

export async function takeImportSlot(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const lease = await takeLease(
    deps,
    `reconImport:user:${sessionOf(request).userId}`,
    IMPORT_LEASE_MS,
  );
  if (!lease) throw new TooManyRequests(IMPORT_IN_PROGRESS, IMPORT_RETRY_SECONDS);
  const renewing = setInterval(
    () => void lease.renew().catch(() => undefined),
    IMPORT_LEASE_MS / 4,
  );
  renewing.unref();
  let released: Promise<void> | null = null;
  const release = (): Promise<void> => {
    released ??= (async () => {
      clearInterval(renewing);
      await lease
        .release()
        .catch((error: unknown) =>
          reply.log.error(
            { err: error },
            'import slot not released; it frees itself when its lease runs out',
          ),
        );
    })();
    return released;
  };
  held.set(request, release);
  reply.raw.once('close', () => void release());
  if (reply.raw.destroyed) void release();
}

/** Frees the user's slot before the answer goes out (the route's onSend), so a next upload sent on the answer finds it free. */
export async function releaseImportSlot(request: FastifyRequest): Promise<void> {
  await held.get(request)?.();
}
