/**
 * The audit trail: record an event (chained, in the caller's transaction), verify the chain,
 * list and read events, and purge what is past retention leaving a checkpoint.
 */
import type { Kysely, Transaction } from 'kysely';
import {
  AUDIT_ACTIONS, AUDIT_GENESIS_HASH, AUDIT_OUTCOMES, auditResource, fieldMeta, parseListQuery,
  type AuditAction, type AuditEventRow, type AuditOutcome, type ListPayload, type ListQuery, type RawQuery,
} from '@tagih/contract';
import { addMinutes, iso, type Clock } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { pagination, positionOf } from '../../db/list-sql.ts';
import type { BatchedPage } from '../large-reads/large-page.ts';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { SYSTEM_AUDIT_CONTEXT, type AuditContext } from '../../shared/audit-context.ts';
import { parseDateRange, type UtcRange } from '../../shared/date-range.ts';
import { Invalid, NotFound } from '../../shared/errors.ts';
import { redact } from './details.ts';
import { canonicalJson, eventHash, type HashedFields, type JsonValue } from './hash.ts';
import * as repo from './repo.ts';

export { SYSTEM_AUDIT_CONTEXT, type AuditContext };

export interface AuditEvent {
  action: AuditAction;
  /** Default 'success'. */
  outcome?: AuditOutcome;
  target?: { type: string; id: string | number } | null;
  /** Any JSON-able object; sensitive keys are redacted before it is stored (details.ts). */
  details?: Record<string, unknown>;
}

export interface RecordedAudit {
  audtId: number;
  audtHash: string;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both databases store it, so that the hash of what was written is the hash of what is
 * read back: at most `max` UTF-16 units, no lone surrogate (UTF-8 cannot hold one), no NUL
 * (PostgreSQL text cannot).
 */
function cut(text: string | null | undefined, max: number): string | null {
  if (text === null || text === undefined) return null;
  return text.slice(0, max).replace(LONE_SURROGATE, '\uFFFD').replaceAll('\u0000', '\uFFFD');
}

/** Builds, hashes and inserts the event that follows `tail` (the chain lock must be held). */
async function append(tx: Transaction<Database>, clock: Clock, context: AuditContext, event: AuditEvent, tail: repo.ChainTail | undefined): Promise<RecordedAudit> {
  const fields: HashedFields = {
    audtId: (tail?.audtId ?? 0) + 1,
    audtAt: iso(clock.now()),
    audtActorUserId: cut(context.actorUserId, 50),
    audtActorUsername: cut(context.actorUsername, 255),
    audtCompId: context.compId ?? null,
    audtIp: cut(context.ip, 64),
    audtUserAgent: cut(context.userAgent, 512),
    audtAction: event.action,
    audtTargetType: cut(event.target?.type, 50),
    audtTargetId: event.target ? cut(String(event.target.id), 255) : null,
    audtOutcome: event.outcome ?? 'success',
    audtDetails: redact(event.details ?? {}) as Record<string, JsonValue>,
    audtPrevHash: tail?.audtHash ?? AUDIT_GENESIS_HASH,
  };
  const audtHash = eventHash(fields);
  await repo.insertEvent(tx, { ...fields, audtDetails: canonicalJson(fields.audtDetails), audtHash });
  return { audtId: fields.audtId, audtHash };
}

/**
 * Appends one event to the chain. Pass the transaction that makes the change, so that the change
 * and its event commit or roll back together; given the database itself it opens its own.
 * Call it last in the transaction: on PostgreSQL it holds the chain lock until the commit.
 */
export async function recordAudit(db: DbOrTx, clock: Clock, context: AuditContext, event: AuditEvent): Promise<RecordedAudit> {
  const write = async (tx: Transaction<Database>): Promise<RecordedAudit> => {
    await repo.lockChain(tx);
    return append(tx, clock, context, event, await repo.lastEvent(tx));
  };
  return db.isTransaction ? write(db as Transaction<Database>) : db.transaction().execute(write);
}

/**
 * Failed sign-ins on an account since its previous successful sign-in (the last
 * auth.login.succeeded event targeting the user), or, when the trail holds none, since
 * `fallbackSinceIso` (the last sign-in the login remembers, else its creation). Call it before
 * recording the new sign-in. Attempts are matched by `signInKey`, the name as the lockout counts it.
 */
export async function failedSignInsSinceLastSignIn(db: DbOrTx, userId: string, signInKey: string, fallbackSinceIso: string): Promise<number> {
  const afterId = await repo.lastSignInId(db, userId);
  return repo.countFailedSignIns(db, signInKey, afterId === null ? { sinceIso: fallbackSinceIso } : { afterId });
}

// --- verification ---------------------------------------------------------------------

export type VerifyResult =
  | { ok: true; events: number }
  | { ok: false; events: number; badId: number; reason: string };

const VERIFY_BATCH = 1000;

function parseDetails(text: string): Record<string, JsonValue> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, JsonValue>) : null;
  } catch {
    return null;
  }
}

