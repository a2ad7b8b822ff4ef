/**
 * One statement import per user at a time: the upload route takes the user's slot before a byte
 * of the file is read (its preParsing hook, after the access guard) and holds it until the answer
 * is sent or the client goes. Another upload of the same user meanwhile answers 429 with
 * Retry-After and is not read. The slot is a lease in the action_throttle table (as the large
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
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(renewing);
    void lease
      .release()
      .catch((error: unknown) =>
        reply.log.error(
          { err: error },
          'import slot not released; it frees itself when its lease runs out',
        ),
      );
  };
  reply.raw.once('close', release);
  if (reply.raw.destroyed) release();
}
