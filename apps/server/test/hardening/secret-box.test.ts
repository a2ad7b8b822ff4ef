/** security/secret-box.ts: AES-256-GCM values `v1:<keyId>:<iv>:<tag>:<ciphertext>`, pure. */
import { describe, expect, it } from 'vitest';
import {
  isSealed,
  keyIdOf,
  keyIdOfValue,
  newDataKey,
  parseDataKey,
  SecretBox,
  SecretBoxError,
} from '../../src/security/secret-box.ts';

const A = Buffer.alloc(32, 1);
const B = Buffer.alloc(32, 2);
const CONTEXT = 'clients.clntSecret';
const FORMAT = /^v1:[0-9a-f]{8}:[A-Za-z0-9+/]{16}:[A-Za-z0-9+/]{22}==:[A-Za-z0-9+/]*={0,2}$/;

describe('secret box', () => {
  it('seals to the versioned text and opens it again', () => {
    const box = new SecretBox(A);
    for (const plain of ['demo-secret-1', '', 'ünïcødé 🔑', 'x'.repeat(100)]) {
      const sealed = box.seal(plain, CONTEXT);
      expect(sealed).toMatch(FORMAT);
      expect(sealed.startsWith(`v1:${keyIdOf(A)}:`)).toBe(true);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(box.open(sealed, CONTEXT)).toBe(plain);
      expect(isSealed(sealed)).toBe(true);
      expect(keyIdOfValue(sealed)).toBe(box.keyId);
      expect(box.isCurrent(sealed)).toBe(true);
    }
  });

  it('uses a new random 96-bit IV for every value', () => {
    const box = new SecretBox(A);
    const ivs = new Set(Array.from({ length: 50 }, () => box.seal('same', CONTEXT).split(':')[2]));
    expect(ivs.size).toBe(50);
    expect(Buffer.from([...ivs][0]!, 'base64')).toHaveLength(12);
  });

  it('returns a plain value (not starting with v1:) as it is', () => {
    const box = new SecretBox(A);
    expect(box.open('demo-secret-1', CONTEXT)).toBe('demo-secret-1');
    expect(isSealed('demo-secret-1')).toBe(false);
    expect(keyIdOfValue('demo-secret-1')).toBeNull();
  });

  it('opens values of the previous key, seals under the current one', () => {
    const old = new SecretBox(A).seal('s3cret', CONTEXT);
    const box = new SecretBox(B, [A]);
    expect(box.keyIds).toEqual([keyIdOf(B), keyIdOf(A)]);
    expect(box.open(old, CONTEXT)).toBe('s3cret');
    expect(box.isCurrent(old)).toBe(false);
    expect(keyIdOfValue(box.seal('s3cret', CONTEXT))).toBe(keyIdOf(B));
  });

  it('a wrong key gives a clear error naming the key the value needs, never garbage', () => {
    const sealed = new SecretBox(A).seal('s3cret', CONTEXT);
    const wrong = new SecretBox(B);
    expect(() => wrong.open(sealed, CONTEXT)).toThrow(SecretBoxError);
    expect(() => wrong.open(sealed, CONTEXT)).toThrow(
      `The value is sealed under data key ${keyIdOf(A)}, which is not one of the keys given (${keyIdOf(B)})`,
    );
    try {
      wrong.open(sealed, CONTEXT);
    } catch (error) {
      expect((error as SecretBoxError).keyId).toBe(keyIdOf(A));
    }
  });

  it('refuses an altered value, a value moved to another place, and a malformed one', () => {
    const box = new SecretBox(A);
    const sealed = box.seal('s3cret', CONTEXT);
    const [v, id, iv, tag, ct] = sealed.split(':') as [string, string, string, string, string];
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64');
    };
    for (const altered of [
      [v, id, iv, tag, flip(ct)],
      [v, id, flip(iv), tag, ct],
      [v, id, iv, flip(tag), ct],
    ]) {
      expect(() => box.open(altered.join(':'), CONTEXT)).toThrow(
        /does not open under data key .*: it was altered, or belongs to another place/,
      );
    }
    expect(() => box.open(sealed, 'users.usloPassword')).toThrow(/does not open under data key/);
    // Naming another key does not help: the id is authenticated with the value.
    const renamed = [v, keyIdOf(B), iv, tag, ct].join(':');
    expect(() => new SecretBox(B, [A]).open(renamed, CONTEXT)).toThrow(
      `The value does not open under data key ${keyIdOf(B)}`,
    );
    for (const bad of [
      'v1:',
      'v1:zz:a:b:c',
      `v1:${id}:${iv}:${tag}`,
      `v1:${id}:${iv}:${tag}:${ct}:extra`,
      `v1:${id}:AAAA:${tag}:${ct}`,
      `v1:${id}:${iv}:${tag}:@@@`,
    ]) {
      expect(() => box.open(bad, CONTEXT), bad).toThrow(SecretBoxError);
      expect(() => box.open(bad, CONTEXT), bad).toThrow(/not a well-formed sealed secret/);
    }
  });

  it('reads keys of 32 bytes as hex or base64, and nothing else', () => {
    const key = newDataKey();
    expect(key).toHaveLength(32);
    expect(parseDataKey(key.toString('hex'))).toEqual(key);
    expect(parseDataKey(key.toString('hex').toUpperCase())).toEqual(key);
    expect(parseDataKey(key.toString('base64'))).toEqual(key);
    expect(parseDataKey(`${key.toString('base64url')}\n`)).toEqual(key);
    for (const bad of [
      '',
      'short',
      Buffer.alloc(16).toString('base64'),
      Buffer.alloc(31).toString('hex'),
      Buffer.alloc(33).toString('base64'),
      'g'.repeat(64),
    ]) {
      expect(() => parseDataKey(bad), bad).toThrow(
        'must be 32 bytes written as 64 hex digits or 44 base64 characters',
      );
    }
    expect(() => new SecretBox(Buffer.alloc(16))).toThrow('A data key must be 32 bytes, not 16');
  });

  it('names a key by a stable 8-digit fingerprint that is not the key', () => {
    expect(keyIdOf(A)).toMatch(/^[0-9a-f]{8}$/);
    expect(keyIdOf(A)).toBe(keyIdOf(Buffer.from(A)));
    expect(keyIdOf(A)).not.toBe(keyIdOf(B));
    expect(A.toString('hex')).not.toContain(keyIdOf(A));
  });
});
