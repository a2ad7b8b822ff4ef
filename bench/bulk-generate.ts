/**
 * The bulk generator behind `npm run generate` and the benchmarks: realistic synthetic VA and
 * QRIS transactions (with notifications and history) spread over the given companies,
 * inserted by db/seed/bulk-transactions.ts: 20,000 transactions per database transaction (one
 * JSON-parameter INSERT per table on PostgreSQL, multi-row INSERTs on SQLite), and the batch's
 * rollup groups added in that same transaction (not rebuilt at the end: the rollup is exact
 * after every batch, so an interrupted run leaves a consistent database).
 */
import type { Kysely } from 'kysely';
import type { Database } from '@tagih/server/src/db/tables.ts';
import { insertTransactions } from '@tagih/server/src/db/seed/bulk-transactions.ts';
import { syntheticTransactions } from '@tagih/server/src/db/seed/synthetic-transactions.ts';

export interface GeneratorCompany {
  compId: number;
  clntid: number;
  clntCallbackUrl: string | null;
}

export interface GenerateOptions {
  counts: { VA: number; QRIS: number };
  /** Spread over the last `days` days and today. */
  days: number;
  now: Date;
  timeZone: string;
  /** Each type's count is shared out evenly over these companies. */
  companies: readonly GeneratorCompany[];
  /** Progress lines (every 100,000 rows of a company); default: none. */
  log?: (line: string) => void;
}

export interface GenerateResult {
  total: number;
  seconds: number;
  rowsPerSecond: number;
}

/** Active companies that have a client (transactions belong to a company and its client), by id. */
export function activeCompanies(db: Kysely<Database>, names?: readonly string[]): Promise<GeneratorCompany[]> {
  let q = db
    .selectFrom('companies')
    .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
    .select(['compId', 'clntid', 'clntCallbackUrl'])
    .where('compStatus', '=', 1);
  if (names) q = q.where('compName', 'in', names);
  return q.orderBy('compId').execute();
}

export async function generateTransactions(db: Kysely<Database>, o: GenerateOptions): Promise<GenerateResult> {
  const run = o.now.getTime().toString(36).toUpperCase();
  const started = Date.now();
  let total = 0;
  for (const type of ['VA', 'QRIS'] as const) {
    for (const [i, c] of o.companies.entries()) {
      const share = Math.floor(o.counts[type] / o.companies.length) + (i < o.counts[type] % o.companies.length ? 1 : 0);
      if (share === 0) continue;
      const source = syntheticTransactions({
        type, compId: c.compId, clntId: c.clntid, count: share, days: o.days, now: o.now, timeZone: o.timeZone,
        seed: started + c.compId * 7919 + (type === 'VA' ? 1 : 2), orderPrefix: `G${run}${type === 'VA' ? 'V' : 'Q'}${c.compId}`, callbackUrl: c.clntCallbackUrl,
      });
      await insertTransactions(db, source, (done) => {
        if (o.log && done % 100_000 === 0) {
          const seconds = (Date.now() - started) / 1000;
          o.log(`${type} company ${c.compId}: ${done.toLocaleString('en')} / ${share.toLocaleString('en')}  (${Math.round((total + done) / seconds).toLocaleString('en')} rows/s overall)`);
        }
      });
      total += share;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  return { total, seconds, rowsPerSecond: Math.round(total / Math.max(seconds, 1e-9)) };
}
