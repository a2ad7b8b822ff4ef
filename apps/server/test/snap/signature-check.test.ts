// The signatures are computed here from the written recipe (docs/protocols.md), not with the
// server's own signing helper, so that a wrong recipe on both sides cannot pass.
import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  minifyJsonText,
  sameSecret,
  serviceSignatureIsValid,
  timestampIsFresh,
  tokenSignatureIsValid,
} from '../../src/modules/snap/caller/signature-check.ts';

const SECRET = 'bank-client-secret-0123456789';
const TOKEN = 'token-abc';
const TIMESTAMP = '2026-11-20T10:00:00+07:00';

function recipe(method: string, path: string, body: string): string {
  const minified = body.replace(/\s+(?=(?:[^"\\]|\\.|"(?:[^"\\]|\\.)*")*$)/g, '');
  const hash = createHash('sha256').update(minified).digest('hex');
  return createHmac('sha512', SECRET)
    .update(`${method}:${path}:${TOKEN}:${hash}:${TIMESTAMP}`)
    .digest('base64');
}

describe('SNAP signatures of inbound calls', () => {
  const path = '/snap/v1.0/transfer-va/payment';
  const body =
    '{\n  "partnerServiceId": "   77001",\n  "note": "a/b \\"x y\\"",\n  "paidAmount": {"value": "150000.00", "currency": "IDR"}\n}';

  it('minifies whitespace outside strings only, keeping escapes and key order as sent', () => {
    expect(minifyJsonText(body)).toBe(
      '{"partnerServiceId":"   77001","note":"a/b \\"x y\\"","paidAmount":{"value":"150000.00","currency":"IDR"}}',
    );
    expect(minifyJsonText('{"a":"\\u002F","b":1.50}')).toBe('{"a":"\\u002F","b":1.50}');
  });

  it('accepts a service call signed by the recipe over the bytes sent, and refuses any change', () => {
    const signature = recipe('POST', path, body);
    const call = {
      method: 'POST',
      path,
      accessToken: TOKEN,
      rawBody: body,
      timestamp: TIMESTAMP,
      clientSecret: SECRET,
      signature,
    };
    expect(serviceSignatureIsValid(call)).toBe(true);
    expect(
      serviceSignatureIsValid({ ...call, rawBody: body.replace('150000.00', '150000.01') }),
    ).toBe(false);
    expect(serviceSignatureIsValid({ ...call, path: '/snap/v1.0/transfer-va/inquiry' })).toBe(
      false,
    );
    expect(serviceSignatureIsValid({ ...call, accessToken: 'other' })).toBe(false);
    expect(serviceSignatureIsValid({ ...call, clientSecret: 'other' })).toBe(false);
    expect(serviceSignatureIsValid({ ...call, signature: '' })).toBe(false);
    // A body re-serialised by a parser is not what was signed when escapes differ.
    const escaped = '{"note":"a\\/b"}';
    const signedEscaped = recipe('POST', path, escaped);
    expect(serviceSignatureIsValid({ ...call, rawBody: escaped, signature: signedEscaped })).toBe(
      true,
    );
    expect(
      serviceSignatureIsValid({
        ...call,
        rawBody: JSON.stringify(JSON.parse(escaped)),
        signature: signedEscaped,
      }),
    ).toBe(false);
  });

  it('checks the access-token signature with the caller public key', () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const signature = sign('RSA-SHA256', Buffer.from(`bank-bri|${TIMESTAMP}`), privateKey).toString(
      'base64',
    );
    expect(tokenSignatureIsValid(pem, 'bank-bri', TIMESTAMP, signature)).toBe(true);
    expect(tokenSignatureIsValid(pem, 'bank-bjb', TIMESTAMP, signature)).toBe(false);
    expect(tokenSignatureIsValid(pem, 'bank-bri', '2026-11-20T10:00:01+07:00', signature)).toBe(
      false,
    );
    expect(tokenSignatureIsValid('not a key', 'bank-bri', TIMESTAMP, signature)).toBe(false);
  });

  it('takes a timestamp within five minutes of now, in any offset, and nothing malformed', () => {
    const now = new Date('2026-11-20T03:00:00Z');
    expect(timestampIsFresh('2026-11-20T10:04:59+07:00', now)).toBe(true);
    expect(timestampIsFresh('2026-11-20T02:55:00Z', now)).toBe(true);
    expect(timestampIsFresh('2026-11-20T10:05:01+07:00', now)).toBe(false);
    expect(timestampIsFresh('2026-11-20 10:00:00', now)).toBe(false);
    expect(timestampIsFresh('1763607600', now)).toBe(false);
  });

  it('compares secrets of different lengths without throwing', () => {
    expect(sameSecret('abc', 'abc')).toBe(true);
    expect(sameSecret('abc', 'abcd')).toBe(false);
  });
});
