import { expect, test, type Request } from '@playwright/test';
import { USERS, menuEntries, signInWithCompany } from '../support/session.ts';

// issue 10 (web): the built app goes out precompressed, and opening Transaction VA from the
// menu sends its list call at once, beside a single status refresh.

test('the web app is served precompressed: brotli or gzip as asked, hashed assets cached for a year', async ({
  request,
}) => {
  const page = await request.get('/login', { headers: { 'accept-encoding': 'br' } });
  expect(page.headers()['content-encoding']).toBe('br');
  expect(page.headers()['cache-control']).toBe('no-cache');
  expect(page.headers()['vary']).toMatch(/accept-encoding/i);
  const html = await page.text();
  const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, 'the entry script of index.html').toBeTruthy();

  for (const encoding of ['br', 'gzip']) {
    const asset = await request.get(script!, { headers: { 'accept-encoding': encoding } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe(encoding);
    expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await asset.text()).length).toBeGreaterThan(10_000); // decompressed by the client
  }
});

test('opening Transaction VA from the menu sends the list call without waiting for a second status call', async ({
  page,
}) => {
  await signInWithCompany(page, USERS.staff);
  await menuEntries(page); // the dashboard and its status have loaded

  const requests: { path: string; at: number; answeredAt?: number }[] = [];
  const started = Date.now();
  const pathOf = (request: Request) => new URL(request.url()).pathname;
  page.on('request', (request) => {
    if (request.url().includes('/api/'))
      requests.push({ path: pathOf(request), at: Date.now() - started });
  });
  page.on('requestfinished', (request) => {
    const entry = requests.find((r) => r.path === pathOf(request) && r.answeredAt === undefined);
    if (entry) entry.answeredAt = Date.now() - started;
  });

  const list = page.waitForResponse(
    (answer) => new URL(answer.url()).pathname === '/api/dashboard/transactionVa/',
  );
  await page.getByRole('navigation').getByRole('link', { name: /VA/ }).click();
  await list;
  await expect(
    page.getByRole('heading', { name: 'Transaction Virtual Account', level: 1 }),
  ).toBeVisible();

  const statusCalls = requests.filter((r) => r.path === '/api/security/authentication/status');
  const listCall = requests.find((r) => r.path === '/api/dashboard/transactionVa/');
  // The screen change refreshes the status once (spec §6); the screen reuses that answer.
  expect(statusCalls).toHaveLength(1);
  expect(listCall).toBeDefined();
  // The list call does not wait for the status answer.
  expect(listCall!.at).toBeLessThanOrEqual(statusCalls[0]!.answeredAt ?? Number.POSITIVE_INFINITY);
});
