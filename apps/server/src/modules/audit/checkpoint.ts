/**
 * Head checkpoints: the chain's last event (id and hash) signed with the checkpoint key
 * (chain-key.ts) and the time, published where the database cannot rewrite it: one JSON log
 * line (`auditCheckpoint`) at start and every housekeeping hour, and the metric
 * `tagih_audit_checkpoint_head_id` (ops/metrics.ts). `audit:verify --checkpoint '<json>'` (or
 * `--head <id>:<hash>`) then fails when the chain no longer reaches that head: a cut tail.
 *
 * The MAC is HMAC-SHA256 over `<headId>:<headHash>:<at>`, so a checkpoint line cannot be made up
 * or moved to another head without the key.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AUDIT_GENESIS_HASH } from '@tagih/contract';
import { iso } from '../../clock.ts';
import type { AppDeps } from '../../deps.ts';
import { auditKeys, type AuditKeys } from './chain-key.ts';
import * as repo from './repo.ts';
import type { ChainHead } from './service.ts';

export interface AuditCheckpoint {
  headId: number;
  headHash: string;
  /** When the head was read (ISO-8601 UTC). */
  at: string;
  /** The data key id whose checkpoint key made `mac`. */
  keyId: string;
  mac: string;
}

const macOf = (key: Buffer, headId: number, headHash: string, at: string): string =>
  createHmac('sha256', key).update(`${headId}:${headHash}:${at}`, 'utf8').digest('hex');

export function signCheckpoint(
  head: ChainHead,
  at: string,
  keys: AuditKeys = auditKeys(),
): AuditCheckpoint {
  return {
    headId: head.id,
    headHash: head.hash,
    at,
    keyId: keys.currentId,
    mac: macOf(keys.checkpoints.get(keys.currentId)!, head.id, head.hash, at),
  };
}

/** The head a signed checkpoint names, or why it cannot be believed. */
export function checkpointHead(
  value: unknown,
  keys: AuditKeys = auditKeys(),
): { head: ChainHead } | { error: string } {
  const cp = (
    typeof value === 'object' && value !== null && 'auditCheckpoint' in value
      ? value.auditCheckpoint
      : value
  ) as Partial<AuditCheckpoint> | null;
  if (
    typeof cp !== 'object' ||
    cp === null ||
    !Number.isSafeInteger(cp.headId) ||
    cp.headId! < 0 ||
    typeof cp.headHash !== 'string' ||
    !/^[0-9a-f]{64}$/.test(cp.headHash) ||
    typeof cp.at !== 'string' ||
    typeof cp.keyId !== 'string' ||
    typeof cp.mac !== 'string' ||
    !/^[0-9a-f]{64}$/.test(cp.mac)
  ) {
    return { error: 'not a checkpoint: { headId, headHash, at, keyId, mac } expected' };
  }
  const key = keys.checkpoints.get(cp.keyId);
  if (!key)
    return { error: `the checkpoint is signed under data key ${cp.keyId}, which is not given` };
  const expected = Buffer.from(macOf(key, cp.headId!, cp.headHash, cp.at), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(cp.mac, 'hex')))
    return { error: 'the checkpoint signature does not match: it was altered or made up' };
  return { head: { id: cp.headId!, hash: cp.headHash } };
}

/** `<id>:<hash>` as an operator copies it from a checkpoint, or null. */
export function parseHead(text: string): ChainHead | null {
  const m = /^(\d{1,15}):([0-9a-f]{64})$/.exec(text.trim());
  return m ? { id: Number(m[1]), hash: m[2]! } : null;
}

export interface CheckpointLog {
  info(fields: object, message: string): void;
}

/** Reads the head, signs it, logs the checkpoint line and sets the metric; returns the checkpoint. */
export async function publishAuditCheckpoint(
  deps: Pick<AppDeps, 'db' | 'clock' | 'metrics'>,
  log: CheckpointLog,
): Promise<AuditCheckpoint> {
  const tail = await repo.lastEvent(deps.db);
  const checkpoint = signCheckpoint(
    { id: tail?.audtId ?? 0, hash: tail?.audtHash ?? AUDIT_GENESIS_HASH },
    iso(deps.clock.now()),
  );
  log.info({ auditCheckpoint: checkpoint }, 'audit checkpoint');
  deps.metrics?.setAuditCheckpoint(checkpoint);
  return checkpoint;
}
