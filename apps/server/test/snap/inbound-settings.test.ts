/**
 * A bank's inbound credentials (how it calls /snap) in its BANK_CONFIG_FILE entry, validated like
 * the rest; the demo's simulated banks get theirs at start.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDemoBanks } from '@tagih/bank-sim';
import { loadBankConfigFile } from '../../src/integrations/bank/config-file.ts';
import { partnersOfBanks } from '../../src/modules/snap/caller/partners.ts';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

describe('inbound bank settings', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-inbound-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const ours = pair();
  const theirs = pair();
  writeFileSync(join(dir, 'ours.pem'), ours.privateKey);
  writeFileSync(join(dir, 'bri-public.pem'), theirs.publicKey);
  const entry = (inbound: unknown) => ({
    code: 'BRI',
    baseUrl: 'https://bri.example',
    clientId: 'tagih',
    clientSecret: 'secret',
    privateKeyFile: 'ours.pem',
    partnerServiceId: '   77001',
    channelId: '95221',
    ...(inbound === undefined ? {} : { inbound }),
  });
  const load = (...entries: unknown[]) => {
    const file = join(dir, `banks-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(file, JSON.stringify(entries));
    return loadBankConfigFile(file);
  };

  it('reads clientId, the public key (inline or from a file next to the config) and clientSecret', () => {
    const [fromFile] = load(
      entry({
        clientId: 'bri-in',
        publicKeyFile: 'bri-public.pem',
        clientSecret: 'a-secret-of-32-characters-or-so!',
      }),
    );
    expect(fromFile!.inbound).toEqual({
      clientId: 'bri-in',
      publicKey: theirs.publicKey,
      clientSecret: 'a-secret-of-32-characters-or-so!',
    });
    const [inline] = load(
      entry({
        clientId: 'bri-in',
        publicKey: theirs.publicKey,
        clientSecret: 'a-secret-of-32-characters-or-so!',
      }),
    );
    expect(partnersOfBanks([inline!])).toEqual([
      {
        bank: 'BRI',
        clientId: 'bri-in',
        publicKey: theirs.publicKey,
        clientSecret: 'a-secret-of-32-characters-or-so!',
        partnerServiceId: '   77001',
      },
    ]);
    expect(partnersOfBanks(load(entry(undefined)))).toEqual([]);
  });

  it('reads our QRIS acquirer identity, and refuses one that a payload cannot carry', () => {
    const qris = {
      acquirerDomain: 'ID.CO.BANKBRI.WWW',
      merchantPan: '9360000200000012345',
      nmid: 'ID1026000012345',
      criteria: 'UMI',
      mcc: '5812',
    };
    const [bank] = load({ ...entry(undefined), merchantId: 'BRI-MID-0001', qris });
    expect(bank!.qris).toEqual(qris);
    expect(() => load({ ...entry(undefined), qris: { ...qris, mcc: '58' } })).toThrow(/qris\.mcc/);
    expect(() => load({ ...entry(undefined), qris: { ...qris, criteria: 'XYZ' } })).toThrow(
      /qris\.criteria/,
    );
  });

  it('reads the accounts whose statements are pulled (SNAP bank-statement), and refuses one that is no account number', () => {
    const [bank] = load({ ...entry(undefined), accounts: ['020601000777001'] });
    expect(bank!.accounts).toEqual(['020601000777001']);
    expect(load(entry(undefined))[0]!.accounts).toBeUndefined();
    expect(() => load({ ...entry(undefined), accounts: ['12-34'] })).toThrow(
      /accounts\.0: an account number/,
    );
  });

  it.each([
    [
      'no public key',
      { clientId: 'x', clientSecret: 'a-secret-of-32-characters-or-so!' },
      /inbound needs publicKey or publicKeyFile/,
    ],
    [
      'a public key that is not PEM',
      { clientId: 'x', publicKey: 'not a key', clientSecret: 'a-secret-of-32-characters-or-so!' },
      /not a PEM public key/,
    ],
    [
      'a short secret',
      { clientId: 'x', publicKey: theirs.publicKey, clientSecret: 'short' },
      /inbound\.clientSecret/,
    ],
    [
      'no client id',
      { publicKey: theirs.publicKey, clientSecret: 'a-secret-of-32-characters-or-so!' },
      /inbound\.clientId/,
    ],
  ])('refuses %s at start', (_what, inbound, message) => {
    expect(() => load(entry(inbound))).toThrow(message);
  });

  it('refuses one inbound client id for two banks', () => {
    const inbound = {
      clientId: 'same',
      publicKey: theirs.publicKey,
      clientSecret: 'a-secret-of-32-characters-or-so!',
    };
    expect(() => load(entry(inbound), { ...entry(inbound), code: 'BJB' })).toThrow(
      /more than one bank/,
    );
  });

  it('gives each demo bank fresh inbound credentials of its own', () => {
    const banks = createDemoBanks();
    const ids = banks.map((b) => b.inbound.clientId);
    expect(new Set(ids).size).toBe(banks.length);
    for (const b of banks) {
      expect(b.qris.acquirerDomain).toMatch(/^ID\.CO\./);
      expect(b.inbound.publicKey).toContain('BEGIN PUBLIC KEY');
      expect(b.inbound.privateKey).toContain('BEGIN PRIVATE KEY');
      expect(b.inbound.clientSecret.length).toBeGreaterThanOrEqual(32);
    }
  });
});
