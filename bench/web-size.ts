/**
 * `npm run bench:web-size -w @tagih/bench -- [--build] [--dist apps/web/dist]`
 *
 * The JavaScript and CSS each page must download before it can show itself, from the web
 * build's module graph (dist/.vite/manifest.json, written by `vite build`): the entry of
 * index.html with everything it imports statically, plus the lazy modules the page's route
 * loads (the dashboard layout, the screen), each with its own static imports. Sizes are the
 * gzip (level 9) and brotli (quality 11) sizes of the files, i.e. what moves over the wire when
 * the server sends the precompressed copies. What a page can load later (dialogs, pickers,
 * other screens) is listed apart.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({
  options: {
    build: { type: 'boolean', default: false },
    dist: { type: 'string', default: join(root, 'apps/web/dist') },
  },
});
const dist = resolve(args.dist);

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Each page: the lazy modules (source paths, as the manifest names them) its route loads. */
const PAGES: { page: string; budgetKb?: number; lazy: string[] }[] = [
  { page: '/login', budgetKb: 200, lazy: [] },
  { page: '/selectcompany', lazy: ['src/features/select-company/select-company-screen.tsx'] },
  {
    page: '/dashboard/home',
    lazy: ['src/app/shell/dashboard-layout.tsx', 'src/features/home/home-screen.tsx'],
  },
  {
    page: '/dashboard/transaction-va',
    budgetKb: 180,
    lazy: [
      'src/app/shell/dashboard-layout.tsx',
      'src/features/transactions/transaction-screens.tsx',
    ],
  },
];

if (args.build) {
  const built = spawnSync('npm', ['run', 'build', '-w', '@tagih/web'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (built.status !== 0) process.exit(built.status ?? 1);
}
const manifestPath = join(dist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(
    `${manifestPath} is missing: build the web app first (--build), with build.manifest on`,
  );
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;

const sizes = new Map<string, { raw: number; gzip: number; brotli: number }>();
function sizeOf(file: string) {
  let size = sizes.get(file);
  if (!size) {
    const content = readFileSync(join(dist, file));
    size = {
      raw: content.length,
      gzip: gzipSync(content, { level: 9 }).length,
      brotli: brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        .length,
    };
    sizes.set(file, size);
  }
  return size;
}

/** The manifest keys a set of modules needs at once: themselves and their static imports. */
function staticClosure(keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
if (!entry) throw new Error('the manifest has no entry');

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sum = (files: Iterable<string>, pick: 'raw' | 'gzip' | 'brotli') =>
  [...files].reduce((total, file) => total + sizeOf(file)[pick], 0);

console.log(`web build: ${dist}\n`);
console.log(
  '| page | JS files | JS raw KB | JS gzip KB | JS brotli KB | CSS gzip KB | budget (gzip) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | --- |');
const later = new Map<string, Set<string>>();
for (const { page, budgetKb, lazy } of PAGES) {
  // A lazy module that is not in the manifest is bundled into a chunk already counted.
  const keys = staticClosure([entry, ...lazy.filter((key) => manifest[key])]);
  const js = new Set(
    [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js')),
  );
  const css = new Set([...keys].flatMap((key) => manifest[key]!.css ?? []));
  const gzip = sum(js, 'gzip');
  const verdict =
    budgetKb === undefined ? '' : `${gzip / 1024 <= budgetKb ? 'met' : 'NOT met'} (≤ ${budgetKb})`;
  console.log(
    `| ${page} | ${js.size} | ${kb(sum(js, 'raw'))} | ${kb(gzip)} | ${kb(sum(js, 'brotli'))} | ${kb(sum(css, 'gzip'))} | ${verdict} |`,
  );
  const deferred = new Set<string>();
  for (const key of keys) {
    for (const dynamic of manifest[key]!.dynamicImports ?? []) {
      for (const needed of staticClosure([dynamic])) if (!keys.has(needed)) deferred.add(needed);
    }
  }
  later.set(page, deferred);
}

console.log('\nLoaded later, on demand (gzip KB), per page:');
for (const [page, keys] of later) {
  const files = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
  const named = [...keys]
    .filter((key) => manifest[key]!.src)
    .map((key) => key.replace(/^.*\//, ''))
    .filter((name) => !name.endsWith('.css'));
  console.log(
    `  ${page}: ${kb(sum(new Set(files), 'gzip'))} KB in ${files.length} files (${named.join(', ')})`,
  );
}
