/**
 * `npm run bench:lighthouse -w @tagih/bench -- --url http://127.0.0.1:18350 [--runs 3]
 *   [--user rina --password demo-pass-1 --company "PT Toko Maju"] [--only login|va] [--form mobile|desktop]`
 *
 * Lighthouse performance and accessibility of the sign-in page and of Transaction VA, on mobile (Lighthouse's
 * default: emulated mid-range phone, slow 4G, 4× CPU slowdown) and desktop settings, against a
 * running Tagih (with demo data). Chromium: CHROME_PATH, else /usr/bin/chromium, started
 * headless with --no-sandbox --disable-gpu, a fresh profile per run (nothing cached).
 *
 * Transaction VA needs a session: the bench signs in through the API (as the screen does: the
 * token and the signed-in flag go to localStorage, then the company is chosen), writes them into
 * the fresh profile's localStorage from a request that loads no script (/favicon.svg), and
 * runs Lighthouse with storage reset off (the HTTP cache is empty all the same: new profile).
 * Prints, per page and form factor, the median over the runs of the scores and the metrics,
 * the JavaScript moved (transfer bytes), the number of /status calls, and when the list call
 * started (ms after navigation start).
 */
import { parseArgs } from 'node:util';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { API_BASE, API_PATHS, fillPath } from '@tagih/contract';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://127.0.0.1:18350' },
    runs: { type: 'string', default: '1' },
    user: { type: 'string', default: 'rina' },
    password: { type: 'string', default: process.env.DEMO_PASSWORD ?? 'demo-pass-1' },
    company: { type: 'string', default: 'PT Toko Maju' },
    only: { type: 'string' },
    form: { type: 'string' },
  },
});
const origin = new URL(args.url).origin;
const runs = Number(args.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number >= 1 (got ${args.runs})`);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface Envelope<T> {
  status: { error: number; message: string };
  data: T;
}
async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
  const answer = await fetch(`${origin}${API_BASE}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { authentication: init.token } : {}),
      ...(init.body ? { 'content-type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : null,
  });
  const envelope = (await answer.json()) as Envelope<T>;
  if (!answer.ok || envelope.status.error !== 0)
    throw new Error(`${path}: ${answer.status} ${envelope.status.message}`);
  return envelope.data;
}

/** A session on the bench company, as the sign-in and Select Company screens leave it. */
async function signIn(): Promise<string> {
  const login = await api<{ token?: string }>(API_PATHS.auth.login, {
    method: 'POST',
    body: { username: args.user, password: args.password },
  });
  if (!login.token)
    throw new Error(`${args.user}: no token (two-factor or a password change is required)`);
  const status = await api<{ company: { available: { compId: number; compName: string }[] } }>(
    API_PATHS.auth.status,
    {
      token: login.token,
    },
  );
  const company = status.company.available.find((c) => c.compName === args.company);
  if (!company) throw new Error(`${args.user} cannot choose ${args.company}`);
  await api(fillPath(API_PATHS.auth.setCompany, { compId: company.compId }), {
    method: 'POST',
    token: login.token,
  });
  return login.token;
}

const PAGES = [
  { key: 'login', path: '/login', signedIn: false, listCall: null },
  {
    key: 'va',
    path: '/dashboard/transaction-va',
    signedIn: true,
    listCall: '/api/dashboard/transactionVa/',
  },
] as const;
const FORMS = ['mobile', 'desktop'] as const;

interface Figures {
  score: number;
  /** Lighthouse's accessibility score, and the ids of its audits that did not pass. */
  a11y: number;
  a11yFailures: string[];
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  scriptKb: number;
  statusCalls: number;
  listStartMs: number | null;
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkRequestTime?: number;
}

function figuresOf(lhr: Result, listCall: string | null): Figures {
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? [];
  const path = (url: string) => new URL(url).pathname;
  const list = listCall ? requests.find((r) => path(r.url) === listCall) : undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    a11yFailures: (lhr.categories.accessibility?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((audit) => audit && audit.score !== null && audit.score < 1)
      .map((audit) => audit!.id),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    si: metric('speed-index'),
    scriptKb:
      requests
        .filter((r) => r.resourceType === 'Script')
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0) / 1024,
    statusCalls: requests.filter((r) => path(r.url) === `${API_BASE}${API_PATHS.auth.status}`)
      .length,
    listStartMs: list?.networkRequestTime ?? null,
  };
}

async function runOnce(
  page: (typeof PAGES)[number],
  form: (typeof FORMS)[number],
  token: string | null,
): Promise<Figures> {
  const browser = await puppeteer.launch({
    executablePath: chromePath,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const tab = await browser.newPage();
    if (token) {
      await tab.goto(`${origin}/favicon.svg`);
      await tab.evaluate((t) => {
        localStorage.setItem('token', t);
        localStorage.setItem('isAuthenticated', 'true');
      }, token);
    }
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: Boolean(token),
    };
    const result = await lighthouse(
      `${origin}${page.path}`,
      flags,
      form === 'desktop' ? desktopConfig : undefined,
      tab,
    );
    if (!result) throw new Error('Lighthouse gave no result');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== page.path)
      throw new Error(`${page.path} ended on ${finalPath} (not signed in?)`);
    return figuresOf(lhr, page.listCall);
  } finally {
    await browser.close();
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const token = PAGES.some((p) => p.signedIn && (!args.only || args.only === p.key))
  ? await signIn()
  : null;
console.log(
  `Lighthouse performance and accessibility, ${origin}, ${chromePath}, median of ${runs} run(s)\n`,
);
console.log(
  '| page | form | accessibility | score | FCP ms | LCP ms | TBT ms | CLS | SI ms | JS KB moved | /status calls | list call at ms | scores |',
);
console.log(
  '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
);
const accessibilityFailures = new Set<string>();
for (const page of PAGES) {
  if (args.only && args.only !== page.key) continue;
  for (const form of FORMS) {
    if (args.form && args.form !== form) continue;
    const all: Figures[] = [];
    for (let i = 0; i < runs; i++)
      all.push(await runOnce(page, form, page.signedIn ? token : null));
    const m = (pick: (f: Figures) => number) => median(all.map(pick));
    for (const f of all)
      for (const id of f.a11yFailures) accessibilityFailures.add(`${page.path} ${form}: ${id}`);
    const listStarts = all.map((f) => f.listStartMs).filter((v): v is number => v !== null);
    console.log(
      `| ${page.path} | ${form} | ${m((f) => f.a11y)} | ${m((f) => f.score)} | ${m((f) => f.fcp).toFixed(0)} | ${m((f) => f.lcp).toFixed(0)} | ${m((f) => f.tbt).toFixed(0)} | ${m((f) => f.cls).toFixed(3)} | ${m((f) => f.si).toFixed(0)} | ${m((f) => f.scriptKb).toFixed(0)} | ${m((f) => f.statusCalls)} | ${page.listCall ? (listStarts.length ? median(listStarts).toFixed(0) : 'none') : '–'} | ${all.map((f) => f.score).join(', ')} |`,
    );
  }
}
console.log(
  accessibilityFailures.size
    ? `\nAccessibility audits not passed:\n${[...accessibilityFailures].join('\n')}`
    : '\nEvery accessibility audit passed.',
);
