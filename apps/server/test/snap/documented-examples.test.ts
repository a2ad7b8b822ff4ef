/**
 * The worked signature examples of docs/protocols.md ("SNAP BI: what banks send us", "what
 * merchants send us") are true: read from the document, the server accepts them (the test clock
 * stands at their X-TIMESTAMP), and the merchants' calls answer what the document says they answer.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealClientApiSecret } from '../../src/security/client-api-secrets.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';

const doc = readFileSync(new URL('../../../../docs/protocols.md', import.meta.url), 'utf8');
const section = doc.slice(
  doc.indexOf('## SNAP BI: what banks send us'),
  doc.indexOf('## SNAP BI: what merchants send us'),
);
const merchants = doc.slice(
  doc.indexOf('## SNAP BI: what merchants send us'),
  doc.indexOf('## Merchant notification'),
);
const must = (m: RegExpExecArray | null, what: string): string => {
  if (!m?.[1]) throw new Error(`docs/protocols.md: no ${what}`);
  return m[1];
};
const TIMESTAMP = '2026-11-20T10:00:00+07:00';
const publicKey = must(
  /(-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----)/.exec(section),
  'public key',
);
const tokenSignature = must(
  /-----END PUBLIC KEY-----\nX-SIGNATURE = (\S+)/.exec(section),
  'token signature',
);
const clientSecret = must(/`clientSecret` = `([^`]+)`/.exec(section), 'client secret');
const accessToken = must(/`accessToken` = `([^`]+)`/.exec(section), 'access token');

function serviceExample(path: string, text = section) {
  const from = text.indexOf(`stringToSign = POST:${path}:`);
  if (from < 0) throw new Error(`docs/protocols.md: no example of ${path}`);
  const before = text.slice(0, from);
  const after = text.slice(from);
  const body = before.slice(before.lastIndexOf('```\n{') + 4, before.lastIndexOf('}\n```') + 1);
  const answer = /Answer:\n+```\n(\{[\s\S]*?\})\n```/.exec(after)?.[1];
  return {
    body,
    signature: must(/X-SIGNATURE {2}= (\S+)/.exec(after), `signature of ${path}`),
    answer,
  };
}

const headersOf = (token: string, partnerId: string) => (sig: string) => ({
  'content-type': 'application/json',
  authorization: `Bearer ${token}`,
  'x-timestamp': TIMESTAMP,
  'x-signature': sig,
  'x-partner-id': partnerId,
  'x-external-id': `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
  'channel-id': '95221',
});
const tamper = (signature: string) => signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));

describe.each(DIALECTS)('the documented SNAP examples (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, {
      snapPartners: [{ bank: 'BRI', clientId: 'bri-to-tagih', publicKey, clientSecret }],
    });
    expect(ctx.clock.now().toISOString()).toBe(new Date(TIMESTAMP).toISOString());
  });
  afterAll(async () => ctx?.close());

  it('the token example is accepted', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/snap/v1.0/access-token/b2b',
      headers: {
        'content-type': 'application/json',
        'x-client-key': 'bri-to-tagih',
        'x-timestamp': TIMESTAMP,
        'x-signature': tokenSignature,
      },
      payload: '{"grantType":"client_credentials"}',
    });
    expect(res.json().responseCode).toBe('2007300');
  });

  it.each([
    '/snap/v1.0/transfer-va/inquiry',
    '/snap/v1.0/transfer-va/payment',
    '/snap/v1.0/qr/qr-mpm-notify',
  ])('the service example of %s passes the signature check', async (path) => {
    // The documented token, as if we had issued it.
    await ctx.db.kysely
      .insertInto('snap_access_tokens')
      .values({
        sntkTokenHash: createHash('sha256').update(accessToken).digest('hex'),
        sntkClientId: 'bri-to-tagih',
        sntkCreatedAt: ctx.clock.now().toISOString(),
        sntkExpiresAt: '2026-11-20T03:15:00.000Z',
      })
      .onConflict((oc) => oc.column('sntkTokenHash').doNothing())
      .execute();
    const { body, signature } = serviceExample(path);
    const headers = headersOf(accessToken, 'bri-to-tagih');
    const res = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: headers(signature),
      payload: body,
    });
    expect(res.statusCode).not.toBe(401); // the bill is not in the demo data: 404, but only after the signature passed
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: path,
      headers: headers(tamper(signature)),
      payload: body,
    });
    expect(tampered.statusCode).toBe(401);
  });
});

const merchant = {
  clientId: must(/`X-CLIENT-KEY: ([^`]+)`/.exec(merchants), 'merchant client id'),
  publicKey: must(
    /(-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----)/.exec(merchants),
    'merchant public key',
  ),
  tokenSignature: must(
    /-----END PUBLIC KEY-----\nX-SIGNATURE = (\S+)/.exec(merchants),
    'merchant token signature',
  ),
  clientSecret: must(/`clientSecret` = `([^`]+)`/.exec(merchants), 'merchant client secret'),
  accessToken: must(/`accessToken` = `([^`]+)`/.exec(merchants), 'merchant access token'),
};
/** The acquirer the QRIS example names: "`ID.CO.…`, PAN `…`, NMID `…`, criteria `…`, MCC `…`". */
const acquirer =
  /`(ID\.CO\.[A-Z.]+)`, PAN `(\d+)`,\s+NMID `(\w+)`, criteria `(\w+)`, MCC `(\d+)`/.exec(merchants);

