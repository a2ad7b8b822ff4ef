// One lint setup for the whole repository (flat config).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importPlugin from 'eslint-plugin-import';
import importCycles from './scripts/eslint-import-cycles.js';

/** Import boundaries (docs/architecture.md): `target` may not import from `from`. */
const web = (dir) => `./apps/web/src/${dir}`;
const server = (dir) => `./apps/server/src/${dir}`;
const boundaries = [
  // packages/contract is what both ends agree on: it knows nothing of them.
  {
    target: './packages/contract',
    from: './apps',
    message: 'packages/contract imports nothing from apps/.',
  },
  // Web: app/ -> features/<screen>/ -> components/, hooks/, api/.
  ...['components', 'hooks', 'api', 'monitoring'].flatMap((dir) => [
    {
      target: web(dir),
      from: web('features'),
      message: `${dir}/ is shared and domain-free: it never imports a feature.`,
    },
    {
      target: web(dir),
      from: web('app'),
      message: `${dir}/ never imports app/ (the app composes it, not the other way round).`,
    },
  ]),
  { target: web('hooks'), from: web('components'), message: 'hooks/ never imports components/.' },
  { target: web('api'), from: web('components'), message: 'api/ never imports components/.' },
  // Server: HTTP -> services -> repositories -> database.
  {
    target: server('db'),
    from: server('modules'),
    message: 'db/ is below the modules: it never imports them.',
  },
  {
    target: server('integrations'),
    from: server('modules'),
    message: 'integrations/ get what they need from their caller, never from modules/.',
  },
  {
    target: server('deps.ts'),
    from: server('modules'),
    message:
      'deps.ts (what the app is built from) imports no module: the types it needs are declared in it.',
  },
  // The ledger (a bill's life) imports no other module: what follows a change is registered with it (ledger-wiring.ts).
  {
    target: server('modules/ledger'),
    from: server('modules'),
    except: ['./ledger'],
    message:
      'modules/ledger imports no other module: register what must follow a change at the composition root (ledger-wiring.ts).',
  },
  {
    target: server('http'),
    from: server('modules'),
    message: 'http/ (guard, envelope, errors) never imports a module.',
  },
  // The product never imports the simulator; the simulator may import the contract.
  {
    target: './apps/server',
    from: './apps/bank-sim',
    message: 'The product never imports the bank simulator.',
  },
  {
    target: './apps/web',
    from: ['./apps/server', './apps/bank-sim'],
    message: 'The web app talks to the server over HTTP only.',
  },
];

/** A feature never imports another feature: one zone per feature folder. */
function featureZones() {
  const dir = new URL('./apps/web/src/features/', import.meta.url);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => ({
      target: web(`features/${entry.name}`),
      from: web('features'),
      except: [`./${entry.name}`],
      message:
        'Features do not import each other; share through components/, hooks/, api/ or @tagih/contract.',
    }));
}

/** A module never imports another module's repository (call its service instead). */
function moduleRepoZones() {
  const dir = new URL('./apps/server/src/modules/', import.meta.url);
  const modules = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  return modules.flatMap((name) =>
    modules
      .filter((other) => other !== name)
      .map((other) => ({
        target: server(`modules/${name}`),
        from: [server(`modules/${other}/**/*repo.ts`), server(`modules/${other}/**/repos/**`)],
        message: `modules/${name} may call modules/${other}'s service, never its repository.`,
      })),
  );
}

/** Nothing but the ledger imports the ledger's repositories: the SQL of a bill's life is its own (modules, composition roots, db/, ops/ alike). */
function ledgerRepoZones() {
  const src = new URL('./apps/server/src/', import.meta.url);
  const outside = readdirSync(src, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name !== 'modules') return [server(entry.name)];
    return readdirSync(new URL('./modules/', src), { withFileTypes: true })
      .filter((m) => m.name !== 'ledger')
      .map((m) => server(`modules/${m.name}`));
  });
  return outside.map((target) => ({
    target,
    from: [server('modules/ledger/**/*repo.ts')],
    message: "Only the ledger imports its repositories: use modules/ledger's services (index.ts).",
  }));
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { console: 'readonly', process: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { import: importPlugin, local: importCycles },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      'import/no-restricted-paths': [
        'error',
        { zones: [...boundaries, ...featureZones(), ...moduleRepoZones(), ...ledgerRepoZones()] },
      ],
      'local/no-import-cycle': 'error',
    },
  },
  {
    // The product never imports the simulator; demo mode's composition root starts it in-process.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/server/src/demo/demo-simulators.ts', 'apps/server/src/demo/demo-traffic.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@tagih/bank-sim', '@tagih/bank-sim/*'],
              message:
                'The product never imports the bank simulator (only demo/demo-simulators.ts and demo-traffic.ts, beside main.ts, start it for demo mode).',
            },
          ],
        },
      ],
    },
  },
  {
    // Migrations are frozen in time and take Kysely<any> by design.
    files: ['apps/server/src/db/migrat*.ts', 'apps/server/src/db/migrations/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@tagih/*'], message: 'packages/contract imports nothing of the apps.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', 'scripts/**', 'e2e/**', 'bench/**'],
    languageOptions: {
      globals: {
        process: 'readonly',
        console: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
      },
    },
  },
);
