/** SQL for the generic master resources; table and column names come from each resource's rows, values are bound. */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListQuery, ResourceDef } from '@tagih/contract';
import {
  applyFilters,
  applyOrderAndBatch,
  countRows,
  type ListSqlOptions,
  type PageBatch,
} from '../../db/list-sql.ts';
import type { DbOrTx } from '../../db/tables.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the generic resources span every master table
export type AnyQuery = SelectQueryBuilder<any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
export type DbRow = Record<string, unknown>;

/** Where a resource's rows live (resources/rows-repo.ts has one per resource). */
export interface ResourceRows {
  /** The resource's own table: writes go here. */
  table: string;
  /** Column the URL id addresses. */
  idColumn: string;
  /** The table with its look-up joins, before any selection. */
  from(db: DbOrTx): AnyQuery;
  /** Adds the selected columns (never secrets). */
  select(qb: AnyQuery): AnyQuery;
  /** field -> SQL column, for fields that do not live in `table`. */
  columns?: Record<string, string>;
}

const untyped = (db: DbOrTx) => db as unknown as AnyDb;

/** How a list query is counted and its page read, whole or in batches. */
export function listPlan(
  db: DbOrTx,
  rows: ResourceRows,
  def: ResourceDef,
  query: ListQuery,
  timeZone: string,
) {
  const options: ListSqlOptions = {
    ...(rows.columns ? { columns: rows.columns } : {}),
    timeZone,
    tieBreaker: `${rows.table}.${rows.idColumn}`,
  };
  const filtered = applyFilters(rows.from(db), query, def, options);
  return {
    count: () => countRows(filtered),
    /** The page's rows (`batch` null) or one batch of them. */
    read: async (batch: PageBatch | null) =>
      (await applyOrderAndBatch(rows.select(filtered), query, options, batch).execute()) as DbRow[],
  };
}

/** One page of a list query, and how many rows all its pages hold. */
export async function listPage(
  db: DbOrTx,
  rows: ResourceRows,
  def: ResourceDef,
  query: ListQuery,
  timeZone: string,
): Promise<{ total: number; page: DbRow[] }> {
  const plan = listPlan(db, rows, def, query, timeZone);
  const total = await plan.count();
  return { total, page: await plan.read(null) };
}

export async function findById(
  db: DbOrTx,
  rows: ResourceRows,
  id: unknown,
): Promise<DbRow | undefined> {
  const byId = rows.from(db).where(sql.ref(`${rows.table}.${rows.idColumn}`), '=', id);
  return (await rows.select(byId).executeTakeFirst()) as DbRow | undefined;
}

export async function insertRow(
  db: DbOrTx,
  rows: ResourceRows,
  values: Record<string, unknown>,
): Promise<string | number> {
  const row = await untyped(db)
    .insertInto(rows.table)
    .values(values)
    .returning(rows.idColumn)
    .executeTakeFirstOrThrow();
  return (row as Record<string, string | number>)[rows.idColumn]!;
}

export async function updateRow(
  db: DbOrTx,
  rows: ResourceRows,
  id: unknown,
  values: Record<string, unknown>,
): Promise<boolean> {
  const result = await untyped(db)
    .updateTable(rows.table)
    .set(values)
    .where(rows.idColumn, '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRow(db: DbOrTx, rows: ResourceRows, id: unknown): Promise<boolean> {
  const result = await untyped(db)
    .deleteFrom(rows.table)
    .where(rows.idColumn, '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function rowExists(
  db: DbOrTx,
  table: string,
  column: string,
  value: unknown,
): Promise<boolean> {
  const row = await untyped(db)
    .selectFrom(table)
    .select(column)
    .where(column, '=', value)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countWhere(
  db: DbOrTx,
  table: string,
  column: string,
  value: unknown,
): Promise<number> {
  const row = await untyped(db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where(column, '=', value)
    .executeTakeFirst();
  return Number((row as { n?: number | string } | undefined)?.n ?? 0);
}
