/**
 * The chain's hash. Canonical JSON of a value:
 *  - objects: members sorted by key (JavaScript string order, i.e. UTF-16 code units), recursively;
 *    members whose value is undefined are left out;
 *  - arrays keep their order; strings, numbers, true/false/null as JSON.stringify writes them;
 *  - no whitespace anywhere.
 * An event's hash is the lowercase hex HMAC-SHA256, under the event key of the data key named by
 * audtKeyId (chain-key.ts), of the UTF-8 canonical JSON of all its columns except audtHash: audtId,
 * audtAt (ISO-8601 UTC with milliseconds, as stored), the actor, company, IP, user agent, action,
 * target, outcome, audtDetails (the JSON object, not its text), audtPrevHash (the previous event's
 * audtHash, or 64 zeros for the first) and audtKeyId. Absent values are null.
 * An event written before the chain was keyed (audtKeyId null) keeps the hash it was written
 * with: the plain SHA-256 of the same canonical JSON without the audtKeyId member.
 *
 * An event recorded unsealed (audit_pending, sealer.ts) carries until it is sealed a MAC of its
 * own: HMAC-SHA256 under the event key of its pndgKeyId over the canonical JSON of
 * `{ unsealed: true, audtAt, …, audtDetails, audtKeyId }` (the hashed columns without id and
 * previous hash, which the sealer gives it).
 */
import { createHash, createHmac } from 'node:crypto';
import type { AuditEventsTable } from '../../db/tables.ts';

export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value))
    throw new Error('canonicalJson: numbers must be finite');
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** An event as hashed: the stored columns with the details parsed, without the hash. */
export type HashedFields = Omit<AuditEventsTable, 'audtDetails' | 'audtHash'> & {
  audtDetails: Record<string, JsonValue>;
};

/** The signed hash of a keyed event (`key`: the event key of the data key named by audtKeyId). */
export function eventHash(event: HashedFields, key: Buffer): string {
  if (event.audtKeyId === null) throw new Error('eventHash: a keyed event names its key');
  return createHmac('sha256', key)
    .update(canonicalJson({ ...hashedFields(event), audtKeyId: event.audtKeyId }), 'utf8')
    .digest('hex');
}

/** The hash of an event of the chain before it was keyed (audtKeyId null). */
export function legacyEventHash(event: HashedFields): string {
  return createHash('sha256')
    .update(canonicalJson(hashedFields(event)), 'utf8')
    .digest('hex');
}

/** The hashed columns in a fixed shape, without audtKeyId (which only a keyed event's hash covers). */
function hashedFields(event: HashedFields): Omit<HashedFields, 'audtKeyId'> {
  return {
    audtId: event.audtId,
    audtAt: event.audtAt,
    audtActorUserId: event.audtActorUserId,
    audtActorUsername: event.audtActorUsername,
    audtCompId: event.audtCompId,
    audtIp: event.audtIp,
    audtUserAgent: event.audtUserAgent,
    audtAction: event.audtAction,
    audtTargetType: event.audtTargetType,
    audtTargetId: event.audtTargetId,
    audtOutcome: event.audtOutcome,
    audtDetails: event.audtDetails,
    audtPrevHash: event.audtPrevHash,
  };
}

/** An unsealed event's content: the hashed columns without the chain's (id, previous hash, key id). */
export type UnsealedFields = Omit<HashedFields, 'audtId' | 'audtPrevHash' | 'audtKeyId'>;

/** The MAC an unsealed event carries until the sealer chains it (`key`: the event key of `keyId`). */
export function unsealedMac(event: UnsealedFields, keyId: string, key: Buffer): string {
  const {
    audtAt,
    audtActorUserId,
    audtActorUsername,
    audtCompId,
    audtIp,
    audtUserAgent,
    audtAction,
    audtTargetType,
    audtTargetId,
    audtOutcome,
    audtDetails,
  } = event;
  const content = {
    audtAt,
    audtActorUserId,
    audtActorUsername,
    audtCompId,
    audtIp,
    audtUserAgent,
    audtAction,
    audtTargetType,
    audtTargetId,
    audtOutcome,
    audtDetails,
  };
  return createHmac('sha256', key)
    .update(canonicalJson({ unsealed: true, ...content, audtKeyId: keyId }), 'utf8')
    .digest('hex');
}
