/**
 * The audit trail: record an event (chained under the audit key, in the caller's transaction),
 * verify the chain, list and read events, and purge what is past retention leaving a checkpoint.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  AUDIT_ACTIONS,
  AUDIT_GENESIS_HASH,
  AUDIT_OUTCOMES,
  auditResource,
  fieldMeta,
  parseListQuery,
  type AuditEventRow,
  type AuditOutcome,
  type ListPayload,
  type ListQuery,
  type RawQuery,
} from '@tagih/contract';
import { addMinutes, iso, type Clock } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { pagination, positionOf } from '../../db/list-sql.ts';
import type { BatchedPage } from '../large-reads/large-page.ts';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditContext } from '../../shared/audit-context.ts';
import { parseDateRange, type UtcRange } from '../../shared/date-range.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import { auditKeys, keysForVerify, type AuditKeys } from './chain-key.ts';
import { chainedRow, eventContent, unsealedRow, type AuditEvent } from './event-row.ts';
import { eventHash, legacyEventHash, type JsonValue } from './hash.ts';
import * as repo from './repo.ts';
import { openPending, sealBeforeReading } from './sealer.ts';

export { SYSTEM_AUDIT_CONTEXT, type AuditContext };

export type { AuditEvent };

export interface RecordedAudit {
  audtId: number;
  audtHash: string;
}

/** Builds, hashes and inserts the event that follows `tail` (the chain lock must be held). */
async function append(
  tx: Transaction<Database>,
  clock: Clock,
  context: AuditContext,
  event: AuditEvent,
  tail: repo.ChainTail | undefined,
): Promise<RecordedAudit> {
  const row = chainedRow(eventContent(clock, context, event), tail);
  await repo.insertEvent(tx, row);
  return { audtId: row.audtId, audtHash: row.audtHash };
}

/**
 * Appends one event to the chain. Pass the transaction that makes the change, so that the change
 * and its event commit or roll back together; given the database itself it opens its own.
 * Call it last in the transaction: on PostgreSQL it holds the chain lock until the commit.
 */
export async function recordAudit(
  db: DbOrTx,
  clock: Clock,
  context: AuditContext,
  event: AuditEvent,
): Promise<RecordedAudit> {
  auditKeys(); // no key, no event: refused before the change's transaction goes further
  const write = async (tx: Transaction<Database>): Promise<RecordedAudit> => {
    await repo.lockChain(tx);
    return append(tx, clock, context, event, await repo.lastEvent(tx));
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/**
 * Records one event in the caller's transaction without the chain's lock: it commits or rolls
 * back with the change, waits in audit_pending with a MAC of its own, and the sealer (sealer.ts)
 * chains it within about a second after the commit. For the hot paths (a bank's payment, a
 * merchant's bill), so that their transactions do not queue for one lock; readers of the trail
 * seal first, so they still see every event.
 */
export async function recordAuditUnsealed(
  tx: Transaction<Database>,
  clock: Clock,
  context: AuditContext,
  event: AuditEvent,
): Promise<void> {
  await repo.insertPending(tx, unsealedRow(eventContent(clock, context, event)));
}

/**
 * Appends several events, in order, in the caller's transaction: the chain lock is taken once and
 * the events inserted together (a housekeeping batch). Call it last in the transaction.
 */
export async function recordAudits(
  tx: Transaction<Database>,
  clock: Clock,
  entries: readonly { context: AuditContext; event: AuditEvent }[],
): Promise<void> {
  if (entries.length === 0) return;
  auditKeys();
  await repo.lockChain(tx);
  let tail: Pick<repo.ChainTail, 'audtId' | 'audtHash'> | undefined = await repo.lastEvent(tx);
  const rows = entries.map(({ context, event }) => {
    const row = chainedRow(eventContent(clock, context, event), tail);
    tail = row;
    return row;
  });
  await repo.insertEvents(tx, rows);
}

/**
 * Failed sign-ins on an account since its previous successful sign-in (the last
 * auth.login.succeeded event targeting the user), or, when the trail holds none, since
 * `fallbackSinceIso` (the last sign-in the login remembers, else its creation). Call it before
 * recording the new sign-in. Attempts are matched by `signInKey`, the name as the lockout counts it.
 */
export async function failedSignInsSinceLastSignIn(
  db: DbOrTx,
  userId: string,
  signInKey: string,
  fallbackSinceIso: string,
): Promise<number> {
  const afterId = await repo.lastSignInId(db, userId);
  return repo.countFailedSignIns(
    db,
    signInKey,
    afterId === null ? { sinceIso: fallbackSinceIso } : { afterId },
  );
}

// --- verification ---------------------------------------------------------------------

export type VerifyResult =
  | { ok: true; events: number; legacyEvents?: number; unsealed?: number }
  | { ok: false; events: number; badId: number; reason: string; unsealed?: true };

/** A head the chain must still reach: an event id and its hash (from a checkpoint). */
export interface ChainHead {
  id: number;
  hash: string;
}

export interface VerifyOptions {
  /** The keys to verify with; default the installed ones (DATA_KEY and DATA_KEY_PREVIOUS). */
  keys?: AuditKeys;
  /** The last head seen outside the database: the chain must still hold it (or have purged it). */
  head?: ChainHead;
}

const VERIFY_BATCH = 1000;

function parseDetails(text: string): Record<string, JsonValue> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, JsonValue>)
      : null;
  } catch {
    return null;
  }
}

