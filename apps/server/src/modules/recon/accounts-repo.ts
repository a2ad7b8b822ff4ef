/** SQL of bank accounts as reconciliation reads them: an account with its companies, found by id or by number. */
import type { DbOrTx } from '../../db/tables.ts';

export interface AccountScope {
  baccId: number;
  bank: string;
  accountNo: string;
  name: string;
  compIds: number[];
  csvMapping: string | null;
}

async function withCompanies(
  db: DbOrTx,
  rows: {
    baccId: number;
    baccBank: string;
    baccAccountNo: string;
    baccName: string;
    baccCsvMapping: string | null;
  }[],
): Promise<AccountScope[]> {
  if (rows.length === 0) return [];
  const links = await db
    .selectFrom('bank_account_companies')
    .select(['bacoBaccId', 'bacoCompId'])
    .where(
      'bacoBaccId',
      'in',
      rows.map((r) => r.baccId),
    )
    .orderBy('bacoCompId')
    .execute();
  return rows.map((r) => ({
    baccId: r.baccId,
    bank: r.baccBank,
    accountNo: r.baccAccountNo,
    name: r.baccName,
    csvMapping: r.baccCsvMapping,
    compIds: links.filter((l) => l.bacoBaccId === r.baccId).map((l) => l.bacoCompId),
  }));
}

const columns = ['baccId', 'baccBank', 'baccAccountNo', 'baccName', 'baccCsvMapping'] as const;

export async function accountById(db: DbOrTx, baccId: number): Promise<AccountScope | undefined> {
  return (
    await withCompanies(
      db,
      await db.selectFrom('bank_accounts').select(columns).where('baccId', '=', baccId).execute(),
    )
  )[0];
}

/** Accounts whose number is `digits` (a file names its account without the bank). */
export async function accountsByNumber(db: DbOrTx, digits: string): Promise<AccountScope[]> {
  return withCompanies(
    db,
    await db
      .selectFrom('bank_accounts')
      .select(columns)
      .where('baccAccountNo', '=', digits)
      .execute(),
  );
}

/** The accounts a company's payments settle into. */
export async function accountsOfCompany(db: DbOrTx, compId: number): Promise<AccountScope[]> {
  const rows = await db
    .selectFrom('bank_accounts')
    .innerJoin('bank_account_companies', 'bacoBaccId', 'baccId')
    .select(columns)
    .where('bacoCompId', '=', compId)
    .execute();
  return withCompanies(db, rows);
}

export async function allAccounts(db: DbOrTx): Promise<AccountScope[]> {
  return withCompanies(
    db,
    await db.selectFrom('bank_accounts').select(columns).orderBy('baccId').execute(),
  );
}
