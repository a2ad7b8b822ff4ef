/**
 * Issue 35 item 6, "every action is safe to click twice": "Terima selisih" clicked twice at once in
 * a break's dialog sends one resolution, and the operator sees what the first answer said: the
 * dialog closed, the success toast, the break Selesai, no red error.
 */
import { expect, test, type Page } from '@playwright/test';
import { RECON_RESOLVE_TEXT } from '@tagih/contract/recon/recon-text';
import {
  BUSINESS_TZ,
  OPERATOR_VIEWPORTS,
  addDays,
  businessToday,
  grid,
  waitForTable,
} from '../support/monitoring.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });

const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');

/** A statement of a new account holding one credit that names no bill: one "Tidak ada di Tagih" break. */
async function oneBreakStatement(page: Page): Promise<string> {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const headers = { Authentication: token };
  const status = await page.request.get('/api/security/authentication/status', { headers });
  const compId = ((await status.json()) as { data: { company: { active: { compId: number } } } })
    .data.company.active.compId;
  const accountNo = `78${String(Date.now()).slice(-9)}${test.info().retry}`;
  const account = await page.request.post('/api/master/Bank_Account', {
    headers,
    data: {
      baccBank: 'BRI',
      baccAccountNo: accountNo,
      baccName: 'BRI Klik Dua Kali',
      baccCompIds: [compId],
    },
  });
  expect(account.ok(), await account.text()).toBe(true);
  const day = addDays(businessToday(), -5);
  const file =
    `:20:DBL${accountNo}\n:25:${accountNo}\n:28C:1/1\n:60F:C${yymmdd(addDays(day, -1))}IDR0,00\n` +
    `:61:${yymmdd(day)}${yymmdd(day).slice(2)}C4321,00NTRFNONREF//FT${accountNo.slice(-4)}0\n` +
    `:86:TRSF E-BANKING CR TANPA BERITA\n:62F:C${yymmdd(day)}IDR4321,00\n`;
  const imported = await page.request.post('/api/recon/statements', {
    headers,
    multipart: {
      file: { name: `dbl-${day}.mt940`, mimeType: 'text/plain', buffer: Buffer.from(file) },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);
  return accountNo;
}

test('"Terima selisih" clicked twice at once: one request, the dialog closes with the success toast, no error', async ({
  page,
}) => {
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);
  await signInWithCompany(page, USERS.superadmin, 'PT Toko Maju');
  const accountNo = await oneBreakStatement(page);

  await page.goto(`/dashboard/reconciliation?accountNo=${accountNo}&category=missing_in_tagih`);
  await waitForTable(page);
  const rows = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(1);
  await rows.first().click();
  await expect(page.getByRole('heading', { level: 1, name: /^Selisih #\d+$/ })).toBeVisible();

  const resolves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/recon\/breaks\/\d+\/resolve$/.test(request.url()))
      resolves.push(request.url());
  });
  await page
    .getByRole('group', { name: 'Penyelesaian' })
    .getByRole('button', { name: 'Terima selisih' })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Terima selisih/ });
  await dialog.getByLabel('Alasan').fill('Dana titipan, diterima apa adanya');
  // Two clicks in one task: what a double click becomes when the browser is busy and both clicks
  // are handled before the first one's "busy" state renders (Playwright's dblclick leaves time
  // for that render, so it passed the dialog that sent twice).
  await dialog.getByRole('button', { name: 'Terima selisih' }).evaluate((button: HTMLElement) => {
    button.click();
    button.click();
  });

  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByText(RECON_RESOLVE_TEXT.accepted)).toBeVisible();
  await expect(page.getByText('Selesai: Diterima')).toBeVisible();
  await expect(page.getByText(RECON_RESOLVE_TEXT.alreadyResolved)).toHaveCount(0);
  await expect(page.getByText(/resolved already/)).toHaveCount(0);
  const history = page.getByRole('region', { name: 'Riwayat penyelesaian' });
  await expect(history).toContainText('Dana titipan, diterima apa adanya');
  await expect(history.getByText('Dana titipan, diterima apa adanya')).toHaveCount(1);
  expect(resolves).toHaveLength(1);
});
