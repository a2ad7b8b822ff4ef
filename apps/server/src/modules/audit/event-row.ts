/**
 * How an event becomes a row: its content (text cut as both databases store it, details redacted),
 * then either chained (id, previous hash, keyed hash: under the chain's lock) or unsealed (a MAC of
 * its own, for audit_pending; the sealer chains it later with the same content).
 */
import { AUDIT_GENESIS_HASH, type AuditAction, type AuditOutcome } from '@tagih/contract';
import type { Insertable } from 'kysely';
import { iso, type Clock } from '../../clock.ts';
import type { AuditEventsTable, AuditPendingTable } from '../../db/tables.ts';
import type { AuditContext } from '../../shared/audit-context.ts';
import { auditKeys } from './chain-key.ts';
import { redact } from './details.ts';
import {
  canonicalJson,
  eventHash,
  unsealedMac,
  type HashedFields,
  type JsonValue,
  type UnsealedFields,
} from './hash.ts';

export interface AuditEvent {
  action: AuditAction;
  /** Default 'success'. */
  outcome?: AuditOutcome;
  target?: { type: string; id: string | number } | null;
  /** Any JSON-able object; sensitive keys are redacted before it is stored (details.ts). */
  details?: Record<string, unknown>;
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

/** What an event says, as it is stored and hashed. */
export function eventContent(
  clock: Clock,
  context: AuditContext,
  event: AuditEvent,
): UnsealedFields {
  return {
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
  };
}

export type ChainLink = Pick<AuditEventsTable, 'audtId' | 'audtHash'>;

/** The row of `content` chained after `tail`, signed under the current key (the chain lock must be held). */
export function chainedRow(content: UnsealedFields, tail: ChainLink | undefined): AuditEventsTable {
  const keys = auditKeys();
  const fields: HashedFields = {
    audtId: (tail?.audtId ?? 0) + 1,
    ...content,
    audtPrevHash: tail?.audtHash ?? AUDIT_GENESIS_HASH,
    audtKeyId: keys.currentId,
  };
  return {
    ...fields,
    audtDetails: canonicalJson(fields.audtDetails),
    audtHash: eventHash(fields, keys.events.get(keys.currentId)!),
  };
}

/** The audit_pending row of `content`, with its MAC under the current key. */
export function unsealedRow(content: UnsealedFields): Insertable<AuditPendingTable> {
  const keys = auditKeys();
  return {
    pndgAt: content.audtAt,
    pndgActorUserId: content.audtActorUserId,
    pndgActorUsername: content.audtActorUsername,
    pndgCompId: content.audtCompId,
    pndgIp: content.audtIp,
    pndgUserAgent: content.audtUserAgent,
    pndgAction: content.audtAction,
    pndgTargetType: content.audtTargetType,
    pndgTargetId: content.audtTargetId,
    pndgOutcome: content.audtOutcome,
    pndgDetails: canonicalJson(content.audtDetails),
    pndgKeyId: keys.currentId,
    pndgMac: unsealedMac(content, keys.currentId, keys.events.get(keys.currentId)!),
  };
}
