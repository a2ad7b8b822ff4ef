/**
 * No credentials for a published key. Before, the server accepted the merchant example's public
 * key of docs/protocols.md (whose private half the document prints, and key.json held) as a
 * merchant's API key: anyone could then get that merchant's access tokens. Now issuing a
 * merchant's API access, or loading a bank's inbound key from BANK_CONFIG_FILE, with a key the
 * documentation prints is refused with a clear message and changes nothing.
 */
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadBankConfigFile } from '../../src/integrations/bank/config-file.ts';
import {
  isPublishedKey,
  keyFingerprint,
  PUBLISHED_KEY_FINGERPRINTS,
  PUBLISHED_KEY_MESSAGE,
} from '../../src/security/published-keys.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';

const repoRoot = new URL('../../../../', import.meta.url);
const docsDir = new URL('docs/', repoRoot);
const protocols = readFileSync(new URL('protocols.md', docsDir), 'utf8');

/** A key block of its own lines (not the `-----BEGIN PUBLIC KEY-----` named in a sentence). */
const PEM_BLOCKS = /^-----BEGIN ([A-Z ]*?)KEY-----\n[A-Za-z0-9+/=\n]+?-----END \1KEY-----$/gm;
const firstPublicKey = (text: string) =>
  [...text.matchAll(PEM_BLOCKS)].find((m) => m[1] === 'PUBLIC ')![0];

/** Every PEM key block printed in docs/ (public keys, and private keys: their public half is as published). */
function printedKeys(): { file: string; pem: string }[] {
  return readdirSync(docsDir)
    .filter((f) => f.endsWith('.md'))
    .flatMap((file) =>
      [...readFileSync(new URL(file, docsDir), 'utf8').matchAll(PEM_BLOCKS)].map((m) => ({
        file,
        pem: m[0],
      })),
    );
}

const merchantSection = protocols.slice(protocols.indexOf('## SNAP BI: what merchants send us'));
const merchantExampleKey = firstPublicKey(merchantSection);
const bankSection = protocols.slice(
  protocols.indexOf('## SNAP BI: what banks send us'),
  protocols.indexOf('## SNAP BI: what merchants send us'),
);
const bankExampleKey = firstPublicKey(bankSection);

describe('the list of published keys', () => {
  it('holds every key printed in docs/, and nothing else is called published', () => {
    const keys = printedKeys();
    expect(keys.length).toBeGreaterThanOrEqual(4);
    for (const { file, pem } of keys)
      expect(
        PUBLISHED_KEY_FINGERPRINTS.has(keyFingerprint(pem)),
        `${file}: a printed key missing from security/published-keys.ts`,
      ).toBe(true);
    expect(
      isPublishedKey(
        generateKeyPairSync('rsa', {
          modulusLength: 2048,
          publicKeyEncoding: { type: 'spki', format: 'pem' },
          privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        }).publicKey,
      ),
    ).toBe(false);
  });

  it('key.json, the merchant example key pair, is no longer in the repository', () => {
    expect(existsSync(new URL('key.json', repoRoot))).toBe(false);
  });
});

describe('a bank inbound key from the documentation', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-published-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ours = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const load = (publicKey: string, privateKey = ours.privateKey) => {
    const file = join(dir, `banks-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(
      file,
      JSON.stringify([
        {
          code: 'BRI',
          baseUrl: 'https://bri.example',
          clientId: 'tagih',
          clientSecret: 'secret',
          privateKey,
          partnerServiceId: '   77001',
          channelId: '95221',
          inbound: {
            clientId: 'bri-to-tagih',
            publicKey,
            clientSecret: 'a-secret-of-32-characters-or-so!',
          },
        },
      ]),
    );
    return () => loadBankConfigFile(file);
  };

  it('is refused at start, naming the bank and why', () => {
    expect(load(bankExampleKey)).toThrow(`bank BRI inbound.publicKey: ${PUBLISHED_KEY_MESSAGE}`);
    expect(load(merchantExampleKey)).toThrow(PUBLISHED_KEY_MESSAGE);
    const fresh = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(load(fresh.publicKey)()).toHaveLength(1);
  });
});

describe.each(DIALECTS)('a merchant API key from the documentation (%s)', (dialect) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(dialect, { secretBox: new SecretBox(newDataKey()) });
  });
  afterEach(async () => ctx.close());

  it('the example key of docs/protocols.md is refused (400, the reason named) and no access is given', async () => {
    const { clntid } = await ctx.db.kysely
      .selectFrom('clients')
      .select('clntid')
      .orderBy('clntid')
      .executeTakeFirstOrThrow();
    const before = await ctx.db.kysely.selectFrom('client_snap_credentials').selectAll().execute();
    const token = await ctx.login();
    for (const publicKey of [
      merchantExampleKey,
      createPublicKey(merchantExampleKey).export({ type: 'pkcs1', format: 'pem' }).toString(),
    ]) {
      const res = await ctx.inject({
        method: 'POST',
        url: `/api/master/client/${clntid}/snap-credentials`,
        token,
        payload: { publicKey },
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(PUBLISHED_KEY_MESSAGE);
    }
    expect(await ctx.db.kysely.selectFrom('client_snap_credentials').selectAll().execute()).toEqual(
      before,
    );
    // A key of its own is given as before.
    const own = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    }).publicKey;
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/master/client/${clntid}/snap-credentials`,
      token,
      payload: { publicKey: own },
    });
    expect(res.statusCode).toBe(200);
  });
});
