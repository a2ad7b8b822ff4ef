/**
 * The chain's hash. Canonical JSON of a value:
 *  - objects: members sorted by key (JavaScript string order, i.e. UTF-16 code units), recursively;
 *    members whose value is undefined are left out;
 *  - arrays keep their order; strings, numbers, true/false/null as JSON.stringify writes them;
 *  - no whitespace anywhere.
 * An event's hash is the lowercase hex SHA-256 of the UTF-8 canonical JSON of all its columns
 * except audtHash: audtId, audtAt (ISO-8601 UTC with milliseconds, as stored), the actor, company,
 * IP, user agent, action, target, outcome, audtDetails (the JSON object, not its text) and
 * audtPrevHash (the previous event's audtHash, or 64 zeros for the first). Absent values are null.
 */
import { createHash } from 'node:crypto';
import type { AuditEventsTable } from '../../db/tables.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) throw new Error('canonicalJson: numbers must be finite');
  if (typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

/** An event as hashed: the stored columns with the details parsed, without the hash. */
export type HashedFields = Omit<AuditEventsTable, 'audtDetails' | 'audtHash'> & { audtDetails: Record<string, JsonValue> };

export function eventHash(event: HashedFields): string {
  const fields: HashedFields = {
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
  return createHash('sha256').update(canonicalJson(fields), 'utf8').digest('hex');
}
