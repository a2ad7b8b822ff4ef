/** The bank's side of SNAP BI signatures (implemented here independently of the server's client). */
import { createHash, createHmac, timingSafeEqual, verify } from 'node:crypto';

export function verifyAsymmetric(
  publicKey: string,
  clientId: string,
  timestamp: string,
  signatureB64: string,
): boolean {
  try {
    return verify(
      'RSA-SHA256',
      Buffer.from(`${clientId}|${timestamp}`),
      publicKey,
      Buffer.from(signatureB64, 'base64'),
    );
  } catch {
    return false;
  }
}

export function expectedSymmetric(
  secret: string,
  method: string,
  path: string,
  token: string,
  rawBody: string,
  timestamp: string,
): string {
  let minified = rawBody;
  try {
    minified = JSON.stringify(JSON.parse(rawBody));
  } catch {
    // keep the raw text: the signature will simply not match
  }
  const hash = createHash('sha256').update(minified).digest('hex').toLowerCase();
  return createHmac('sha512', secret)
    .update(`${method}:${path}:${token}:${hash}:${timestamp}`)
    .digest('base64');
}

export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** '2026-05-01T10:00:00+07:00' in Asia/Jakarta. */
export function jakartaTimestamp(at: Date = new Date()): string {
  const local = new Date(at.getTime() + 7 * 3600_000).toISOString().slice(0, 19);
  return `${local}+07:00`;
}
