/** Monitoring test helpers: a fresh company with its client, transactions as a test states them, the simulators. */
import {
  createDemoBanks,
  startBankSim,
  startMerchantSim,
  type BankSim,
  type DemoBank,
  type MerchantSim,
} from '@tagih/bank-sim';
import { hashPassword } from '../../src/security/passwords.ts';
import {
  insertTransactionBatch,
  type NewTransaction,
} from '../../src/db/seed/bulk-transactions.ts';
import { SnapBankGateway } from '../../src/integrations/bank/snap-gateway.ts';
import { billAmount } from '../../src/db/seed/demo-clients.ts';
import type { Compilable } from 'kysely';
import type { TestContext } from '../support/test-app.ts';

export interface TestCompany {
  compId: number;
  clntid: number;
  secret: string;
}

let counter = 0;

/** A new active company with its own client (callback URL and secret), reachable by the superadmin. */
export async function createCompany(
  ctx: TestContext,
  callbackUrl: string | null = null,
): Promise<TestCompany> {
  const db = ctx.db.kysely;
  const n = ++counter;
  const now = ctx.clock.now().toISOString();
  const group = await db
    .insertInto('company_groups')
    .values({
      grcpName: `Test Group ${n} ${Date.now()}`.slice(0, 50),
      grcpNickName: 'TG',
      grcpAddress: 'Jl. Test 1',
      grcpCity: 'Jakarta',
      grcpTelp: '0215550000',
      grcpFax: '021555000',
      grcpCreatedTime: now,
      grcpCreatedUserId: 'system',
      grcpUpdatedTime: now,
      grcpUpdatedUserId: 'system',
    })
    .returning('grcpId')
    .executeTakeFirstOrThrow();
  const secret = `secret-${n}-${Math.random().toString(36).slice(2)}`;
  const client = await db
    .insertInto('clients')
    .values({
      clntName: `Client ${n}`,
      clntCallbackUrl: callbackUrl,
      clntSecret: secret,
      clntCreatedTime: now,
      clntCreatedUserId: 'system',
      clntUpdatedTime: now,
      clntUpdatedUserId: 'system',
    })
    .returning('clntid')
    .executeTakeFirstOrThrow();
  const company = await db
    .insertInto('companies')
    .values({
      compGrcpId: group.grcpId,
      compName: `PT Test ${n} ${Date.now()}`.slice(0, 50),
      compAddress: 'Jl. Test 1',
      compPhone: '0215550000',
      compPIC: 'Tester',
      compPICPhone: '0812555000',
      compStatus: 1,
      compFileId: null,
      compClientId: client.clntid,
      compCreatedTime: now,
      compCreatedUserId: 'system',
      compUpdatedTime: now,
      compUpdatedUserId: 'system',
    })
    .returning('compId')
    .executeTakeFirstOrThrow();
  return { compId: company.compId, clntid: client.clntid, secret };
}

export async function setCallbackUrl(
  ctx: TestContext,
  company: TestCompany,
  url: string | null,
): Promise<void> {
  await ctx.db.kysely
    .updateTable('clients')
    .set({ clntCallbackUrl: url })
    .where('clntid', '=', company.clntid)
    .execute();
}

export interface TxInput {
  orderId: string;
  status?: '03' | '00' | '05';
  bank?: string | null;
  /** Rupiah, e.g. 150000 or 1234.5 */
  amount?: number | null;
  paid?: number | null;
  createdAt?: string;
  lunasAt?: string | null;
  name?: string | null;
  vaNo?: string | null;
  customerNo?: string;
  partnerServiceId?: string;
  refNo?: string | null;
  qrBank?: string | null;
  expiredAt?: string | null;
  notification?: { status: 1 | 2; attempts?: number; nextAttemptAt?: string | null } | null;
}

const minor = (rupiah: number | null | undefined) =>
  rupiah === null || rupiah === undefined ? null : Math.round(rupiah * 100);

