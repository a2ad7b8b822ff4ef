/**
 * The worked signature examples of docs/protocols.md ("SNAP BI: what banks send us") are true:
 * read from the document, the server accepts them (the test clock stands at their X-TIMESTAMP).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DIALECTS, type TestContext } from '../support/test-app.ts';

const doc = readFileSync(new URL('../../../../docs/protocols.md', import.meta.url), 'utf8');
const section = doc.slice(doc.indexOf('## SNAP BI: what banks send us'), doc.indexOf('## Merchant notification'));
const must = (m: RegExpExecArray | null, what: string): string => {
  if (!m?.[1]) throw new Error(`docs/protocols.md: no ${what}`);
  return m[1];
};
const TIMESTAMP = '2026-11-20T10:00:00+07:00';
const publicKey = must(/(-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----)/.exec(section), 'public key');
const tokenSignature = must(/-----END PUBLIC KEY-----\nX-SIGNATURE = (\S+)/.exec(section), 'token signature');
const clientSecret = must(/`clientSecret` = `([^`]+)`/.exec(section), 'client secret');
const accessToken = must(/`accessToken` = `([^`]+)`/.exec(section), 'access token');

function serviceExample(path: string) {
  const from = section.indexOf(`stringToSign = POST:${path}:`);
  const before = section.slice(0, from);
  const body = before.slice(before.lastIndexOf('```\n{') + 4, before.lastIndexOf('}\n```') + 1);
  return { body, signature: must(/X-SIGNATURE {2}= (\S+)/.exec(section.slice(from)), `signature of ${path}`) };
}

describe.each(DIALECTS)('the documented SNAP examples (%s)', (dialect) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(dialect, { snapPartners: [{ bank: 'BRI', clientId: 'bri-to-tagih', publicKey, clientSecret }] });
    expect(ctx.clock.now().toISOString()).toBe(new Date(TIMESTAMP).toISOString());
  });
  afterAll(async () => ctx?.close());

  it('the token example is accepted', async () => {
    const res = await ctx.app.inject({
      method: 'POST', url: '/snap/v1.0/access-token/b2b',
      headers: { 'content-type': 'application/json', 'x-client-key': 'bri-to-tagih', 'x-timestamp': TIMESTAMP, 'x-signature': tokenSignature },
      payload: '{"grantType":"client_credentials"}',
    });
    expect(res.json().responseCode).toBe('2007300');
  });

  it.each(['/snap/v1.0/transfer-va/inquiry', '/snap/v1.0/transfer-va/payment', '/snap/v1.0/qr/qr-mpm-notify'])('the service example of %s passes the signature check', async (path) => {
    // The documented token, as if we had issued it.
    await ctx.db.kysely.insertInto('snap_access_tokens')
      .values({ sntkTokenHash: createHash('sha256').update(accessToken).digest('hex'), sntkClientId: 'bri-to-tagih', sntkCreatedAt: ctx.clock.now().toISOString(), sntkExpiresAt: '2026-11-20T03:15:00.000Z' })
      .onConflict((oc) => oc.column('sntkTokenHash').doNothing()).execute();
    const { body, signature } = serviceExample(path);
    const headers = (sig: string) => ({
      'content-type': 'application/json', authorization: `Bearer ${accessToken}`, 'x-timestamp': TIMESTAMP, 'x-signature': sig,
      'x-partner-id': 'bri-to-tagih', 'x-external-id': String(Date.now()) + String(path.length), 'channel-id': '95221',
    });
    const res = await ctx.app.inject({ method: 'POST', url: path, headers: headers(signature), payload: body });
    expect(res.statusCode).not.toBe(401); // the bill is not in the demo data: 404, but only after the signature passed
    const tampered = await ctx.app.inject({ method: 'POST', url: path, headers: headers(signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))), payload: body });
    expect(tampered.statusCode).toBe(401);
  });
});
