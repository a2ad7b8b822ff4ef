/** Bank accounts' rows (with their linked companies gathered) and the links' SQL. */
import { sql } from 'kysely';
import { isPostgres, type DbOrTx } from '../../../db/tables.ts';
import type { ResourceRows } from '../crud-repo.ts';

/** Separates the gathered ids and names: no company name holds it (contract NAME_CHARS). */
export const LIST_SEPARATOR = '|';

/** Per account: its company ids and names, each joined by LIST_SEPARATOR, ordered by company id. */
function linkedCompanies(db: DbOrTx) {
  const gather = (column: string) =>
    isPostgres(db)
      ? sql<string>`string_agg(cast(${sql.ref(column)} as text), ${LIST_SEPARATOR} order by ${sql.ref('bacoCompId')})`
      : sql<string>`group_concat(${sql.ref(column)}, ${LIST_SEPARATOR})`;
  return db
    .selectFrom('bank_account_companies')
    .innerJoin('companies', 'compId', 'bacoCompId')
    .select([
      'bacoBaccId',
      gather('bacoCompId').as('compIdList'),
      gather('compName').as('compNameList'),
    ])
    .groupBy('bacoBaccId')
    .as('bc');
}

export const bankAccountRows: ResourceRows = {
  table: 'bank_accounts',
  idColumn: 'baccId',
  from: (db) =>
    db
      .selectFrom('bank_accounts')
      .leftJoin(linkedCompanies(db), 'bc.bacoBaccId', 'bank_accounts.baccId'),
  select: (qb) =>
    qb.select([
      'bank_accounts.baccId',
      'bank_accounts.baccBank',
      'bank_accounts.baccAccountNo',
      'bank_accounts.baccName',
      'bank_accounts.baccCsvMapping',
      'bank_accounts.baccCreatedTime',
      'bank_accounts.baccCreatedUserId',
      'bank_accounts.baccUpdatedTime',
      'bank_accounts.baccUpdatedUserId',
      'bc.compIdList',
      'bc.compNameList',
    ]),
};

export async function insertAccount(db: DbOrTx, values: Record<string, unknown>): Promise<number> {
  const row = await db
    .insertInto('bank_accounts')
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the body's columns, checked by the contract
    .values(values as any)
    .returning('baccId')
    .executeTakeFirstOrThrow();
  return row.baccId;
}

export async function updateAccount(
  db: DbOrTx,
  baccId: number,
  values: Record<string, unknown>,
): Promise<void> {
  await db.updateTable('bank_accounts').set(values).where('baccId', '=', baccId).execute();
}

export async function deleteAccount(db: DbOrTx, baccId: number): Promise<void> {
  await db.deleteFrom('bank_accounts').where('baccId', '=', baccId).execute();
}

/** Replaces an account's company links. */
export async function setCompanies(
  db: DbOrTx,
  baccId: number,
  compIds: readonly number[],
): Promise<void> {
  await db.deleteFrom('bank_account_companies').where('bacoBaccId', '=', baccId).execute();
  if (compIds.length > 0)
    await db
      .insertInto('bank_account_companies')
      .values(compIds.map((bacoCompId) => ({ bacoBaccId: baccId, bacoCompId })))
      .execute();
}
