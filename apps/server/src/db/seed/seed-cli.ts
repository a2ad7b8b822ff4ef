/** `npm run seed:demo`: demo data on the configured database (any dialect). */
import { loadConfig } from '../../config.ts';
import { demoPasswordOf, openConfiguredDatabase, seedConfiguredDemo } from '../bootstrap.ts';

const config = loadConfig();
const now = new Date();
const { database, base } = await openConfiguredDatabase(config, now);
if (base.generatedAdminPassword)
  console.log(`admin: ${base.adminUsername} / ${base.generatedAdminPassword}`);
const demoPassword = demoPasswordOf(config);
const demo = await seedConfiguredDemo(database, config, now, demoPassword);
// A password given through DEMO_PASSWORD is never printed; a generated one is, once.
const passwordNote = config.demoPassword ? 'password: DEMO_PASSWORD' : `password: ${demoPassword}`;
console.log(
  demo.created
    ? `Demo data added. Users: ${demo.users.map((u) => `${u.username} (${u.label})`).join(', ')}; ${passwordNote}`
    : 'Demo data already present; nothing added.',
);
await database.close();
