/**
 * Demo mode: the bank simulator (BRI, BJB, Mandiri over SNAP BI, fresh RSA keys each start)
 * and the demo merchant receiver, in-process on loopback ports, wired to the server.
 */
import type { Kysely } from 'kysely';
import { createDemoBanks, startBankSim, startMerchantSim } from '@tagih/bank-sim';
import type { Config } from '../config.ts';
import type { Database } from '../db/tables.ts';
import type { BankConfig } from './bank/gateway.ts';

export interface DemoSimulators {
  banks: BankConfig[];
  bankUrl: string;
  merchantUrl: string;
  close(): Promise<void>;
}

export const LOOPBACK = '127.0.0.1';

/** True when demo clients call back the local demo merchant (the database holds demo data). */
export async function hasDemoClients(db: Kysely<Database>, config: Config): Promise<boolean> {
  const row = await db
    .selectFrom('clients')
    .select('clntid')
    .where('clntCallbackUrl', 'like', `http://${LOOPBACK}:${config.merchantSimPort}/callbacks/%`)
    .executeTakeFirst();
  return row !== undefined;
}

export async function startDemoSimulators(db: Kysely<Database>, config: Config): Promise<DemoSimulators> {
  const demoBanks = createDemoBanks();
  const bank = await startBankSim({ banks: demoBanks, host: LOOPBACK, port: config.bankSimPort });
  try {
    const merchant = await startMerchantSim({
      host: LOOPBACK,
      port: config.merchantSimPort,
      // /callbacks/{clntid}: the client's own secret.
      secretFor: async (name) => {
        if (!/^\d{1,9}$/.test(name)) return undefined;
        const row = await db.selectFrom('clients').select('clntSecret').where('clntid', '=', Number(name)).executeTakeFirst();
        return row?.clntSecret;
      },
    });
    const banks = demoBanks.map(({ publicKey: _public, ...b }) => ({ ...b, baseUrl: bank.url }));
    return {
      banks,
      bankUrl: bank.url,
      merchantUrl: merchant.url,
      close: async () => {
        await merchant.close();
        await bank.close();
      },
    };
  } catch (error) {
    await bank.close();
    throw error;
  }
}
