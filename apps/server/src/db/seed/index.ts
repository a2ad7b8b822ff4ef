/** Seeding: the base data every database needs, and the demo data (master data, then transactions and the banks' statement accounts). */
import { seedBase, type BaseSeedResult } from './base.ts';
import { seedDemoBankAccounts } from './demo-bank-accounts.ts';
import { seedDemoMaster, type DemoMasterResult } from './demo-master.ts';
import { seedDemoTransactions, type DemoSeedContext } from './demo-transactions.ts';

/** `mustChangePassword`: the demo users change the seeded password at the first sign-in (PASSWORD_POLICY=pci). */
export async function seedDemo(
  ctx: DemoSeedContext,
  demoPassword: string,
  options: { mustChangePassword?: boolean } = {},
): Promise<DemoMasterResult> {
  const result = await seedDemoMaster(ctx.db, {
    demoPassword,
    mustChangePassword: options.mustChangePassword,
    now: ctx.now.toISOString(),
  });
  if (result.created) {
    await seedDemoTransactions(ctx);
    await seedDemoBankAccounts(ctx.db, ctx.now.toISOString());
  }
  return result;
}

export { seedBase, type BaseSeedResult, type DemoSeedContext };
