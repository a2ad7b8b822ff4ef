/**
 * `npm run generate -- --va 1000000 --qris 200000 --days 30`: fills the configured database
 * (DATABASE_URL, default the embedded SQLite file) with realistic synthetic VA and QRIS
 * transactions, their notifications and history, spread over the active companies.
 * Multi-row INSERTs of 1,000 rows, one database transaction per batch.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '@tagih/server/src/config.ts';
import { openDatabase } from '@tagih/server/src/db/database.ts';
import { migrateToLatest } from '@tagih/server/src/db/migrate.ts';
import { seedBase } from '@tagih/server/src/db/seed/base.ts';
import { seedDemoMaster } from '@tagih/server/src/db/seed/demo-master.ts';
import { insertTransactions } from '@tagih/server/src/db/seed/bulk-transactions.ts';
import { syntheticTransactions } from '@tagih/server/src/db/seed/synthetic-transactions.ts';
import { randomPassword } from '@tagih/server/src/security/tokens.ts';

const { values } = parseArgs({
  options: { va: { type: 'string', default: '0' }, qris: { type: 'string', default: '0' }, days: { type: 'string', default: '30' } },
});
const counts = { VA: Number(values.va), QRIS: Number(values.qris) };
const days = Number(values.days);
if (![counts.VA, counts.QRIS, days].every((n) => Number.isInteger(n) && n >= 0) || counts.VA + counts.QRIS === 0) {
  console.error('usage: npm run generate -- --va N --qris M [--days D]   (whole numbers; at least one of N, M > 0)');
  process.exit(2);
}

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.kysely);
const now = new Date();
const base = await seedBase(database.kysely, { adminUsername: config.adminUsername, adminPassword: config.adminPassword, now: now.toISOString() });
if (base.generatedAdminPassword) console.log(`admin: ${base.adminUsername} / ${base.generatedAdminPassword}`);

const companiesOf = () =>
  database.kysely.selectFrom('companies').innerJoin('clients', 'clients.clntid', 'companies.compClientId')
    .select(['compId', 'clntid', 'clntCallbackUrl']).where('compStatus', '=', 1).orderBy('compId').execute();
let companies = await companiesOf();
if (companies.length === 0) {
  const password = config.demoPassword ?? randomPassword();
  await seedDemoMaster(database.kysely, { demoPassword: password, now: now.toISOString() });
  console.log(`No active company: added the demo companies and users (password ${password}).`);
  companies = await companiesOf();
}

const run = now.getTime().toString(36).toUpperCase();
const started = Date.now();
let total = 0;
for (const type of ['VA', 'QRIS'] as const) {
  for (const [i, c] of companies.entries()) {
    const share = Math.floor(counts[type] / companies.length) + (i < counts[type] % companies.length ? 1 : 0);
    if (share === 0) continue;
    const source = syntheticTransactions({
      type, compId: c.compId, clntId: c.clntid, count: share, days, now, timeZone: config.businessTz,
      seed: started + c.compId * 7919 + (type === 'VA' ? 1 : 2), orderPrefix: `G${run}${type === 'VA' ? 'V' : 'Q'}${c.compId}`, callbackUrl: c.clntCallbackUrl,
    });
    await insertTransactions(database.kysely, source, (done) => {
      if (done % 50_000 === 0) {
        const seconds = (Date.now() - started) / 1000;
        console.log(`${type} company ${c.compId}: ${done.toLocaleString('en')} / ${share.toLocaleString('en')}  (${Math.round((total + done) / seconds).toLocaleString('en')} rows/s overall)`);
      }
    });
    total += share;
  }
}
const seconds = (Date.now() - started) / 1000;
console.log(`Inserted ${total.toLocaleString('en')} transactions (VA ${counts.VA}, QRIS ${counts.QRIS}) over ${days} days into ${database.dialect} in ${seconds.toFixed(1)} s (${Math.round(total / seconds).toLocaleString('en')} rows/s).`);
await database.close();
