// `npm test`: typecheck, lint and formatting (Prettier), unit + server tests (Vitest) and the browser tests (Playwright +
// Debian's Chromium). Server and browser tests run on SQLite always, and on PostgreSQL too:
// on TEST_DATABASE_URL when it is set, else on a fresh database this script creates on the
// PostgreSQL at 127.0.0.1:5432 (when one answers) and drops at the end, also after a failure.
// Prints one closing line: "tests: N passed, N failed, N skipped".
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
const reports = mkdtempSync(join(tmpdir(), 'tagih-tests-'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where `npm test` looks for PostgreSQL when TEST_DATABASE_URL is not set. */
const POSTGRES_SERVER = 'postgres://postgres@127.0.0.1:5432';
const totals = { passed: 0, failed: 0, skipped: 0 };
const stepsFailed = [];
let interrupted = null;

function banner(lines) {
  const bar = '!'.repeat(78);
  console.error(`\n${bar}\n${lines.map((l) => `!!  ${l}`).join('\n')}\n${bar}\n`);
}

async function run(name, command, args, env = {}) {
  if (interrupted) return false;
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  // Ctrl-C reaches the child too. Let our own signal handler run (it needs a turn of the event
  // loop), so that an interrupted run stops here and cleans up instead of starting the next step.
  await nextTurn();
  if (result.signal === 'SIGINT' || result.signal === 'SIGTERM') interrupted = result.signal;
  if (result.status !== 0) stepsFailed.push(name);
  return result.status === 0;
}

/** Steps that run side by side (each its own process, output interleaved line by line). */
async function runTogether(steps) {
  if (interrupted) return false;
  const runs = steps.map(
    ({ name, command, args, env = {} }) =>
      new Promise((resolve) => {
        console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
        const child = spawn(command, args, {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, ...env },
        });
        child.on('exit', (code, signal) => {
          if (signal === 'SIGINT' || signal === 'SIGTERM') interrupted = signal;
          if (code !== 0) stepsFailed.push(name);
          resolve(code === 0);
        });
      }),
  );
  const results = await Promise.all(runs);
  return results.every(Boolean);
}

/** The URL with its password hidden, for printing. */
function shown(url) {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}

// ---- PostgreSQL: a fresh database per run, unless TEST_DATABASE_URL names one --------------

/** pg comes with apps/server (npm workspaces usually hoist it to the root node_modules). */
function loadPg() {
  const require = createRequire(join(root, 'apps/server/package.json'));
  return require('pg');
}

async function onServer(database, statement) {
  const { Client } = loadPg();
  const client = new Client({
    connectionString: `${POSTGRES_SERVER}/${database}`,
    connectionTimeoutMillis: 5000,
  });
  client.on('error', () => {}); // a dropped connection is reported by the query that hits it
  await client.connect();
  try {
    return await client.query(statement);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Creates tagih_test_<time>_<pid>; returns its URL and name, or null (with a loud banner). */
async function createTestDatabase() {
  const name = `tagih_test_${Date.now()}_${process.pid}`;
  try {
    await onServer('postgres', `create database ${name}`);
  } catch (error) {
    const reason = error?.message || error?.code || String(error);
    const unreachable =
      ['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND'].includes(error?.code) ||
      /timeout/i.test(reason);
    banner([
      unreachable
        ? `POSTGRESQL TESTS SKIPPED: no PostgreSQL answers at ${POSTGRES_SERVER} (${reason}).`
        : `POSTGRESQL TESTS SKIPPED: could not create a test database on ${POSTGRES_SERVER} (${reason}).`,
      'Server and browser tests run on SQLite only. Start PostgreSQL there (user postgres,',
      'no password from 127.0.0.1), or set TEST_DATABASE_URL=postgres://user:pass@host:5432/db.',
    ]);
    return null;
  }
  console.log(
    `\n=== PostgreSQL: created database ${name} on ${POSTGRES_SERVER} (dropped at the end)`,
  );
  return { name, url: `${POSTGRES_SERVER}/${name}` };
}

/** The test database and the per-worker ones the server tests made beside it (apps/server/test/support/worker-database.ts). */
async function dropTestDatabases(name) {
  const workers = await onServer(
    'postgres',
    `select datname from pg_database where datname like '${name}\\_w%'`,
  ).catch(() => ({ rows: [] }));
  for (const database of [...workers.rows.map((r) => r.datname), name])
    await dropTestDatabase(database);
}

async function dropTestDatabase(name) {
  try {
    // WITH (FORCE) (PostgreSQL 13+) also ends connections a killed test left behind.
    await onServer('postgres', `drop database if exists ${name} with (force)`).catch((error) =>
      error?.code === '42601'
        ? onServer('postgres', `drop database if exists ${name}`)
        : Promise.reject(error),
    );
    console.log(`\n=== PostgreSQL: dropped database ${name}`);
  } catch (error) {
    banner([
      `COULD NOT DROP the test database ${name} (${error?.message || String(error)}).`,
      `Drop it by hand: dropdb -h 127.0.0.1 -U postgres ${name}`,
    ]);
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    interrupted = signal;
  });
}

const needsDatabase = !only || only === 'unit' || only === 'e2e';
let created = null;
let testDatabaseUrl = process.env.TEST_DATABASE_URL || null;
if (needsDatabase && testDatabaseUrl) {
  console.log(`\n=== PostgreSQL: tests use TEST_DATABASE_URL ${shown(testDatabaseUrl)}`);
} else if (needsDatabase) {
  created = await createTestDatabase();
  testDatabaseUrl = created?.url ?? null;
}

try {
  if (!only || only === 'typecheck') {
    for (const project of [
      'packages/contract',
      'apps/server',
      'apps/bank-sim',
      'apps/web',
      'e2e',
      'bench',
    ]) {
      if (existsSync(join(root, project, 'tsconfig.json')))
        await run(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
    }
  }
  if (!only || only === 'lint') {
    await run('lint', 'npx', ['eslint', '--max-warnings=0', '.']);
    // One formatting for the whole repository (.prettierrc.json); `npm run format` writes it.
    await run('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
  }

  if (!only || only === 'unit') {
    const out = join(reports, 'vitest.json');
    const dbEnv = testDatabaseUrl ? { TEST_DATABASE_URL: testDatabaseUrl } : {};
    await run(
      'vitest',
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
      dbEnv,
    );
    if (existsSync(out)) {
      const r = JSON.parse(readFileSync(out, 'utf8'));
      totals.passed += r.numPassedTests;
      totals.failed += r.numFailedTests;
      totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    }
  }

  if (!only || only === 'e2e') {
    if (!existsSync(CHROMIUM)) {
      banner([
        `BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}.`,
        "Install Debian's package:  apt-get install chromium",
      ]);
      if (process.env.CI) stepsFailed.push('e2e (Chromium missing on CI)');
    } else if (await run('build web', 'npm', ['run', 'build', '-w', '@tagih/web'])) {
      const env = { CHROMIUM_PATH: CHROMIUM };
      let databases = ['sqlite'];
      if (testDatabaseUrl) {
        // The e2e setup makes its own database on that server with psql (e2e/support/databases.ts).
        if (spawnSync('psql', ['--version'], { stdio: 'ignore' }).status === 0) {
          env.TEST_DATABASE_URL = testDatabaseUrl;
          databases = ['sqlite', 'postgres'];
        } else {
          env.TEST_DATABASE_URL = ''; // an empty value means "SQLite only" to the e2e setup
          banner([
            'BROWSER TESTS ON POSTGRESQL SKIPPED: psql is not on PATH (the e2e setup needs it).',
            'Install it:  apt-get install postgresql-client',
          ]);
        }
      }
      // One Playwright process per database, side by side: each has its own server, browser and
      // artifacts (E2E_DATABASES in e2e/playwright.config.ts); with enough cores the suite takes
      // the time of the longer half (on 2 cores little is gained: README, E2E_DATABASES).
      const outs = databases.map((database) => join(reports, `playwright-${database}.json`));
      await runTogether(
        databases.map((database, i) => ({
          name: `e2e ${database}`,
          command: 'npx',
          args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'],
          env: { ...env, E2E_DATABASES: database, PLAYWRIGHT_JSON_OUTPUT_NAME: outs[i] },
        })),
      );
      for (const out of outs.filter((o) => existsSync(o))) {
        const s = JSON.parse(readFileSync(out, 'utf8')).stats;
        // A flaky test failed once and passed on its retry (CI retries once): counted as passed, named loudly.
        totals.passed += s.expected + (s.flaky ?? 0);
        totals.failed += s.unexpected;
        if (s.flaky)
          banner([
            `E2E: ${s.flaky} test(s) passed only on their retry (flaky); see "flaky" in the list above.`,
            'Fix the cause: a retry hides a race that operators may meet too.',
          ]);
        totals.skipped += s.skipped;
      }
    }
  }
} finally {
  if (created) await dropTestDatabases(created.name);
}

if (interrupted) stepsFailed.push(`interrupted (${interrupted})`);
if (stepsFailed.length) console.error(`\nFailed steps: ${stepsFailed.join(', ')}`);
if (stepsFailed.length && totals.failed === 0) totals.failed = stepsFailed.length;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(stepsFailed.length ? 1 : 0);
