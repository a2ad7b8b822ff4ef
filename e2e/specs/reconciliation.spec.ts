/**
 * Reconciliation (issue 27): the superadmin imports a BRI MT940 statement built from the demo
 * data's paid transactions from the screen, sees the planted breaks by category, resolves a status
 * break by Inquiry and an amount break by accepting it with a reason, and Home's "Selisih
 * rekonsiliasi" card follows. Screenshots at 1280×800 and 600×900 go to test-results.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  BUSINESS_TZ,
  OPERATOR_VIEWPORTS,
  addDays,
  businessToday,
  grid,
  waitForTable,
} from '../support/monitoring.ts';
import { DEMO_BANK_ACCOUNTS, outcomeOf } from '@tagih/contract/demo-bank';
import { SIMULATOR_PORTS } from '../support/databases.ts';
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 180_000 });

const COMPANY = 'PT Toko Maju';
const DEMO_COMPANIES = ['PT Toko Maju', 'PT Kopi Kita', 'PT Sinar Pay'];

interface VaRow {
  trctId: number;
  trctOrderId: string;
  trctBank: string;
  trctStatus: string;
  trctVirtualAccountNo: string;
  trctTotalAmount: number;
  trctTotalAmountPaid: number | null;
  trctLunasTime: string | null;
}

const jakartaDay = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: BUSINESS_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));
const yymmdd = (day: string) => day.slice(2).replace(/-/g, '');
const mt940Amount = (minor: number) =>
  `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;
const minorOf = (amount: number) => Math.round(amount * 100);

async function api<T>(
  page: Page,
  path: string,
  init: { method?: 'GET' | 'POST'; data?: unknown } = {},
): Promise<T> {
  const token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const response =
    init.method === 'POST'
      ? await page.request.post(`/api${path}`, {
          headers: { Authentication: token },
          data: init.data,
        })
      : await page.request.get(`/api${path}`, { headers: { Authentication: token } });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * One day's BRI statement from the demo data: a paid VA matched by its number, another paid one a
 * rupiah over (amount), an unpaid VA's number (status), the first one again (duplicate) and a
 * credit naming no bill (missing in Tagih). The day's other paid BRI VAs are missing at the bank.
 */
async function plantedStatement(page: Page, accountNo: string) {
  const today = businessToday();
  const rows = (
    await api<{ data: VaRow[] }>(
      page,
      `/dashboard/transactionVa?max=500&from=${addDays(today, -29)}&to=${today}`,
    )
  ).data.filter((r) => r.trctBank === 'BRI');
  const paid = rows.filter((r) => r.trctStatus === '00' && r.trctLunasTime);
  const byDay = new Map<string, VaRow[]>();
  for (const r of paid) {
    const day = jakartaDay(r.trctLunasTime!);
    if (day <= addDays(today, -4)) byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const [day, dayRows] = [...byDay.entries()].find(([, list]) => list.length >= 2) ?? [];
  // An unpaid bill the demo bank will answer as paid (its number's last digit, apps/bank-sim/README.md).
  const unpaid = rows.find(
    (r) => r.trctStatus === '03' && outcomeOf(r.trctVirtualAccountNo) === 'paid',
  );
  if (!day || !dayRows || !unpaid)
    throw new Error(
      'The demo data has no day with two paid BRI VAs, or no unpaid BRI VA the demo bank answers as paid',
    );
  const [matched, over] = dayRows as [VaRow, VaRow];
  const paidMinor = (r: VaRow) => minorOf(r.trctTotalAmountPaid ?? r.trctTotalAmount);
  const lines: [string, number][] = [
    [`TRANSFER VA ${matched.trctVirtualAccountNo}`, paidMinor(matched)],
    [`TRANSFER VA ${over.trctVirtualAccountNo}`, paidMinor(over) + 100],
    [`TRANSFER VA ${unpaid.trctVirtualAccountNo}`, minorOf(unpaid.trctTotalAmount)],
    [`TRANSFER VA ${matched.trctVirtualAccountNo}`, paidMinor(matched)],
    ['TRSF E-BANKING CR TANPA BERITA', 4_321_00],
  ];
  const total = lines.reduce((sum, [, minor]) => sum + minor, 0);
  const body = lines
    .map(
      ([text, minor], i) =>
        `:61:${yymmdd(day)}${yymmdd(day).slice(2)}C${mt940Amount(minor)}NTRFNONREF//FT${accountNo.slice(-4)}${i}\n:86:${text}\n`,
    )
    .join('');
  const file = `:20:E2E${accountNo}\n:25:${accountNo}\n:28C:1/1\n:60F:C${yymmdd(addDays(day, -1))}IDR0,00\n${body}:62F:C${yymmdd(day)}IDR${mt940Amount(total)}\n`;
  return { day, file, unpaid, over, matched };
}

async function shoot(page: Page, name: string) {
  for (const viewport of OPERATOR_VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.screenshot({
      path: test.info().outputPath(`${name}-${viewport.width}.png`),
      fullPage: true,
    });
  }
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);
}

