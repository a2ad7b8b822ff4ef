/** Seeding at start and by `npm run seed:demo`. Later demo parts (transactions) register in DEMO_PARTS. */
import type { Kysely } from 'kysely';
import type { Database } from '../tables.ts';
import { seedBase, type BaseSeedResult } from './base.ts';
import { seedDemoMaster, type DemoMasterResult } from './demo-master.ts';
import { seedDemoTransactions } from './demo-transactions.ts';

export interface DemoSeedContext {
  db: Kysely<Database>;
  now: Date;
  businessTz: string;
  /** Base URL of the demo merchant receiver (demo clients' callbacks); default http://127.0.0.1:8092. */
  merchantCallbackBase?: string;
}

/** Further demo data (transactions, notifications) added by later modules. */
export const DEMO_PARTS: ((ctx: DemoSeedContext) => Promise<void>)[] = [seedDemoTransactions];

export async function seedDemo(ctx: DemoSeedContext, demoPassword: string): Promise<DemoMasterResult> {
  const result = await seedDemoMaster(ctx.db, { demoPassword, now: ctx.now.toISOString() });
  if (result.created) for (const part of DEMO_PARTS) await part(ctx);
  return result;
}

export { seedBase, type BaseSeedResult };