/** True when the first remaining event follows the start of the chain or the last event a purge removed. */
async function anchored(db: Kysely<Database>, first: repo.AuditDbRow): Promise<boolean> {
  if (first.audtPrevHash === AUDIT_GENESIS_HASH) return first.audtId === 1;
  for (const text of await repo.checkpointDetails(db)) {
    const d = parseDetails(text);
    if (d && d.lastPurgedHash === first.audtPrevHash && d.throughId === first.audtId - 1)
      return true;
  }
  return false;
}

/**
 * Why an event's own hash is wrong, or null when it is right. Unkeyed events are the plain
 * SHA-256 chain from before the key: they may only come before the first keyed one, and that one
 * must then be the signed `audit.key_changed` that pins the last of them (`lastUnkeyed`).
 */
function hashFault(
  row: repo.AuditDbRow,
  details: Record<string, JsonValue>,
  keys: AuditKeys,
  keyedSeen: boolean,
  lastUnkeyed: repo.AuditDbRow | null,
): string | null {
  const fields = { ...row, audtDetails: details };
  if (row.audtKeyId === null) {
    if (keyedSeen) return 'it is unsigned (plain SHA-256) but follows signed events';
    return legacyEventHash(fields) === row.audtHash ? null : 'its hash does not match its contents';
  }
  const key = keys.events.get(row.audtKeyId);
  if (!key)
    return `it is signed under data key ${row.audtKeyId}, which is not given (DATA_KEY: ${keys.currentId}; set DATA_KEY_PREVIOUS to that key)`;
  if (eventHash(fields, key) !== row.audtHash)
    return 'its hash does not match its contents (signed under the audit key)';
  if (!keyedSeen && lastUnkeyed !== null) {
    const pins =
      row.audtAction === AUDIT_ACTIONS.auditKeyChanged &&
      details.fromKeyId === null &&
      details.headId === lastUnkeyed.audtId &&
      details.headHash === lastUnkeyed.audtHash;
    if (!pins)
      return `it is the first signed event, but not the signed audit.key_changed naming the unsigned event ${lastUnkeyed.audtId} before it: the unsigned events before it were never pinned by the key`;
  }
  return null;
}

/** Why the chain no longer reaches `head`, or null when it does (or a purge took it). */
async function headFault(
  db: Kysely<Database>,
  head: ChainHead,
  lastId: number,
  purgedThrough: number,
): Promise<string | null> {
  const held = await repo.eventHashOf(db, head.id);
  if (held)
    return held.audtHash === head.hash
      ? null
      : `the checkpoint's head has hash ${head.hash}, the chain's event ${head.id} another`;
  if (head.id === 0 || head.id <= purgedThrough) return null;
  return `the checkpoint's head is missing: the chain ends at event ${lastId}; events after it were removed`;
}

/** The unsealed tail: how many wait for the sealer, or the first whose MAC does not hold. */
async function checkUnsealed(
  db: Kysely<Database>,
  keys: AuditKeys,
): Promise<{ count: number } | { badId: number; reason: string }> {
  let count = 0;
  let after = 0;
  for (;;) {
    const batch = await repo.pendingBatch(db, VERIFY_BATCH, after);
    for (const row of batch) {
      const opened = openPending(row, keys);
      if ('fault' in opened) return { badId: Number(row.pndgId), reason: opened.fault };
      count += 1;
      after = Number(row.pndgId);
    }
    if (batch.length < VERIFY_BATCH) return { count };
  }
}

