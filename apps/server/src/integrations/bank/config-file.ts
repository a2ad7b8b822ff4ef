/**
 * Production bank settings: BANK_CONFIG_FILE, a JSON array of BankConfig (privateKeyFile may replace
 * privateKey; in `inbound`, publicKeyFile may replace publicKey; `qris` our acquirer identity for
 * merchants' dynamic QRIS; `accounts` the account numbers whose statements are pulled over SNAP
 * bank-statement). Paths are relative to the file.
 */
import { createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import { isPublishedKey, PUBLISHED_KEY_MESSAGE } from '../../security/published-keys.ts';
import type { BankConfig, InboundCredentials } from './gateway.ts';

const inbound = z.object({
  clientId: z.string().min(1).max(128),
  publicKey: z.string().optional(),
  publicKeyFile: z.string().optional(),
  clientSecret: z.string().min(16),
});

const qris = z.object({
  acquirerDomain: z.string().regex(/^[\x20-\x7e]{1,99}$/),
  merchantPan: z.string().regex(/^\d{1,19}$/),
  nmid: z.string().regex(/^ID[0-9A-Z]{1,17}$/),
  criteria: z.enum(['UMI', 'UKE', 'UME', 'UBE']),
  mcc: z.string().regex(/^\d{4}$/),
});

const entry = z.object({
  code: z.string().min(1),
  baseUrl: z.url(),
  pathPrefix: z.string().default(''),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  privateKey: z.string().optional(),
  privateKeyFile: z.string().optional(),
  partnerServiceId: z.string().max(8),
  channelId: z.string().length(5),
  merchantId: z.string().optional(),
  inbound: inbound.optional(),
  qris: qris.optional(),
  /** Account numbers whose statements are pulled over SNAP bank-statement (service 14). */
  accounts: z.array(z.string().regex(/^\d{4,34}$/, 'an account number: 4 to 34 digits')).optional(),
});

export function loadBankConfigFile(path: string): BankConfig[] {
  const parsed = z.array(entry).safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success)
    throw new Error(
      `BANK_CONFIG_FILE ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  const read = (file: string) => readFileSync(resolve(dirname(path), file), 'utf8');
  const banks = parsed.data.map(
    ({ privateKeyFile, privateKey, inbound: given, ...rest }): BankConfig => {
      const key = privateKey ?? (privateKeyFile ? read(privateKeyFile) : undefined);
      if (!key)
        throw new Error(
          `BANK_CONFIG_FILE ${path}: bank ${rest.code} needs privateKey or privateKeyFile`,
        );
      if (published(key))
        throw new Error(
          `BANK_CONFIG_FILE ${path}: bank ${rest.code} privateKey: ${PUBLISHED_KEY_MESSAGE}`,
        );
      return {
        ...rest,
        privateKey: key,
        ...(given ? { inbound: inboundOf(path, rest.code, given, read) } : {}),
      };
    },
  );
  const clientIds = banks.flatMap((b) => (b.inbound ? [b.inbound.clientId] : []));
  const repeated = clientIds.find((id, i) => clientIds.indexOf(id) !== i);
  if (repeated)
    throw new Error(
      `BANK_CONFIG_FILE ${path}: inbound.clientId ${repeated} is given to more than one bank`,
    );
  return banks;
}

function inboundOf(
  path: string,
  code: string,
  given: z.infer<typeof inbound>,
  read: (file: string) => string,
): InboundCredentials {
  const publicKey =
    given.publicKey ?? (given.publicKeyFile ? read(given.publicKeyFile) : undefined);
  if (!publicKey)
    throw new Error(
      `BANK_CONFIG_FILE ${path}: bank ${code} inbound needs publicKey or publicKeyFile`,
    );
  try {
    createPublicKey(publicKey);
  } catch {
    throw new Error(
      `BANK_CONFIG_FILE ${path}: bank ${code} inbound.publicKey is not a PEM public key`,
    );
  }
  if (isPublishedKey(publicKey))
    throw new Error(
      `BANK_CONFIG_FILE ${path}: bank ${code} inbound.publicKey: ${PUBLISHED_KEY_MESSAGE}`,
    );
  return { clientId: given.clientId, publicKey, clientSecret: given.clientSecret };
}

/** True when the (outbound, private) key is a published example; a key that does not read is left to the bank client's own check. */
function published(privateKey: string): boolean {
  try {
    return isPublishedKey(privateKey);
  } catch {
    return false;
  }
}