/** Inserts transactions of one kind for a company; returns their ids in order. */
export async function insertTx(
  ctx: TestContext,
  company: TestCompany,
  type: 'VA' | 'QRIS',
  rows: TxInput[],
): Promise<number[]> {
  const created = ctx.clock.now().toISOString();
  const items: NewTransaction[] = rows.map((r) => {
    const status = r.status ?? '03';
    const customerNo =
      r.customerNo ?? `0812${r.orderId.replace(/\D/g, '').slice(-8).padStart(8, '0')}`;
    const psid = r.partnerServiceId ?? '   77001';
    const item: NewTransaction = {
      transaction: {
        trctType: type,
        trctCompId: company.compId,
        trctClntId: company.clntid,
        trctOrderId: r.orderId,
        trctStatus: status,
        trctBank: r.bank === undefined ? 'BRI' : r.bank,
        trctVirtualAccountNo:
          type === 'VA' ? (r.vaNo === undefined ? `77001${customerNo}` : r.vaNo) : null,
        trctVirtualAccountName: type === 'VA' ? (r.name === undefined ? 'Budi' : r.name) : null,
        trctQrName: type === 'QRIS' ? (r.name === undefined ? 'Budi' : r.name) : null,
        trctQrBank: type === 'QRIS' ? (r.qrBank === undefined ? 'BRI' : r.qrBank) : null,
        trctTotalAmount: r.amount === undefined ? 15_000_000 : minor(r.amount),
        trctTotalAmountPaid: minor(r.paid ?? (status === '00' ? (r.amount ?? 150_000) : null)),
        trctCreatedTime: r.createdAt ?? created,
        trctLunasTime: r.lunasAt === undefined ? (status === '00' ? created : null) : r.lunasAt,
        trctUpdatedTime: created,
      },
    };
    if (type === 'VA') {
      item.va = {
        trvaPartnerServiceId: psid,
        trvaCustomerNo: customerNo,
        trvaVirtualAccountNo: `${psid.trim()}${customerNo}`,
        trvaVirtualAccountName: 'Nama Bank',
        trvaExpiredDate: r.expiredAt ?? null,
      };
    } else {
      item.qr = {
        trqrReferenceNo: r.refNo === undefined ? `REF${r.orderId}` : r.refNo,
        trqrMerchantId: 'MID-1',
        trqrTotalAmount: minor(r.amount === undefined ? 150_000 : (r.amount ?? 99)),
        trqrCreatedTime: r.createdAt ?? created,
        trqrExpiredDate: r.expiredAt ?? null,
      };
    }
    if (r.notification) {
      item.notification = {
        notiStatus: r.notification.status,
        notiAttempts: r.notification.attempts ?? 0,
        notiNextAttemptAt: r.notification.nextAttemptAt ?? null,
        notiCreatedTime: r.createdAt ?? created,
        history: [],
      };
    }
    return item;
  });
  const before = await ctx.db.kysely
    .selectFrom('transactions')
    .select((eb) => eb.fn.max('trctId').as('m'))
    .executeTakeFirst();
  await insertTransactionBatch(ctx.db.kysely, items);
  const first = Number(before?.m ?? 0) + 1;
  return rows.map((_, i) => first + i);
}

