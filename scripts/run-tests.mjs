// `npm test`: typecheck, lint, unit + server tests (Vitest: SQLite always, PostgreSQL when
// TEST_DATABASE_URL is set) and the browser tests (Playwright + Debian's Chromium).
// Prints one closing line: "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const only = process.argv[2]; // optional: typecheck | lint | unit | e2e
const reports = mkdtempSync(join(tmpdir(), 'tagih-tests-'));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const totals = { passed: 0, failed: 0, skipped: 0 };
let stepsFailed = [];

function run(name, command, args, env = {}) {
  console.log(`\n=== ${name}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) stepsFailed.push(name);
  return result.status === 0;
}

if (!only || only === 'typecheck') {
  for (const project of ['packages/contract', 'apps/server', 'apps/bank-sim', 'apps/web', 'e2e', 'bench']) {
    if (existsSync(join(root, project, 'tsconfig.json'))) run(`typecheck ${project}`, 'npx', ['tsc', '-p', project]);
  }
}
if (!only || only === 'lint') run('lint', 'npx', ['eslint', '--max-warnings=0', '.']);

if (!only || only === 'unit') {
  const out = join(reports, 'vitest.json');
  run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
}

if (!only || only === 'e2e') {
  if (!existsSync(CHROMIUM)) {
    const banner = `\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n!!  BROWSER TESTS SKIPPED: no Chromium at ${CHROMIUM}.\n!!  Install Debian's package:  apt-get install chromium\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n`;
    console.error(banner);
    if (process.env.CI) stepsFailed.push('e2e (Chromium missing on CI)');
  } else if (run('build web', 'npm', ['run', 'build', '-w', '@tagih/web'])) {
    const out = join(reports, 'playwright.json');
    run('e2e', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', '--reporter=list,json'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      CHROMIUM_PATH: CHROMIUM,
    });
    if (existsSync(out)) {
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      totals.passed += s.expected;
      totals.failed += s.unexpected + (s.flaky ?? 0) * 0;
      totals.skipped += s.skipped;
    }
  }
}

if (stepsFailed.length) console.error(`\nFailed steps: ${stepsFailed.join(', ')}`);
if (stepsFailed.length && totals.failed === 0) totals.failed = stepsFailed.length;
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(stepsFailed.length ? 1 : 0);