/**
 * Recomputes every hash and link in id order; reports the first event that does not match, and
 * with `head` whether the chain still reaches the head a checkpoint saw. A chain with events none
 * of which is signed under the key is refused: a keyed database's trail rewritten unsigned looks
 * exactly so (a database from before the key is marked at the server's first start under it).
 * Then the unsealed tail (audit_pending): each event's own MAC must hold; they are counted.
 */
export async function verifyAuditChain(
  db: Kysely<Database>,
  options: VerifyOptions = {},
): Promise<VerifyResult> {
  const keys = keysForVerify(options.keys);
  let previous: repo.AuditDbRow | null = null;
  let lastUnkeyed: repo.AuditDbRow | null = null;
  let events = 0;
  let legacyEvents = 0;
  let purgedThrough = 0;
  for (;;) {
    const batch = await repo.chainBatch(db, previous?.audtId ?? 0, VERIFY_BATCH);
    for (const row of batch) {
      const fail = (reason: string): VerifyResult => ({
        ok: false,
        events,
        badId: row.audtId,
        reason,
      });
      if (previous === null) {
        if (!(await anchored(db, row)))
          return fail(
            'its previous hash is neither the start of the chain nor the last hash of a purge checkpoint',
          );
      } else if (row.audtPrevHash !== previous.audtHash) {
        return fail(`its previous hash does not match the hash of event ${previous.audtId}`);
      }
      const details = parseDetails(row.audtDetails);
      if (details === null) return fail('its details are not a JSON object');
      const fault = hashFault(row, details, keys, events > legacyEvents, lastUnkeyed);
      if (fault) return fail(fault);
      if (row.audtAction === AUDIT_ACTIONS.auditPurged && typeof details.throughId === 'number')
        purgedThrough = Math.max(purgedThrough, details.throughId);
      if (row.audtKeyId === null) {
        legacyEvents += 1;
        lastUnkeyed = row;
      }
      previous = row;
      events += 1;
    }
    if (batch.length < VERIFY_BATCH) break;
  }
  if (previous !== null && legacyEvents === events) {
    return {
      ok: false,
      events: events - 1,
      badId: previous.audtId,
      reason:
        'the chain ends here without one event signed under the audit key: a keyed trail rewritten unsigned (plain SHA-256) looks so; a database from before the key is marked (audit.key_changed) at the first start of the server under the key',
    };
  }
  if (options.head) {
    const fault = await headFault(db, options.head, previous?.audtId ?? 0, purgedThrough);
    if (fault) return { ok: false, events, badId: options.head.id, reason: fault };
  }
  const unsealed = await checkUnsealed(db, keys);
  if ('badId' in unsealed)
    return { ok: false, events, badId: unsealed.badId, reason: unsealed.reason, unsealed: true };
  return {
    ok: true,
    events,
    ...(legacyEvents > 0 ? { legacyEvents } : {}),
    ...(unsealed.count > 0 ? { unsealed: unsealed.count } : {}),
  };
}

/**
 * Chains `audit.key_changed` when the last event is not signed under the current data key: the
 * first start after the chain was keyed (the last event is a plain SHA-256 one) or after a
 * data key rotation. It names the head it follows and both key ids (null: the unkeyed chain).
 * Returns the event, or null when there was nothing to mark.
 */
export async function markAuditKey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
): Promise<RecordedAudit | null> {
  const keys = auditKeys();
  return deps.db.transaction().execute(async (tx) => {
    await repo.lockChain(tx);
    const tail = await repo.lastEvent(tx);
    if (!tail || tail.audtKeyId === keys.currentId) return null;
    return append(
      tx,
      deps.clock,
      SYSTEM_AUDIT_CONTEXT,
      {
        action: AUDIT_ACTIONS.auditKeyChanged,
        details: {
          fromKeyId: tail.audtKeyId,
          toKeyId: keys.currentId,
          headId: tail.audtId,
          headHash: tail.audtHash,
        },
      },
      tail,
    );
  });
}

// --- reading --------------------------------------------------------------------------

export function toApiRow({ audtKeyId: _keyId, ...row }: repo.AuditDbRow): AuditEventRow {
  const outcome = (AUDIT_OUTCOMES as readonly string[]).includes(row.audtOutcome)
    ? (row.audtOutcome as AuditOutcome)
    : 'failure';
  return { ...row, audtOutcome: outcome, audtDetails: parseDetails(row.audtDetails) ?? {} };
}

