/** SQL for the generic master resources; table and column names come from resource configs, values are bound. */
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/tables.ts';

export type DbOrTx = Kysely<Database> | Transaction<Database>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic resources span every master table
export type AnyQuery = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const untyped = (db: DbOrTx) => db as unknown as AnyDb;

export async function insertRow(db: DbOrTx, table: string, idColumn: string, values: Record<string, unknown>): Promise<unknown> {
  const row = await untyped(db).insertInto(table).values(values).returning(idColumn).executeTakeFirstOrThrow();
  return (row as Record<string, unknown>)[idColumn];
}

export async function updateRow(db: DbOrTx, table: string, idColumn: string, id: unknown, values: Record<string, unknown>): Promise<boolean> {
  const result = await untyped(db).updateTable(table).set(values).where(idColumn, '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRow(db: DbOrTx, table: string, idColumn: string, id: unknown): Promise<boolean> {
  const result = await untyped(db).deleteFrom(table).where(idColumn, '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function rowExists(db: DbOrTx, table: string, column: string, value: unknown): Promise<boolean> {
  const row = await untyped(db).selectFrom(table).select(column).where(column, '=', value).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function countWhere(db: DbOrTx, table: string, column: string, value: unknown): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', value)
    .executeTakeFirst();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}

/** `table.column = id` on a resource's joined query. */
export const whereId = (qb: AnyQuery, table: string, column: string, id: unknown): AnyQuery =>
  qb.where(sql.ref(`${table}.${column}`), '=', id);
