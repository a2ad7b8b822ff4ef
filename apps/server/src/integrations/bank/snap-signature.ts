/** SNAP BI signatures, timestamps and external ids (protocol doc "SNAP BI, the parts we use"). */
import { createHash, createHmac, randomInt, sign } from 'node:crypto';

/** base64(SHA256withRSA(privateKey, clientId + "|" + timestamp)): the access-token call. */
export function asymmetricSignature(
  privateKey: string,
  clientId: string,
  timestamp: string,
): string {
  return sign('RSA-SHA256', Buffer.from(`${clientId}|${timestamp}`), privateKey).toString('base64');
}

/** METHOD:path:token:lowercase(hex(sha256(minified body))):timestamp, HMAC-SHA512 with the client secret. */
export function symmetricSignature(opts: {
  method: string;
  relativePath: string;
  accessToken: string;
  minifiedBody: string;
  timestamp: string;
  clientSecret: string;
}): string {
  const bodyHash = createHash('sha256').update(opts.minifiedBody).digest('hex').toLowerCase();
  const stringToSign = `${opts.method.toUpperCase()}:${opts.relativePath}:${opts.accessToken}:${bodyHash}:${opts.timestamp}`;
  return createHmac('sha512', opts.clientSecret).update(stringToSign).digest('base64');
}

/** ISO 8601 with the zone's offset, e.g. '2026-05-01T10:00:00+07:00'. */
export function snapTimestamp(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const local = `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}:${get('second')}`;
  const offset = Math.round(
    (Date.parse(`${local}Z`) - Math.floor(instant.getTime() / 1000) * 1000) / 60_000,
  );
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${local}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

/** A numeric X-EXTERNAL-ID, new for every call: milliseconds + 9 random digits (22 chars). */
export function newExternalId(now: Date = new Date()): string {
  return `${now.getTime()}${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}