/** True when the first remaining event follows the start of the chain or the last event a purge removed. */
async function anchored(db: Kysely<Database>, first: repo.AuditDbRow): Promise<boolean> {
  if (first.audtPrevHash === AUDIT_GENESIS_HASH) return first.audtId === 1;
  for (const text of await repo.checkpointDetails(db)) {
    const d = parseDetails(text);
    if (d && d.lastPurgedHash === first.audtPrevHash && d.throughId === first.audtId - 1) return true;
  }
  return false;
}

/** Recomputes every hash and link in id order; reports the first event that does not match. */
export async function verifyAuditChain(db: Kysely<Database>): Promise<VerifyResult> {
  let previous: repo.AuditDbRow | null = null;
  let events = 0;
  for (;;) {
    const batch = await repo.chainBatch(db, previous?.audtId ?? 0, VERIFY_BATCH);
    for (const row of batch) {
      const fail = (reason: string): VerifyResult => ({ ok: false, events, badId: row.audtId, reason });
      if (previous === null) {
        if (!(await anchored(db, row))) return fail('its previous hash is neither the start of the chain nor the last hash of a purge checkpoint');
      } else if (row.audtPrevHash !== previous.audtHash) {
        return fail(`its previous hash does not match the hash of event ${previous.audtId}`);
      }
      const details = parseDetails(row.audtDetails);
      if (details === null) return fail('its details are not a JSON object');
      if (eventHash({ ...row, audtDetails: details }) !== row.audtHash) return fail('its hash does not match its contents');
      previous = row;
      events += 1;
    }
    if (batch.length < VERIFY_BATCH) return { ok: true, events };
  }
}

// --- reading --------------------------------------------------------------------------

export function toApiRow(row: repo.AuditDbRow): AuditEventRow {
  const outcome = (AUDIT_OUTCOMES as readonly string[]).includes(row.audtOutcome) ? (row.audtOutcome as AuditOutcome) : 'failure';
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

export async function listAudit(deps: AppDeps, raw: RawQuery): Promise<ListPayload<AuditEventRow>> {
  const { query, range } = parseAuditQuery(deps, raw);
  const { total, page } = await repo.listPage(deps.db, range, query, deps.config.businessTz);
  return { data: page.map(toApiRow), pagination: pagination(total, query), fields: fieldMeta(auditResource) };
}

/** The same list as batches of rows, for a page that may be large (modules/large-reads/large-page.ts). */
export function batchedAuditList(deps: AppDeps, raw: RawQuery): BatchedPage<repo.AuditDbRow, AuditEventRow, Omit<ListPayload<AuditEventRow>, 'data'>> {
  const { query, range } = parseAuditQuery(deps, raw);
  const plan = repo.listPlan(deps.db, range, query, deps.config.businessTz);
  return {
    max: query.max,
    read: (last, limit) => plan.read({ limit, last: last && positionOf(last, query, 'audtId') }),
    toApi: (row) => toApiRow(row),
    rest: async () => ({ pagination: pagination(await plan.count(), query), fields: fieldMeta(auditResource) }),
  };
}

/** One event; reading it is itself recorded (audit.viewed). */
export async function viewAudit(deps: AppDeps, context: AuditContext, audtId: number): Promise<AuditEventRow> {
  const row = await repo.findOne(deps.db, audtId);
  if (!row) throw new NotFound(`Audit event ${audtId} not found.`);
  await recordAudit(deps.db, deps.clock, context, { action: AUDIT_ACTIONS.auditViewed, target: { type: 'audit_event', id: audtId } });
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
    const purgedRows = await repo.deleteThrough(tx, through.audtId, iso(now));
    // The checkpoint follows the last event even when that one was purged too.
    const checkpoint = await append(tx, deps.clock, SYSTEM_AUDIT_CONTEXT, {
      action: AUDIT_ACTIONS.auditPurged,
      details: { purgedRows, throughId: through.audtId, lastPurgedHash: through.audtHash, before: cutoff, retentionDays: deps.config.auditRetentionDays },
    }, last);
    return { purgedRows, checkpointId: checkpoint.audtId };
  });
}
