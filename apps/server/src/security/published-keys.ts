/**
 * RSA keys whose private half is public: the worked examples of docs/protocols.md (the bank's and
 * the merchant's token examples print both halves, so that anyone can check a signature by hand).
 * Whoever reads the documentation holds them, so no credentials are issued for them: a merchant's
 * API access (modules/snap/merchant-access/merchant-access.ts) and a bank's inbound key (BANK_CONFIG_FILE) with one
 * of these is refused. One list, of SHA-256 fingerprints of the keys' SPKI DER form; a test
 * (test/snap/published-keys.test.ts) checks that every key printed in docs/ is on it.
 */
import { createHash, createPublicKey, type KeyObject } from 'node:crypto';

/** `SHA256:<base64>` of the SPKI DER of each key printed in the documentation. */
export const PUBLISHED_KEY_FINGERPRINTS: ReadonlySet<string> = new Set([
  // docs/protocols.md, "SNAP BI: what banks send us": the bank's example key (bri-to-tagih).
  'SHA256:yLe6Ouy7Mh14ZdY7JYRkXiCyALSaSrZysHyhr0RvGhQ=',
  // docs/protocols.md, "SNAP BI: what merchants send us": the merchant's example key (merchant-1-5f2c8a9e0b1d),
  // once also committed as key.json at the repository's root.
  'SHA256:H/z8X6IOXFnpo1gEPvpdU4I8wSHhem704Y5+Crp20og=',
]);

export const PUBLISHED_KEY_MESSAGE =
  'This key is a published example (docs/protocols.md): its private half is public, so anyone could sign with it. Make a new RSA key pair and register its public half.';

/** The key's fingerprint, as the audit trail shows it: `SHA256:` and the base64 SHA-256 of its SPKI DER form. */
export function keyFingerprint(key: KeyObject | string): string {
  const publicKey =
    typeof key === 'string'
      ? createPublicKey(key)
      : key.type === 'private'
        ? createPublicKey(key)
        : key;
  return `SHA256:${createHash('sha256')
    .update(publicKey.export({ type: 'spki', format: 'der' }))
    .digest('base64')}`;
}

/** True when the key (public, or the public half of a private key) is one the documentation prints. */
export const isPublishedKey = (key: KeyObject | string): boolean =>
  PUBLISHED_KEY_FINGERPRINTS.has(keyFingerprint(key));
