/**
 * Demo mode: the bank simulator (BRI, BJB, Mandiri over SNAP BI, fresh RSA keys each start)
 * and the demo merchant receiver, in-process on loopback ports, wired to the server. Each bank
 * also gets fresh credentials for calling us (`inbound`: the SNAP endpoints under /snap).
 */
import { writeFileSync } from 'node:fs';
import {
  createBankPayer,
  createDemoBanks,
  startBankSim,
  startMerchantSim,
  type BankBook,
  type BankPayer,
} from '@tagih/bank-sim';
import type { BankConfig } from '../integrations/bank/gateway.ts';

/** How one simulated bank signs its calls to /snap: what a person or a test needs to pay a bill as that bank. */
export interface DemoBankKeys {
  bank: string;
  partnerServiceId: string;
  clientId: string;
  /** PEM: signs the access-token call. */
  privateKey: string;
  /** HMAC key of the service calls. */
  clientSecret: string;
}

export interface DemoSimulators {
  banks: BankConfig[];
  /** The simulated banks' own halves of their /snap credentials (fresh each start). */
  bankKeys: DemoBankKeys[];
  bankUrl: string;
  merchantUrl: string;
  close(): Promise<void>;
}

export interface DemoSimulatorOptions {
  host: string;
  bankPort: number;
  merchantPort: number;
  /** The signing secret of a client (the merchant path is /callbacks/{clntid}). */
  clientSecret(clntid: number): Promise<string | undefined>;
  /** The total ('150000.00') of the bill a VA number or QRIS order id names: the demo bank's paid answers carry it. */
  billAmount?(key: string): Promise<string | undefined>;
  /** What the banks booked (demo-bank-book.ts): with it each demo bank serves its account's statement. */
  book?: BankBook;
  /** Where the simulated banks reach Tagih's `/snap` endpoints (known once the server listens). */
  tagihUrl(): string;
}

/**
 * The merchant allow-list in demo mode: the configured one plus exactly the demo merchant's
 * loopback host and port, so demo callbacks reach it and nothing else on loopback (not the API,
 * not the bank simulator, not a database).
 */
export function demoAllowedHosts(
  configured: readonly string[],
  simulators: Pick<DemoSimulators, 'merchantUrl'>,
): string[] {
  return [...configured, new URL(simulators.merchantUrl).host];
}

/** How a process on this machine reaches the server listening on `host`:`port` (a wildcard host by loopback). */
export function ownUrl(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export async function startDemoSimulators(o: DemoSimulatorOptions): Promise<DemoSimulators> {
  const demoBanks = createDemoBanks();
  let payer: BankPayer | null = null;
  const payVirtualAccount = (typed: string) =>
    (payer ??= createBankPayer(o.tagihUrl(), demoBanks)).payVirtualAccount(typed);
  const bank = await startBankSim({
    banks: demoBanks,
    host: o.host,
    port: o.bankPort,
    pay: payVirtualAccount,
    ...(o.billAmount ? { billAmount: o.billAmount } : {}),
    ...(o.book ? { book: o.book } : {}),
  });
  try {
    const merchant = await startMerchantSim({
      host: o.host,
      port: o.merchantPort,
      secretFor: async (name) =>
        /^\d{1,9}$/.test(name) ? o.clientSecret(Number(name)) : undefined,
    });
    // The server keeps each bank's public halves: the simulated banks sign their calls to us with the private ones.
    // With a book, each bank serves its demo account's statement: the server pulls it (BankConfig.accounts).
    const banks = demoBanks.map(
      ({
        publicKey: _public,
        inbound: { privateKey: _private, ...inbound },
        statementAccount,
        ...b
      }) => ({
        ...b,
        inbound,
        baseUrl: bank.url,
        ...(o.book && statementAccount ? { accounts: [statementAccount] } : {}),
      }),
    );
    const bankKeys = demoBanks.map((b) => ({
      bank: b.code,
      partnerServiceId: b.partnerServiceId,
      clientId: b.inbound.clientId,
      privateKey: b.inbound.privateKey,
      clientSecret: b.inbound.clientSecret,
    }));
    return {
      banks,
      bankKeys,
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

/** DEMO_BANK_KEYS_FILE: the simulated banks' /snap credentials as JSON, readable by the owner only. */
export function writeDemoBankKeys(file: string, keys: readonly DemoBankKeys[]): void {
  writeFileSync(file, `${JSON.stringify({ banks: keys }, null, 2)}\n`, { mode: 0o600 });
}
