/**
 * The audit chain's keys: derived from the data key (security/data-key.ts) with HKDF under fixed
 * labels, one for the events' HMAC and one for the head checkpoints, never stored anywhere. Every
 * key the data key box opens is here by its data key id (DATA_KEY, then DATA_KEY_PREVIOUS), so
 * events signed before a rotation still verify while the previous key is given.
 *
 * One set per process: the server installs it at start (main.ts) before anything is recorded,
 * the CLIs before they verify. Recording without it is refused, never done unkeyed.
 */
import type { SecretBox } from '../../security/secret-box.ts';

export const AUDIT_EVENT_KEY_LABEL = 'tagih audit chain v1';
export const AUDIT_CHECKPOINT_KEY_LABEL = 'tagih audit checkpoint v1';

export interface AuditKeys {
  /** The data key id new events and checkpoints are signed under. */
  readonly currentId: string;
  /** Event HMAC keys by data key id. */
  readonly events: ReadonlyMap<string, Buffer>;
  /** Checkpoint HMAC keys by data key id. */
  readonly checkpoints: ReadonlyMap<string, Buffer>;
}

export function auditKeysOf(box: SecretBox): AuditKeys {
  return {
    currentId: box.keyId,
    events: box.derive(AUDIT_EVENT_KEY_LABEL),
    checkpoints: box.derive(AUDIT_CHECKPOINT_KEY_LABEL),
  };
}

let installed: AuditKeys | null = null;

/** Makes `box`'s keys the ones this process signs and verifies the chain with; returns them. */
export function installAuditKeys(box: SecretBox): AuditKeys {
  installed = auditKeysOf(box);
  return installed;
}

/** The installed keys; throws when none were installed (nothing may be recorded unkeyed). */
export function auditKeys(): AuditKeys {
  if (!installed)
    throw new Error(
      'The audit chain key is not loaded: installAuditKeys(data key box) must run before an event is recorded.',
    );
  return installed;
}

/** The keys a verification uses: the given set, else the installed one. */
export const keysForVerify = (given?: AuditKeys): AuditKeys => given ?? auditKeys();
