/** Production bank settings: BANK_CONFIG_FILE, a JSON array of BankConfig (privateKeyFile may replace privateKey). */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { z } from 'zod';
import type { BankConfig } from './gateway.ts';

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
});

export function loadBankConfigFile(path: string): BankConfig[] {
  const parsed = z.array(entry).safeParse(JSON.parse(readFileSync(path, 'utf8')));
  if (!parsed.success) throw new Error(`BANK_CONFIG_FILE ${path}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data.map(({ privateKeyFile, privateKey, ...rest }) => {
    const key = privateKey ?? (privateKeyFile ? readFileSync(resolve(dirname(path), privateKeyFile), 'utf8') : undefined);
    if (!key) throw new Error(`BANK_CONFIG_FILE ${path}: bank ${rest.code} needs privateKey or privateKeyFile`);
    return { ...rest, privateKey: key };
  });
}
