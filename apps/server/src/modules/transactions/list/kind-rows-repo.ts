/**
 * Each kind's rows are a derived table whose column names are the API field names, so filters,
 * order and CSV work on the fields as the user sees them.
 *
 * A derived table can be asked for only some of its columns: it then joins only the tables
 * those columns come from. The joins are LEFT JOINs on unique keys (at most one detail row and
 * one notification per transaction), so leaving one out never changes which rows there are;
 * it is what lets the totals and the choice of a page read one index instead of three tables.
 */
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { TransactionKindDef } from '@tagih/contract';
import { isPostgres, type DbOrTx } from '../../../db/tables.ts';
import type { UtcRange } from '../../../shared/date-range.ts';
import type { SearchLead } from './search-repo.ts';

/** The tables joined to `transactions as t`: n = notification, v = VA detail, q = QRIS detail. */
type Joined = 'n' | 'v' | 'q';

interface Column {
  name: string;
  /** SQL of the value; `sql.ref('t.trctId')` or a coalesce over joined tables. */
  value: Expression<unknown>;
  needs: readonly Joined[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the derived table's columns are the kind's fields
type KindRows = SelectQueryBuilder<any, any, any>;

const ref = (column: string) => sql.ref(column);
const coalesce = (...columns: string[]) => sql`coalesce(${sql.join(columns.map(ref))})`;
const col = (
  name: string,
  needs: readonly Joined[] = [],
  value: Expression<unknown> = ref(`${needs[0] ?? 't'}.${name}`),
): Column => ({ name, value, needs });

const COLUMNS: Record<TransactionKindDef['type'], readonly Column[]> = {
  VA: [
    col('trctId'),
    col('trctOrderId'),
    col(
      'trctVirtualAccountNo',
      ['v'],
      coalesce('t.trctVirtualAccountNo', 'v.trvaVirtualAccountNo'),
    ),
    col(
      'trctVirtualAccountName',
      ['v'],
      coalesce('t.trctVirtualAccountName', 'v.trvaVirtualAccountName'),
    ),
    col('trctBank'),
    col('trctTotalAmount'),
    col('trctTotalAmountPaid'),
    col('trctCreatedTime'),
    col('trvaExpiredDate', ['v']),
    col('trctLunasTime'),
    col('trctStatus'),
    col('trvaVirtualAccountNo', ['v']),
    col('trvaVirtualAccountName', ['v']),
    col('notiStatus', ['n']),
    col('lunasAmount', [], coalesce('t.trctTotalAmountPaid', 't.trctTotalAmount')),
  ],
  QRIS: [
    col('trctId'),
    col('trctOrderId'),
    col('trctQrName'),
    col('trctBank', [], coalesce('t.trctBank', 't.trctQrBank')),
    col('trqrReferenceNo', ['q']),
    col('trctTotalAmount', ['q'], coalesce('t.trctTotalAmount', 'q.trqrTotalAmount')),
    col('trctTotalAmountPaid'),
    col('trctCreatedTime'),
    col('trctStatus'),
    col('trctQrBank'),
    col('trqrCreatedTime', ['q']),
    col('notiStatus', ['n']),
    col(
      'lunasAmount',
      ['q'],
      coalesce('t.trctTotalAmountPaid', 't.trctTotalAmount', 'q.trqrTotalAmount'),
    ),
  ],
};

/**
 * PostgreSQL only: fields whose lowered text the VA detail also stores (migration 0015), and the
 * derived table's column that carries it beside the field. The list's text tests read it instead
 * of lowering the field in every row they test (list-sql.ts, `loweredColumns`).
 */
const LOWERED_TWINS: Readonly<Record<string, Column>> = {
  trvaVirtualAccountName: col('trvaVirtualAccountNameLower', ['v']),
};

/** The field -> lowered-twin column map for the list's text tests (empty on SQLite). */
export function loweredColumns(db: DbOrTx): Readonly<Record<string, string>> {
  if (!isPostgres(db)) return {};
  return Object.fromEntries(
    Object.entries(LOWERED_TWINS).map(([field, twin]) => [field, twin.name]),
  );
}

/**
 * How SQLite reads `transactions` (ignored on PostgreSQL): `planner` lets its planner choose;
 * `idWalk` walks transactions_id_walk_idx in id order (migration 0012, page-plan.ts) instead of
 * sorting the created-time range; `rowids` looks rows up only by id, for a query already narrowed
 * to a few candidate ids (search-repo.ts), which the planner would otherwise check against a
 * scan of the whole range; a `SearchLead` reads an FTS5 table's matches first and looks each row
 * up by id (search-repo.ts says why).
 */
export type RowAccess = 'planner' | 'idWalk' | 'rowids' | SearchLead;

const SQLITE_FROM: Record<'idWalk' | 'rowids', ReturnType<typeof sql>> = {
  idWalk: sql`"transactions" as "t" indexed by "transactions_id_walk_idx"`,
  rowids: sql`"transactions" as "t" not indexed`,
};

/**
 * The FTS5 table leads (CROSS JOIN keeps it outermost) and trctId is its rowid, so that an order
 * by trctId is the FTS5 table's own order: SQLite then reads its matches newest first and stops
 * at the limit instead of sorting them all (it hands a virtual table an order on its rowid only).
 */
const searchFrom = (lead: SearchLead) =>
  sql`${sql.table(lead.table)} cross join "transactions" as "t" not indexed`;
const searchRowid = (lead: SearchLead) => sql.ref(`${lead.table}.rowid`);
const searchMatch = (lead: SearchLead) =>
  sql<SqlBool>`${sql.table(lead.table)} match ${lead.match}`;

/** SQLite's FROM for `access` (raw SQL naming the same table as `t`); null: the planner's own. */
function sqliteFrom(access: RowAccess) {
  if (access === 'planner') return null;
  return typeof access === 'object' ? searchFrom(access) : SQLITE_FROM[access];
}

/** Whose transactions: a company's of one kind, created within a range. */
export interface KindRowsOf {
  type: TransactionKindDef['type'];
  compId: number;
  range: UtcRange;
}

/**
 * The company's transactions of a kind as a derived table (the fields plus notiStatus and
 * lunasAmount); with `fields`, only those columns and the joins they need; `access`: see RowAccess.
 */
export function kindRows(
  db: DbOrTx,
  { type, compId, range }: KindRowsOf,
  read: { fields?: ReadonlySet<string>; access?: RowAccess } = {},
): KindRows {
  const { fields, access = 'planner' } = read;
  const sqlite = !isPostgres(db);
  const columns = COLUMNS[type];
  const picked = fields ? columns.filter((c) => fields.has(c.name)) : columns;
  // A field's lowered twin comes with it (PostgreSQL), so that its text tests can read it.
  const chosen = sqlite
    ? picked
    : picked.flatMap((c) => (LOWERED_TWINS[c.name] ? [c, LOWERED_TWINS[c.name]!] : [c]));
  const needs = new Set(chosen.flatMap((c) => c.needs));
  const lead = sqlite && typeof access === 'object' ? access : null;
  const from = (sqlite && sqliteFrom(access)) || 'transactions as t';
  let q: KindRows = db
    .selectFrom(from as 'transactions as t')
    .where('t.trctCompId', '=', compId)
    .where('t.trctType', '=', type);
  if (lead) q = q.where('t.trctId', '=', searchRowid(lead)).where(searchMatch(lead));
  if (range.start) q = q.where('t.trctCreatedTime', '>=', range.start);
  if (range.end) q = q.where('t.trctCreatedTime', '<', range.end);
  if (needs.has('n')) q = q.leftJoin('notifications as n', 'n.notiTrctId', 't.trctId');
  if (needs.has('v')) q = q.leftJoin('transaction_va as v', 'v.trvaTrctId', 't.trctId');
  if (needs.has('q')) q = q.leftJoin('transaction_qr as q', 'q.trqrTrctId', 't.trctId');
  const value = (c: Column) => (lead && c.name === 'trctId' ? searchRowid(lead) : c.value);
  // At least one column, so that a derived table is valid SQL whatever was asked.
  return q.select(
    (chosen.length > 0 ? chosen : columns.slice(0, 1)).map((c) => sql`${value(c)}`.as(c.name)),
  );
}
