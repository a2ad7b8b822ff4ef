/**
 * Demo monitoring data: for each active company, VA and QRIS transactions over the last
 * 30 days and today (every status also today), on BRI, BJB and Mandiri, with pending and
 * delivered notifications and their history. Demo clients call back the demo merchant.
 * Every company's rows are inserted together in created-time order, so the ids follow time
 * (an id-ordered list reads newest first, as rows that arrive as they are created would).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import { insertTransactions, type NewTransaction } from './bulk-transactions.ts';
import { demoCallbackUrl, demoMerchantBase } from './demo-clients.ts';
import { syntheticTransactions } from './synthetic-transactions.ts';

export const DEMO_COUNTS = { va: 120, qris: 80, days: 30, todayEach: 3 } as const;

export interface DemoSeedContext {
  db: Kysely<Database>;
  now: Date;
  businessTz: string;
  /** Base URL of the demo merchant receiver (demo clients' callbacks); default http://127.0.0.1:8092. */
  merchantCallbackBase?: string;
}

export async function seedDemoTransactions(ctx: DemoSeedContext): Promise<void> {
  const base = ctx.merchantCallbackBase ?? demoMerchantBase(8092);
  const companies = await ctx.db
    .selectFrom('companies')
    .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
    .select(['compId', 'clntid'])
    .where('compStatus', '=', 1)
    .orderBy('compId')
    .execute();
  const items: NewTransaction[] = [];
  for (const { compId, clntid } of companies) {
    const callbackUrl = demoCallbackUrl(base, clntid);
    await ctx.db
      .updateTable('clients')
      .set({ clntCallbackUrl: callbackUrl })
      .where('clntid', '=', clntid)
      .execute();
    const common = {
      compId,
      clntId: clntid,
      days: DEMO_COUNTS.days,
      now: ctx.now,
      timeZone: ctx.businessTz,
      todayEach: DEMO_COUNTS.todayEach,
      callbackUrl,
    };
    items.push(
      ...syntheticTransactions({
        ...common,
        type: 'VA',
        count: DEMO_COUNTS.va,
        seed: compId * 101,
        orderPrefix: `VA${compId}`,
      }),
    );
    items.push(
      ...syntheticTransactions({
        ...common,
        type: 'QRIS',
        count: DEMO_COUNTS.qris,
        seed: compId * 202,
        orderPrefix: `QR${compId}`,
      }),
    );
  }
  await insertTransactions(ctx.db, inCreatedOrder(items));
}

/** The items oldest first (ISO instants of one format compare as text); ties keep their order. */
export function inCreatedOrder(items: readonly NewTransaction[]): NewTransaction[] {
  return [...items].sort((a, b) =>
    a.transaction.trctCreatedTime < b.transaction.trctCreatedTime
      ? -1
      : a.transaction.trctCreatedTime > b.transaction.trctCreatedTime
        ? 1
        : 0,
  );
}