/** Home's "Selisih rekonsiliasi" figure of one category (0 when the card lists none). */
async function homeCount(page: Page, label: string): Promise<number> {
  await page.goto('/dashboard/home');
  const card = page.getByRole('region', { name: 'Selisih rekonsiliasi' });
  await expect(card).toBeVisible();
  const link = card.getByRole('link', { name: new RegExp(`${label}$`) });
  if ((await link.count()) === 0) return 0;
  return Number((await link.innerText()).replace(/\D+/g, ' ').trim().split(' ')[0]);
}

async function openBreak(page: Page, accountNo: string, category: string) {
  await page.goto(`/dashboard/reconciliation?accountNo=${accountNo}&category=${category}`);
  await waitForTable(page);
  await expect(
    grid(page)
      .getByRole('row')
      .filter({ has: page.getByRole('cell') }),
  ).toHaveCount(1);
  await grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Selisih #\d+$/ })).toBeVisible();
}

async function resolve(page: Page, action: string, reason: string) {
  await page
    .getByRole('group', { name: 'Penyelesaian' })
    .getByRole('button', { name: action })
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(`^${action}`) });
  await dialog.getByLabel('Alasan').fill(reason);
  await dialog.getByRole('button', { name: action }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
}

test('import an MT940 statement, see the breaks by category, resolve by Inquiry and by accepting; Home follows', async ({
  page,
}) => {
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);
  await signInWithCompany(page, USERS.superadmin, COMPANY);
  await expect(
    page.getByRole('navigation').getByRole('link', { name: 'Rekonsiliasi' }),
  ).toBeVisible();

  const status = await api<{ company: { active: { compId: number } } }>(
    page,
    '/security/authentication/status',
  );
  const accountNo = `77${String(Date.now()).slice(-9)}${test.info().retry}`;
  await api(page, '/master/Bank_Account', {
    method: 'POST',
    data: {
      baccBank: 'BRI',
      baccAccountNo: accountNo,
      baccName: 'BRI Operasional E2E',
      baccCompIds: [status.company.active.compId],
    },
  });
  const planted = await plantedStatement(page, accountNo);

  // Import from the screen.
  await page.getByRole('navigation').getByRole('link', { name: 'Rekonsiliasi' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rekonsiliasi' })).toBeVisible();
  await page.getByRole('tab', { name: 'Mutasi bank' }).click();
  await page.getByRole('button', { name: 'Impor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor mutasi bank' });
  await dialog.getByLabel('File mutasi').setInputFiles({
    name: `bri-${planted.day}.mt940`,
    mimeType: 'text/plain',
    buffer: Buffer.from(planted.file),
  });
  await dialog.getByRole('button', { name: 'Impor' }).click();
  const result = dialog.getByLabel('Hasil impor');
  await expect(result).toContainText('Mutasi berhasil diimpor.');
  await expect(result).toContainText('5 kredit, 1 cocok (20%)');
  for (const text of ['Tidak ada di Tagih 1', 'Selisih nominal 1', 'Status berbeda 1', 'Dobel 1'])
    await expect(result).toContainText(text);
  await shoot(page, 'import-result');
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  await expect(grid(page)).toContainText(accountNo);
  await shoot(page, 'statements');

  // The matched transaction's timeline shows its statement line.
  await page.goto(`/dashboard/transaction-va/${planted.matched.trctId}`);
  await expect(page.getByRole('list', { name: 'Riwayat transaksi' })).toContainText(
    `Tercatat di mutasi bank BRI ${accountNo}`,
  );
  // The duplicate credit's break names this transaction: the entry links to it.
  await expect(page.getByRole('link', { name: /^Lihat selisih #\d+$/ })).toBeVisible();

  // The queue of this account: the chips count each category.
  const amountBefore = await homeCount(page, 'Selisih nominal');
  const statusBefore = await homeCount(page, 'Status berbeda');
  await page.goto(`/dashboard/reconciliation?accountNo=${accountNo}`);
  await waitForTable(page);
  const chips = page.getByRole('group', { name: 'Selisih terbuka per kategori' });
  for (const chip of [
    'Selisih nominal: 1',
    'Status berbeda: 1',
    'Dobel: 1',
    'Tidak ada di Tagih: 1',
  ])
    await expect(chips.getByRole('button', { name: chip })).toBeVisible();
  await shoot(page, 'queue');

  // Bulk: one picked, the preview of accepting it (cancelled: the steps below resolve one by one).
  const first = grid(page)
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await first.getByRole('checkbox').click();
  const bar = page.getByRole('region', { name: 'Aksi massal' });
  await expect(bar).toContainText('1 selisih dipilih');
  await bar.getByRole('button', { name: 'Terima selisih' }).click();
  const bulk = page.getByRole('dialog', { name: 'Terima selisih massal' });
  await expect(bulk).toContainText('Akan diproses: 1 dari 1 selisih yang dipilih.');
  await shoot(page, 'bulk-preview');
  await bulk.getByRole('button', { name: 'Batal' }).click();
  await expect(bulk).toBeHidden();

  // A status break: its detail, then Inquiry the bank.
  await openBreak(page, accountNo, 'status');
  await expect(page.getByRole('alert', { name: 'Alasan tidak cocok' })).toContainText(
    'status: dana masuk vs Belum Lunas',
  );
  await expect(page.getByRole('region', { name: 'Transaksi Tagih' })).toContainText(
    planted.unpaid.trctOrderId,
  );
  await shoot(page, 'break-detail');
  await resolve(page, 'Inquiry', 'Tanya bank, dana sudah masuk');
  await expect(page.getByRole('region', { name: 'Riwayat penyelesaian' })).toContainText(
    'Tanya bank, dana sudah masuk',
  );

  // An amount break: accepted with a reason.
  await openBreak(page, accountNo, 'amount');
  await expect(page.getByRole('alert', { name: 'Alasan tidak cocok' })).toContainText('nominal:');
  await resolve(page, 'Terima selisih', 'Biaya bank satu rupiah, diterima');
  await expect(page.getByText('Selesai: Diterima')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Riwayat penyelesaian' })).toContainText(
    'Biaya bank satu rupiah, diterima',
  );

  // Home follows.
  expect(await homeCount(page, 'Selisih nominal')).toBe(amountBefore - 1);
  const statusAfter = await homeCount(page, 'Status berbeda');
  expect([statusBefore, statusBefore - 1]).toContain(statusAfter);
  await shoot(page, 'home');
});

test("the demo bank's statements: pulled at the first start with a break of every category; another day's MT940 from the demo bank imported from the screen", async ({
  page,
  request,
}) => {
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);
  const today = businessToday();

  // The first start pulled the demo banks' statements: across the demo companies (Rekonsiliasi
  // shows the active company's breaks), a break of each category is open.
  const seen = new Set<string>();
  for (const company of DEMO_COMPANIES) {
    await signInWithCompany(page, USERS.superadmin, company);
    const counts = await api<Record<string, number>>(
      page,
      `/recon/breaks/counts?from=${addDays(today, -30)}&to=${today}`,
    );
    for (const [category, count] of Object.entries(counts)) if (count > 0) seen.add(category);
  }
  expect([...seen]).toEqual(
    expect.arrayContaining([
      'duplicate',
      'amount',
      'missing_in_tagih',
      'missing_at_bank',
      'status',
    ]),
  );
  await signInWithCompany(page, USERS.superadmin, COMPANY);
  await page.goto('/dashboard/reconciliation');
  await waitForTable(page);

  // The demo BRI account's statement of the day before the pulled one, as the bank's MT940 file.
  const accountNo = DEMO_BANK_ACCOUNTS.BRI!;
  const pulled = (
    await api<{ data: { accountNo: string; fromDay: string | null }[] }>(
      page,
      '/recon/statements?max=50',
    )
  ).data.find((s) => s.accountNo === accountNo && s.fromDay);
  expect(pulled, 'the first start pulled the demo BRI account').toBeDefined();
  const day = addDays(pulled!.fromDay!, -1);
  const simulator = SIMULATOR_PORTS[test.info().project.name as 'sqlite' | 'postgres'][0];
  const download = await request.get(
    `http://127.0.0.1:${simulator}/demo/statements/${accountNo}?from=${day}&to=${day}`,
  );
  expect(download.ok(), await download.text()).toBe(true);
  const file = await download.body();
  expect(file.toString()).toContain(`:25:`);

  await page.getByRole('tab', { name: 'Mutasi bank' }).click();
  await page.getByRole('button', { name: 'Impor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor mutasi bank' });
  await dialog
    .getByLabel('File mutasi')
    .setInputFiles({ name: `bri-${day}.mt940`, mimeType: 'text/plain', buffer: file });
  await dialog.getByRole('button', { name: 'Impor' }).click();
  await expect(dialog.getByLabel('Hasil impor')).toContainText('Mutasi berhasil diimpor.');
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  const statements = (
    await api<{ data: { accountNo: string; fromDay: string | null }[] }>(
      page,
      '/recon/statements?max=50',
    )
  ).data.filter((s) => s.accountNo === accountNo);
  expect(statements.map((s) => s.fromDay)).toContain(day);

  // The same file again adds nothing.
  await page.getByRole('button', { name: 'Impor' }).click();
  await dialog
    .getByLabel('File mutasi')
    .setInputFiles({ name: `bri-${day}.mt940`, mimeType: 'text/plain', buffer: file });
  await dialog.getByRole('button', { name: 'Impor' }).click();
  await expect(dialog.getByLabel('Hasil impor')).toContainText(
    'File ini sudah pernah diimpor; tidak ada yang ditambahkan.',
  );
  await dialog.getByRole('button', { name: 'Tutup' }).click();
  expect(
    (await api<{ data: { accountNo: string }[] }>(page, '/recon/statements?max=50')).data.filter(
      (s) => s.accountNo === accountNo,
    ),
  ).toHaveLength(statements.length);

  // Another day pulled from the bank over SNAP, from the screen.
  const pullDay = addDays(day, -1);
  await page.getByRole('button', { name: 'Tarik dari bank' }).click();
  const pull = page.getByRole('dialog', { name: 'Tarik mutasi dari bank' });
  await pull.getByRole('combobox', { name: /Rekening bank/ }).click();
  await page.getByRole('option', { name: new RegExp(accountNo) }).click();
  await pull.getByLabel(/Tanggal mutasi/).fill(pullDay);
  await pull.getByRole('button', { name: 'Tarik' }).click();
  await expect(pull.getByLabel('Hasil impor')).toContainText('Mutasi berhasil diimpor.', {
    timeout: 30_000,
  });
  await shoot(page, 'pull-result');
  await pull.getByRole('button', { name: 'Tutup' }).click();
  expect(
    (
      await api<{ data: { accountNo: string; fromDay: string | null }[] }>(
        page,
        '/recon/statements?max=50',
      )
    ).data
      .filter((s) => s.accountNo === accountNo)
      .map((s) => s.fromDay),
  ).toContain(pullDay);
});