describe.each(DIALECTS)('the documented merchant SNAP examples (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    if (!acquirer) throw new Error('docs/protocols.md: no acquirer of the QRIS example');
    const box = new SecretBox(newDataKey());
    const bri = {
      bank: 'BRI',
      clientId: 'bri-to-tagih',
      publicKey,
      clientSecret,
      partnerServiceId: '   77001',
      merchantId: 'BRI-MID-0001',
      qris: {
        acquirerDomain: acquirer[1]!,
        merchantPan: acquirer[2]!,
        nmid: acquirer[3]!,
        criteria: acquirer[4]! as 'UMI',
        mcc: acquirer[5]!,
      },
    };
    ctx = await createTestContext(dialect, { snapPartners: [bri], secretBox: box });
    // Client 1 (PT Toko Maju) with the documented credentials and token, as if given and issued.
    const { compClientId } = await ctx.db.kysely
      .selectFrom('companies')
      .select('compClientId')
      .where('compName', '=', 'PT Toko Maju')
      .executeTakeFirstOrThrow();
    const at = ctx.clock.now().toISOString();
    await ctx.db.kysely
      .insertInto('client_snap_credentials')
      .values({
        clsnClntId: compClientId!,
        clsnClientId: merchant.clientId,
        clsnPublicKey: merchant.publicKey,
        clsnSecret: sealClientApiSecret(box, merchant.clientSecret),
        clsnCreatedTime: at,
        clsnCreatedUserId: 'admin@tagih.id',
        clsnUpdatedTime: at,
        clsnUpdatedUserId: 'admin@tagih.id',
      })
      .execute();
    await ctx.db.kysely
      .insertInto('snap_access_tokens')
      .values({
        sntkTokenHash: createHash('sha256').update(merchant.accessToken).digest('hex'),
        sntkClientId: merchant.clientId,
        sntkCreatedAt: at,
        sntkExpiresAt: '2026-11-20T03:15:00.000Z',
      })
      .execute();
  });
  afterAll(async () => ctx?.close());

  it('the token example is accepted', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/snap/v1.0/access-token/b2b',
      headers: {
        'content-type': 'application/json',
        'x-client-key': merchant.clientId,
        'x-timestamp': TIMESTAMP,
        'x-signature': merchant.tokenSignature,
      },
      payload: '{"grantType":"client_credentials"}',
    });
    expect(res.json().responseCode).toBe('2007300');
  });

  it('each service example, in the order a merchant makes them, passes the signature check and answers what the document shows', async () => {
    const headers = headersOf(merchant.accessToken, merchant.clientId);
    for (const path of [
      '/snap/v1.0/transfer-va/create-va',
      '/snap/v1.0/transfer-va/inquiry-va',
      '/snap/v1.0/qr/qr-mpm-generate',
      '/snap/v1.0/qr/qr-mpm-query',
      '/snap/v1.0/transfer-va/delete-va',
    ]) {
      const { body, signature, answer } = serviceExample(path, merchants);
      const tampered = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: headers(tamper(signature)),
        payload: body,
      });
      expect(tampered.statusCode, path).toBe(401);
      const res = await ctx.app.inject({
        method: 'POST',
        url: path,
        headers: headers(signature),
        payload: body,
      });
      expect(answer, `docs/protocols.md: the answer of ${path}`).toBeDefined();
      expect(res.json(), path).toEqual(JSON.parse(answer!));
    }
  });
});