export interface ParsedAuditQuery {
  query: ListQuery;
  range: UtcRange;
}

/** One parser for the list and the export: unknown fields, bad operators and bad dates are a 400. */
export function parseAuditQuery(deps: AppDeps, raw: RawQuery): ParsedAuditQuery {
  const parsed = parseListQuery(raw, auditResource, ['from', 'to']);
  if (!parsed.ok) throw new Invalid(parsed.message);
  return { query: parsed.value, range: parseDateRange(raw.from, raw.to, deps.config.businessTz) };
}

/** A page of events; reading it is itself recorded (audit.viewed with the filters, the rows shown and the total). */
export async function listAudit(
  deps: AppDeps,
  context: AuditContext,
  raw: RawQuery,
): Promise<ListPayload<AuditEventRow>> {
  const { query, range } = parseAuditQuery(deps, raw);
  await sealBeforeReading(deps.db);
  const { total, page } = await repo.listPage(deps.db, range, query, deps.config.businessTz);
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.auditViewed,
    details: { filters: raw, rows: page.length, total },
  });
  return {
    data: page.map(toApiRow),
    pagination: pagination(total, query),
    fields: fieldMeta(auditResource),
  };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedAuditList(
  deps: AppDeps,
  context: AuditContext,
  raw: RawQuery,
): BatchedPage<repo.AuditDbRow, AuditEventRow, Omit<ListPayload<AuditEventRow>, 'data'>> {
  const { query, range } = parseAuditQuery(deps, raw);
  const plan = repo.listPlan(deps.db, range, query, deps.config.businessTz);
  return {
    max: query.max,
    read: async (last, limit) => {
      if (!last) await sealBeforeReading(deps.db);
      return plan.read({ limit, last: last && positionOf(last, query, 'audtId') });
    },
    toApi: (row) => toApiRow(row),
    rest: async () => {
      const total = await plan.count();
      const rows = Math.max(0, Math.min(query.max, total - (query.page - 1) * query.max));
      await recordAudit(deps.db, deps.clock, context, {
        action: AUDIT_ACTIONS.auditViewed,
        details: { filters: raw, rows, total },
      });
      return { pagination: pagination(total, query), fields: fieldMeta(auditResource) };
    },
  };
}

/** One event; reading it is itself recorded (audit.viewed). */
export async function viewAudit(
  deps: AppDeps,
  context: AuditContext,
  audtId: number,
): Promise<AuditEventRow> {
  const row = await repo.findOne(deps.db, audtId);
  if (!row) throw new NotFound(`Audit event ${audtId} not found.`);
  await recordAudit(deps.db, deps.clock, context, {
    action: AUDIT_ACTIONS.auditViewed,
    target: { type: 'audit_event', id: audtId },
  });
  return toApiRow(row);
}

// --- retention ------------------------------------------------------------------------

export interface PurgeResult {
  purgedRows: number;
  checkpointId: number | null;
}

/**
 * Deletes the events written before now - AUDIT_RETENTION_DAYS (the only delete path) and chains a
 * checkpoint event (audit.purged) that names the last purged id and hash, which verification
 * accepts as the anchor of the first remaining event. Only a run of the oldest events goes, so
 * the remaining chain has no gap.
 */
export async function purgeExpiredAudit(deps: AppDeps): Promise<PurgeResult> {
  const now = deps.clock.now();
  const cutoff = iso(addMinutes(now, -deps.config.auditRetentionDays * 24 * 60));
  return deps.db.transaction().execute(async (tx) => {
    await repo.lockChain(tx);
    const last = await repo.lastEvent(tx);
    if (!last) return { purgedRows: 0, checkpointId: null };
    const firstKept = await repo.firstIdFrom(tx, cutoff);
    const through = await repo.eventThrough(tx, firstKept === null ? last.audtId : firstKept - 1);
    if (!through) return { purgedRows: 0, checkpointId: null };
    const purgedRows = await repo.deleteThrough(tx, through.audtId);
    // The checkpoint follows the last event even when that one was purged too.
    const checkpoint = await append(
      tx,
      deps.clock,
      SYSTEM_AUDIT_CONTEXT,
      {
        action: AUDIT_ACTIONS.auditPurged,
        details: {
          purgedRows,
          throughId: through.audtId,
          lastPurgedHash: through.audtHash,
          before: cutoff,
          retentionDays: deps.config.auditRetentionDays,
        },
      },
      last,
    );
    return { purgedRows, checkpointId: checkpoint.audtId };
  });
}
