import { test } from '@playwright/test';
import { BUSINESS_TZ, waitForTable } from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';
test.use({ timezoneId: BUSINESS_TZ });
const pages = [
  ['home', '/dashboard'],
  ['va', '/dashboard/transaction-va'],
  ['notif', '/dashboard/notifications'],
  ['recon', '/dashboard/reconciliation'],
  ['stmts', '/dashboard/reconciliation?tab=statements'],
  ['users', '/dashboard/master/user'],
  ['audit', '/dashboard/audit-log'],
];
for (const [w, h] of [[1280, 800], [600, 900]]) {
  test(`shots ${w}`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: w, height: h });
    await signInWithCompany(page, USERS.superadmin);
    for (const [name, url] of pages) {
      await page.goto(url);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/shots/${name}-${w}.png` });
    }
  });
}
