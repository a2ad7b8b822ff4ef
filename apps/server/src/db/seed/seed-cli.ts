/** `npm run seed:demo`: demo data on the configured database (any dialect). */
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { randomPassword } from '../../security/tokens.ts';
import { seedBase, seedDemo } from './index.ts';

const config = loadConfig();
const database = openDatabase(config.databaseUrl);
await migrateToLatest(database.kysely);
const now = new Date();
const base = await seedBase(database.kysely, { adminUsername: config.adminUsername, adminPassword: config.adminPassword, now: now.toISOString() });
if (base.generatedAdminPassword) console.log(`admin: ${base.adminUsername} / ${base.generatedAdminPassword}`);
const demoPassword = config.demoPassword ?? randomPassword();
const merchantCallbackBase = `http://127.0.0.1:${config.merchantSimPort}`;
const demo = await seedDemo({ db: database.kysely, now, businessTz: config.businessTz, merchantCallbackBase }, demoPassword);
console.log(demo.created ? `Demo data added. Users: ${demo.users.map((u) => `${u.username} (${u.label})`).join(', ')}; password: ${demoPassword}` : 'Demo data already present; nothing added.');
await database.close();
