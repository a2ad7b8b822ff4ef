/**
 * Demo: each simulated bank's pooled statement account (@tagih/contract/demo-bank
 * DEMO_BANK_ACCOUNTS) as a Bank_Account linked to every active demo company (the ones with
 * transactions), so that the statements the bank simulator serves (a file download, or pulled
 * over SNAP bank-statement) reconcile against the demo transactions.
 */
import type { Kysely } from 'kysely';
import { DEMO_BANK_ACCOUNTS } from '@tagih/contract/demo-bank';
import { auditOnCreate } from '../audit.ts';
import type { Database } from '../tables.ts';
import { SYSTEM_USER } from './base.ts';

export async function seedDemoBankAccounts(db: Kysely<Database>, now: string): Promise<void> {
  const companies = await db
    .selectFrom('companies')
    .select('compId')
    .where('compStatus', '=', 1)
    .orderBy('compId')
    .execute();
  await db.transaction().execute(async (tx) => {
    for (const [bank, accountNo] of Object.entries(DEMO_BANK_ACCOUNTS)) {
      const known = await tx
        .selectFrom('bank_accounts')
        .select('baccId')
        .where('baccBank', '=', bank)
        .where('baccAccountNo', '=', accountNo)
        .executeTakeFirst();
      if (known) continue;
      const row = await tx
        .insertInto('bank_accounts')
        .values({
          baccBank: bank,
          baccAccountNo: accountNo,
          baccName: `Rekening penampung ${bank}`,
          baccCsvMapping: null,
          ...auditOnCreate('bacc', SYSTEM_USER, now),
        })
        .returning('baccId')
        .executeTakeFirstOrThrow();
      if (companies.length > 0)
        await tx
          .insertInto('bank_account_companies')
          .values(companies.map((c) => ({ bacoBaccId: row.baccId, bacoCompId: c.compId })))
          .execute();
    }
  });
}