/** A signed-in user whose role has no dashboard permission, linked to `compId`. */
export async function userWithoutDashboards(
  ctx: TestContext,
  compId: number,
): Promise<{ username: string; password: string }> {
  const db = ctx.db.kysely;
  const n = ++counter;
  const now = ctx.clock.now().toISOString();
  const audit = (p: string) => ({
    [`${p}CreatedTime`]: now,
    [`${p}CreatedUserId`]: 'system',
    [`${p}UpdatedTime`]: now,
    [`${p}UpdatedUserId`]: 'system',
  });
  const role = await db
    .insertInto('roles')
    .values({ roleName: `NoDash${n}`, ...audit('role') } as never)
    .returning('roleId')
    .executeTakeFirstOrThrow();
  const prms = await db
    .selectFrom('permissions')
    .select('prmsId')
    .where('prmsName', '=', 'master_role')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('role_permissions')
    .values({
      rperRoleId: role.roleId,
      rperPrmsId: prms.prmsId,
      rperOperations: '["read"]',
      ...audit('rper'),
    } as never)
    .execute();
  const userId = `nodash${n}@tagih.id`;
  await db
    .insertInto('users')
    .values({ userId, userStatus: 1, ...audit('user') } as never)
    .execute();
  await db
    .insertInto('user_logins')
    .values({
      usloUserId: userId,
      usloUserName: `nodash${n}`,
      usloPassword: await hashPassword('nodash-pass'),
      ...audit('uslo'),
    } as never)
    .execute();
  await db
    .insertInto('user_roles')
    .values({ usroUserId: userId, usroRoleId: role.roleId, ...audit('usro') } as never)
    .execute();
  await db
    .insertInto('user_companies')
    .values({ uscoUserId: userId, uscoCompId: compId, ...audit('usco') } as never)
    .execute();
  return { username: `nodash${n}`, password: 'nodash-pass' };
}

export interface Simulators {
  banks: DemoBank[];
  bank: BankSim;
  merchant: MerchantSim;
  secrets: Map<string, string>;
  gateway(opts?: { timeoutMs?: number; privateKeyOf?: (b: DemoBank) => string }): SnapBankGateway;
  close(): Promise<void>;
}

/**
 * The bank simulator and a merchant receiver on free loopback ports (slow answers after slowMs).
 * `server`: the test's app, once made: the bank then pays at the app's clock and reports the bill's
 * total from its database (the server believes nothing else; payment-evidence.ts).
 */
export async function startSimulators(
  opts: { slowMs?: number; server?: () => TestContext } = {},
): Promise<Simulators> {
  const banks = createDemoBanks();
  const { server } = opts;
  const bank = await startBankSim({
    banks,
    slowMs: opts.slowMs ?? 2_000,
    ...(server
      ? {
          now: () => server().clock.now(),
          billAmount: (key: string) => billAmount(server().db.kysely, key),
        }
      : {}),
  });
  const secrets = new Map<string, string>();
  const merchant = await startMerchantSim({ secretFor: (name) => secrets.get(name), slowMs: 300 });
  return {
    banks,
    bank,
    merchant,
    secrets,
    gateway: ({ timeoutMs = 1_000, privateKeyOf } = {}) =>
      new SnapBankGateway(
        banks.map((b) => ({
          ...b,
          baseUrl: bank.url,
          privateKey: privateKeyOf ? privateKeyOf(b) : b.privateKey,
        })),
        { timeoutMs },
      ),
    close: async () => {
      await merchant.close();
      await bank.close();
    },
  };
}

/** A merchant callback path for a company, with its secret registered at the receiver. */
export async function useMerchant(
  ctx: TestContext,
  sims: Simulators,
  company: TestCompany,
  name: string,
): Promise<string> {
  sims.secrets.set(name, company.secret);
  const url = sims.merchant.callbackUrl(name);
  await setCallbackUrl(ctx, company, url);
  return url;
}

/** How many delivery attempts (history rows) a notification has. */
export async function historyCount(ctx: TestContext, notiId: number): Promise<number> {
  const rows = await ctx.db.kysely
    .selectFrom('notification_history')
    .select('nohiId')
    .where('nohiNotiId', '=', notiId)
    .execute();
  return rows.length;
}

/** SQLite's `explain query plan` of a query, as one JSON text to search (which tables and indexes it reads, and how). */
export async function sqlitePlan(ctx: TestContext, query: Compilable): Promise<string> {
  const compiled = query.compile();
  return JSON.stringify(
    (
      await ctx.db.kysely.executeQuery({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      } as never)
    ).rows,
  );
}
