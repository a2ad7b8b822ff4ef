/**
 * `npm run generate -- --va 1000000 --qris 200000 --days 30`: fills the configured database
 * (DATABASE_URL, default the embedded SQLite file) with realistic synthetic VA and QRIS
 * transactions, their notifications and history, spread over the active companies.
 * `--method fast` (default): PostgreSQL COPY, SQLite prepared statements, the transaction rollup
 * rebuilt from the rows at the end; `--method batches`: the previous 20,000-transaction batches
 * through Kysely (bulk-generate.ts). `npm run rollups:verify` checks the rollup either way.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@tagih/server/src/config.ts';
import { demoPasswordOf, openConfiguredDatabase } from '@tagih/server/src/db/bootstrap.ts';
import { seedDemoMaster } from '@tagih/server/src/db/seed/demo-master.ts';
import {
  activeCompanies,
  GENERATE_METHODS,
  generateTransactions,
  type GenerateMethod,
} from './bulk-generate.ts';

const { values } = parseArgs({
  options: {
    va: { type: 'string', default: '0' },
    qris: { type: 'string', default: '0' },
    days: { type: 'string', default: '30' },
    method: { type: 'string', default: 'fast' },
  },
});
const counts = { VA: Number(values.va), QRIS: Number(values.qris) };
const days = Number(values.days);
const method = values.method as GenerateMethod;
if (
  ![counts.VA, counts.QRIS, days].every((n) => Number.isInteger(n) && n >= 0) ||
  counts.VA + counts.QRIS === 0 ||
  !GENERATE_METHODS.includes(method)
) {
  console.error(
    `usage: npm run generate -- --va N --qris M [--days D] [--method ${GENERATE_METHODS.join('|')}]   (whole numbers; at least one of N, M > 0)`,
  );
  process.exit(2);
}

const config = loadConfig();
const now = new Date();
const { database, base } = await openConfiguredDatabase(config, now);
if (base.generatedAdminPassword)
  console.log(`admin: ${base.adminUsername} / ${base.generatedAdminPassword}`);

let companies = await activeCompanies(database.kysely);
if (companies.length === 0) {
  const password = demoPasswordOf(config);
  await seedDemoMaster(database.kysely, { demoPassword: password, now: now.toISOString() });
  console.log(`No active company: added the demo companies and users (password ${password}).`);
  companies = await activeCompanies(database.kysely);
}

const result = await generateTransactions(
  { db: database, url: config.databaseUrl },
  {
    counts,
    days,
    now,
    timeZone: config.businessTz,
    companies,
    method,
    log: (line) => console.log(line),
  },
);
console.log(
  `Inserted ${result.total.toLocaleString('en')} transactions (VA ${counts.VA}, QRIS ${counts.QRIS}) over ${days} days into ${database.dialect} in ${result.seconds.toFixed(1)} s (${result.rowsPerSecond.toLocaleString('en')} rows/s, method ${result.method}).`,
);
await database.close();
