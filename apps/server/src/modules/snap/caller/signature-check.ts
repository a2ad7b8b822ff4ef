/**
 * Checking the SNAP BI signatures of calls made to us (banks and merchants), with the same
 * recipes we sign our own calls with (integrations/bank/snap-signature.ts). A service call's
 * signature covers the body as received: minified (whitespace outside strings removed, nothing
 * reordered or re-escaped), never a parsed and re-serialised copy, whose escapes and number forms
 * would differ from what the caller signed.
 */
import { timingSafeEqual, verify } from 'node:crypto';
import { symmetricSignature } from '../../../integrations/bank/snap-signature.ts';

/** How far a caller's X-TIMESTAMP may be from our clock. */
export const TIMESTAMP_TOLERANCE_MS = 5 * 60_000;

/** SNAP's X-TIMESTAMP: ISO 8601 with seconds and an offset (or Z), milliseconds allowed. */
const SNAP_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?(?:Z|[+-]\d{2}:\d{2})$/;

/** The JSON text without the whitespace outside its strings; everything else byte for byte. */
export function minifyJsonText(raw: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < raw.length; i += 1) {
    const ch = raw[i]!;
    if (inString) {
      out += ch;
      if (ch === '\\') {
        out += raw[i + 1] ?? '';
        i += 1;
      } else if (ch === '"') {
        inString = false;
      }
    } else if (ch === '"') {
      inString = true;
      out += ch;
    } else if (ch !== ' ' && ch !== '\n' && ch !== '\r' && ch !== '\t') {
      out += ch;
    }
  }
  return out;
}

/** Equal texts, compared in time that does not depend on where they differ. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given, 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether X-TIMESTAMP is well formed and within the tolerance of `now`. */
export function timestampIsFresh(timestamp: string, now: Date): boolean {
  if (!SNAP_TIMESTAMP.test(timestamp)) return false;
  const at = Date.parse(timestamp);
  return Number.isFinite(at) && Math.abs(at - now.getTime()) <= TIMESTAMP_TOLERANCE_MS;
}

/** The access-token call: base64 SHA256withRSA over `clientId|timestamp`, with the caller's registered public key. */
export function tokenSignatureIsValid(
  publicKeyPem: string,
  clientId: string,
  timestamp: string,
  signatureBase64: string,
): boolean {
  try {
    return verify(
      'RSA-SHA256',
      Buffer.from(`${clientId}|${timestamp}`, 'utf8'),
      publicKeyPem,
      Buffer.from(signatureBase64, 'base64'),
    );
  } catch {
    return false; // a key or signature that cannot be read is simply not a valid signature
  }
}

/** A service call: base64 HMAC-SHA512 with the caller's client secret over METHOD:path:token:sha256(minified body):timestamp. */
export function serviceSignatureIsValid(call: {
  method: string;
  /** The request path without host and query. */
  path: string;
  accessToken: string;
  rawBody: string;
  timestamp: string;
  clientSecret: string;
  signature: string;
}): boolean {
  const expected = symmetricSignature({
    method: call.method,
    relativePath: call.path,
    accessToken: call.accessToken,
    minifiedBody: minifyJsonText(call.rawBody),
    timestamp: call.timestamp,
    clientSecret: call.clientSecret,
  });
  return sameSecret(call.signature, expected);
}
