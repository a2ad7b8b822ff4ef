/**
 * Demo mode's traffic (DEMO_TRAFFIC, bills per minute, default 4; 'off' for none): the demo
 * merchants open bills through /snap and the demo bank pays most of them through /snap, played by
 * `startDemoTraffic` of @tagih/bank-sim over real, signed HTTP; nothing here writes a bill.
 *
 * The merchants' SNAP credentials are obtained the honest way: at every start each demo merchant
 * makes a fresh RSA key pair and its public half is registered through `issueApiAccess`, the very
 * service behind `POST /api/master/client/{clntid}/snap-credentials`, acted by the system
 * ('demo traffic' in the audit trail, event client.api_access.issued). That replaces the previous
 * start's key and ends its tokens; the private keys and client secrets live only in this process.
 *
 * The traffic's routine request log lines are left out (`quietDemoTraffic`); its errors are kept.
 */
import { generateKeyPairSync } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  startDemoTraffic,
  type DemoTraffic,
  type TrafficBank,
  type TrafficMerchant,
} from '@tagih/bank-sim';
import type { AppDeps } from '../deps.ts';
import { SYSTEM_USER } from '../db/seed/base.ts';
import { SYSTEM_AUDIT_CONTEXT } from '../shared/audit-context.ts';
import type { Actor } from '../shared/actor.ts';
import type { DemoSimulators } from './demo-simulators.ts';

/** How many demo clients play merchants (the last of them is the flaky one). */
const DEMO_MERCHANTS = 3;

/** The server acting on its own in demo mode: it gives the demo merchants their API access (main.ts calls issueApiAccess as it). */
export const DEMO_TRAFFIC_ACTOR: Actor = {
  session: {
    tokenHash: '',
    userId: SYSTEM_USER,
    username: 'demo traffic',
    compId: null,
    access: {},
    isSuperadmin: true,
  },
  audit: { ...SYSTEM_AUDIT_CONTEXT, actorUsername: 'demo traffic' },
};

/** The clients that play merchants: those of active companies whose callbacks go to the demo merchant receiver, lowest id first. */
async function demoMerchantClients(deps: AppDeps, merchantUrl: string): Promise<number[]> {
  const rows = await deps.db
    .selectFrom('clients as k')
    .innerJoin('companies as c', 'c.compClientId', 'k.clntid')
    .select('k.clntid')
    .distinct()
    .where('c.compStatus', '=', 1)
    .where('k.clntCallbackUrl', 'like', `${merchantUrl.replace(/\/$/, '')}/callbacks/%`)
    .orderBy('k.clntid')
    .limit(DEMO_MERCHANTS)
    .execute();
  return rows.map((r) => r.clntid);
}

/** Gives each demo merchant API access for a key pair made now (see the top of this file). */
/** Gives a client API access for a public key: issueApiAccess acted by DEMO_TRAFFIC_ACTOR (main.ts). */
export type IssueDemoAccess = (
  clntid: number,
  publicKey: string,
) => Promise<{ clientId: string; clientSecret: string }>;

export async function registerDemoMerchants(
  deps: AppDeps,
  merchantUrl: string,
  issueAccess: IssueDemoAccess,
): Promise<TrafficMerchant[]> {
  const merchants: TrafficMerchant[] = [];
  for (const clntid of await demoMerchantClients(deps, merchantUrl)) {
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const access = await issueAccess(clntid, publicKey);
    merchants.push({
      callbackName: String(clntid),
      credentials: { clientId: access.clientId, clientSecret: access.clientSecret, privateKey },
    });
  }
  return merchants;
}

/** The simulated banks as the player needs them: the server's config of each (VA prefix, QRIS merchant id) and the bank's own /snap keys. */
export function demoTrafficBanks(
  simulators: Pick<DemoSimulators, 'banks' | 'bankKeys'>,
): TrafficBank[] {
  return simulators.banks.flatMap((bank) => {
    const keys = simulators.bankKeys.find((k) => k.bank === bank.code);
    if (!keys || !bank.merchantId) return [];
    return [
      {
        code: bank.code,
        partnerServiceId: bank.partnerServiceId,
        merchantId: bank.merchantId,
        channelId: bank.channelId,
        inbound: {
          clientId: keys.clientId,
          privateKey: keys.privateKey,
          clientSecret: keys.clientSecret,
        },
      },
    ];
  });
}

/** True for a /snap request of a demo partner (bank or merchant) named in `clientIds`: its routine log lines are left out. */
export function quietDemoTraffic(
  clientIds: ReadonlySet<string>,
): (request: FastifyRequest) => boolean {
  return (request) => {
    if (clientIds.size === 0 || !request.url.startsWith('/snap/')) return false;
    const caller = request.headers['x-partner-id'] ?? request.headers['x-client-key'];
    return typeof caller === 'string' && clientIds.has(caller);
  };
}

export interface DemoTrafficStart {
  deps: AppDeps;
  simulators: DemoSimulators;
  perMinute: number;
  issueAccess: IssueDemoAccess;
  tagihUrl: string;
  /** Filled with the demo partners' client ids, so that their requests stay out of the log. */
  quietClientIds: Set<string>;
  report: (problem: string) => void;
}

/** Registers the demo merchants and starts the traffic; null when the database has no demo merchant (no demo data). */
export async function startConfiguredDemoTraffic(o: DemoTrafficStart): Promise<DemoTraffic | null> {
  const banks = demoTrafficBanks(o.simulators);
  const merchants = await registerDemoMerchants(o.deps, o.simulators.merchantUrl, o.issueAccess);
  if (banks.length === 0 || merchants.length === 0) return null;
  for (const id of [
    ...banks.map((b) => b.inbound.clientId),
    ...merchants.map((m) => m.credentials.clientId),
  ])
    o.quietClientIds.add(id);
  return startDemoTraffic({
    tagihUrl: o.tagihUrl,
    banks,
    merchants,
    billsPerMinute: o.perMinute,
    merchantSimUrl: o.simulators.merchantUrl,
    report: o.report,
  });
}
