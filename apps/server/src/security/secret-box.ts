/**
 * Secrets at rest (the merchants' signing secrets): AES-256-GCM under the data key, a random
 * 96-bit IV per value, stored as one versioned text
 *
 *   v1:<keyId>:<iv>:<tag>:<ciphertext>      (iv, tag and ciphertext in base64)
 *
 * `keyId` is a short fingerprint of the key (not the key), so a value names the key that opens
 * it and a rotation can tell what is left to re-encrypt. The additional authenticated data binds
 * a value to its version, its key id and its place (e.g. `clients.clntSecret`): a value copied
 * into another column, or altered in any bit, does not open. A value not starting with `v1:` is
 * a plain value written before encryption (or by hand): `open` returns it as it is and callers
 * seal it (security/client-secrets.ts). Pure: no I/O, no configuration.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export const SEALED_PREFIX = 'v1:';
export const DATA_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const CIPHER = 'aes-256-gcm';

/** A value that cannot be opened: unknown key, altered, or not a sealed value at all. */
export class SecretBoxError extends Error {
  /** The key id the value names, when it names one. */
  readonly keyId: string | null;
  constructor(message: string, keyId: string | null = null) {
    super(message);
    this.name = 'SecretBoxError';
    this.keyId = keyId;
  }
}

/** A 32-byte key written as 64 hex digits or as base64 (standard or URL-safe, padding optional). */
export function parseDataKey(text: string): Buffer {
  const t = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(t)) key = Buffer.from(t, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(t)) key = Buffer.from(t, 'base64');
  if (!key || key.length !== DATA_KEY_BYTES) {
    throw new Error(
      'must be 32 bytes written as 64 hex digits or 44 base64 characters (make one with: openssl rand -base64 32)',
    );
  }
  return key;
}

/** A new random key. */
export const newDataKey = (): Buffer => randomBytes(DATA_KEY_BYTES);

/** The key's fingerprint as values name it: 8 hex digits of a SHA-256 over a label and the key. */
export function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('tagih data key id\0').update(key).digest('hex').slice(0, 8);
}

export const isSealed = (stored: string): boolean => stored.startsWith(SEALED_PREFIX);

/** The key id a sealed value names, or null for a plain or malformed value. */
export function keyIdOfValue(stored: string): string | null {
  if (!isSealed(stored)) return null;
  const id = stored.split(':')[1];
  return id && /^[0-9a-f]{8}$/.test(id) ? id : null;
}

const B64 = /^[A-Za-z0-9+/]*={0,2}$/;
const aad = (keyId: string, context: string) =>
  Buffer.from(`${SEALED_PREFIX}${keyId}:${context}`, 'utf8');

export class SecretBox {
  /** The id of the key new values are sealed under. */
  readonly keyId: string;
  private readonly keys = new Map<string, Buffer>();

  /** `current` seals and opens; each of `previous` only opens (values from before a rotation). */
  constructor(current: Buffer, previous: readonly Buffer[] = []) {
    for (const key of [current, ...previous]) {
      if (key.length !== DATA_KEY_BYTES)
        throw new Error(`A data key must be ${DATA_KEY_BYTES} bytes, not ${key.length}`);
    }
    this.keyId = keyIdOf(current);
    this.keys.set(this.keyId, current);
    for (const key of previous) if (!this.keys.has(keyIdOf(key))) this.keys.set(keyIdOf(key), key);
  }

  /** The ids of every key this box opens, the current one first. */
  get keyIds(): string[] {
    return [...this.keys.keys()];
  }

  /** Seals a plain value for `context` (the column it is stored in) under the current key. */
  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(CIPHER, this.keys.get(this.keyId)!, iv, {
      authTagLength: TAG_BYTES,
    });
    cipher.setAAD(aad(this.keyId, context));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return `${SEALED_PREFIX}${this.keyId}:${iv.toString('base64')}:${tag.toString('base64')}:${ciphertext.toString('base64')}`;
  }

  /** The plain value; a value that is not sealed is returned as it is. Throws SecretBoxError when it cannot be opened. */
  open(stored: string, context: string): string {
    if (!isSealed(stored)) return stored;
    const parts = stored.split(':');
    const [, keyId = '', ivText = '', tagText = '', ctText = ''] = parts;
    if (
      parts.length !== 5 ||
      !/^[0-9a-f]{8}$/.test(keyId) ||
      ![ivText, tagText, ctText].every((p) => B64.test(p))
    ) {
      throw new SecretBoxError(
        'The value is not a well-formed sealed secret (v1:<keyId>:<iv>:<tag>:<ciphertext>)',
      );
    }
    const iv = Buffer.from(ivText, 'base64');
    const tag = Buffer.from(tagText, 'base64');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new SecretBoxError(
        'The value is not a well-formed sealed secret (IV or tag of the wrong size)',
        keyId,
      );
    }
    const key = this.keys.get(keyId);
    if (!key) {
      throw new SecretBoxError(
        `The value is sealed under data key ${keyId}, which is not one of the keys given (${this.keyIds.join(', ')})`,
        keyId,
      );
    }
    try {
      const decipher = createDecipheriv(CIPHER, key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(aad(keyId, context));
      decipher.setAuthTag(tag);
      return Buffer.concat([
        decipher.update(Buffer.from(ctText, 'base64')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        `The value does not open under data key ${keyId}: it was altered, or belongs to another place than ${context}`,
        keyId,
      );
    }
  }

  /**
   * A key for another purpose derived from each data key (HKDF-SHA256, empty salt, `label` as its
   * info), by the data key's id, the current one first. The data keys themselves never leave the box.
   */
  derive(label: string): Map<string, Buffer> {
    const derived = new Map<string, Buffer>();
    for (const [id, key] of this.keys)
      derived.set(id, Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), label, DATA_KEY_BYTES)));
    return derived;
  }

  /** True when the value is sealed under the current key (nothing left to do for a rotation). */
  isCurrent(stored: string): boolean {
    return keyIdOfValue(stored) === this.keyId;
  }
}
