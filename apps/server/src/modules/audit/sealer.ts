/**
 * The sealer: chains the unsealed events (audit_pending, written in the change's own transaction
 * without any lock) into audit_events after their commit, oldest first, in batches, under the
 * chain's lock held only here and by the few events still recorded chained. Every server runs it
 * (every SEAL_INTERVAL_MS); on PostgreSQL the one that finds the lock taken leaves the work to the
 * holder (pg_try_advisory_xact_lock), so servers never queue behind each other for it.
 *
 * Each pending row carries a MAC under the audit key (hash.ts unsealedMac): a row altered while it
 * waits is not sealed (it stays, and audit:verify names it); the others go on. Moving a batch is
 * one database transaction (insert the chained events, delete their pending rows): an event is
 * sealed once or not at all, also across a kill -9; what a dead server left is sealed by the next.
 */
import type { Kysely } from 'kysely';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { auditKeys, type AuditKeys } from './chain-key.ts';
import { chainedRow, type ChainLink } from './event-row.ts';
import { unsealedMac, type JsonValue, type UnsealedFields } from './hash.ts';
import * as repo from './repo.ts';

/** How often each server looks for unsealed events. */
export const SEAL_INTERVAL_MS = 200;
const SEAL_BATCH = 500;

function parseObject(text: string): Record<string, JsonValue> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, JsonValue>)
      : null;
  } catch {
    return null;
  }
}

/** The event a pending row holds, as it was recorded. */
function contentOf(row: repo.PendingRow, details: Record<string, JsonValue>): UnsealedFields {
  return {
    audtAt: row.pndgAt,
    audtActorUserId: row.pndgActorUserId,
    audtActorUsername: row.pndgActorUsername,
    audtCompId: row.pndgCompId === null ? null : Number(row.pndgCompId),
    audtIp: row.pndgIp,
    audtUserAgent: row.pndgUserAgent,
    audtAction: row.pndgAction,
    audtTargetType: row.pndgTargetType,
    audtTargetId: row.pndgTargetId,
    audtOutcome: row.pndgOutcome,
    audtDetails: details,
  };
}

/** The pending row's event when its MAC holds, else why not. */
export function openPending(
  row: repo.PendingRow,
  keys: AuditKeys,
): { content: UnsealedFields } | { fault: string } {
  const details = parseObject(row.pndgDetails);
  if (details === null) return { fault: 'its details are not a JSON object' };
  const key = keys.events.get(row.pndgKeyId);
  if (!key) return { fault: `it is signed under data key ${row.pndgKeyId}, which is not given` };
  const content = contentOf(row, details);
  return unsealedMac(content, row.pndgKeyId, key) === row.pndgMac
    ? { content }
    : { fault: 'its MAC does not match its contents: it was altered while it waited to be sealed' };
}

export interface SealOptions {
  /** Wait for the chain's lock (a reader that must see every event); default: leave it to its holder. */
  wait?: boolean;
  /** Seal at most this many batches; default until none is left. */
  batches?: number;
  /** Told of each pending row left unsealed because it was altered. */
  onFault?: (pndgId: number, fault: string) => void;
}

/** Seals one batch in one transaction; the number sealed, or null when another sealer holds the lock. */
async function sealBatch(
  db: Kysely<Database>,
  wait: boolean,
  onFault: SealOptions['onFault'],
): Promise<{ sealed: number; more: boolean } | null> {
  const keys = auditKeys();
  return db.transaction().execute(async (tx) => {
    if (wait) await repo.lockChain(tx);
    else if (!(await repo.tryLockChain(tx))) return null;
    const pending = await repo.pendingBatch(tx, SEAL_BATCH);
    if (pending.length === 0) return { sealed: 0, more: false };
    let tail: ChainLink | undefined = await repo.lastEvent(tx);
    const rows = [];
    const done: number[] = [];
    for (const row of pending) {
      const opened = openPending(row, keys);
      if ('fault' in opened) {
        onFault?.(Number(row.pndgId), opened.fault);
        continue;
      }
      const chained = chainedRow(opened.content, tail);
      rows.push(chained);
      done.push(Number(row.pndgId));
      tail = chained;
    }
    await repo.insertEvents(tx, rows);
    await repo.deletePending(tx, done);
    // A batch of only altered rows would be read again and again: stop there (the next round tries later).
    return { sealed: rows.length, more: pending.length === SEAL_BATCH && rows.length > 0 };
  });
}

/** Seals the unsealed events; the number sealed. */
export async function sealPending(
  db: Kysely<Database>,
  options: SealOptions = {},
): Promise<number> {
  let sealed = 0;
  for (let i = 0; i < (options.batches ?? Infinity); i++) {
    const batch = await sealBatch(db, options.wait ?? false, options.onFault);
    if (batch === null) break;
    sealed += batch.sealed;
    if (!batch.more) break;
  }
  return sealed;
}

/** Before a reader that must see every event (the audit list, its export): the unsealed ones sealed now. */
export async function sealBeforeReading(db: DbOrTx): Promise<void> {
  if (db.isTransaction || !(await repo.hasPending(db))) return;
  await sealPending(db as Kysely<Database>, { wait: true });
}

export interface AuditSealer {
  /** Starts no further round; seals what is left once; resolves when done. */
  stop(): Promise<void>;
}

export function startAuditSealer(
  db: Kysely<Database>,
  options: {
    intervalMs?: number;
    onError: (error: unknown) => void;
    onFault: (pndgId: number, fault: string) => void;
  },
): AuditSealer {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<unknown> = Promise.resolve();
  const round = () =>
    sealPending(db, { onFault: options.onFault }).catch((error: unknown) => options.onError(error));
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      current = round().finally(schedule);
    }, options.intervalMs ?? SEAL_INTERVAL_MS);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await current;
      await round();
    },
  };
}
