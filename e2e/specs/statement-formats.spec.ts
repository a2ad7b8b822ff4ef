/**
 * Statements as banks write them (issue 34): the superadmin imports, from the screen and without
 * choosing a format, a BRI host-to-host MT940 whose amounts have no decimal comma (inside a SWIFT
 * envelope) and a BCA Bisnis CSV, and sees their lines matched; the statements list names the
 * variant each was read as. A binary file is refused for what it is, in Indonesian.
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
import { USERS, signInWithCompany } from '../support/session.ts';

test.use({ timezoneId: BUSINESS_TZ });
test.describe.configure({ timeout: 180_000 });

const COMPANY = 'PT Toko Maju';

interface VaRow {
  trctId: number;
  trctBank: string;
  trctStatus: string;
  trctVirtualAccountNo: string | null;
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
const ddmmyyyy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
/** '150,000.00' as BCA writes it. */
const bcaAmount = (rupiah: number) => `${rupiah.toLocaleString('en-US')}.00`;

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
 * Paid VAs of one bank and one day, in whole rupiah (an amount without a decimal comma has no
 * cents), taken from the end of the busiest day's list (the reconciliation spec takes the first
 * rows of a day, so the two never claim the same payment), before the days the demo bank's
 * statements credit (on a weekend the first start pulls a day further back).
 */
async function paidVas(
  page: Page,
  banks: readonly string[],
  count: number,
  avoidDay?: string,
): Promise<{ day: string; rows: VaRow[] }> {
  const today = businessToday();
  const rows = (
    await api<{ data: VaRow[] }>(
      page,
      `/dashboard/transactionVa?max=500&from=${addDays(today, -29)}&to=${today}`,
    )
  ).data;
  // The days from the one before the first start's pulled statements on: the demo bank's own
  // statements (and reconciliation.spec.ts's import of the day before them) credit every payment.
  const pulled = (
    await api<{ data: { fromDay: string | null }[] }>(page, '/recon/statements?max=50')
  ).data
    .map((s) => s.fromDay)
    .filter((d): d is string => d !== null)
    .sort();
  const creditedFrom = pulled[0] ? addDays(pulled[0], -1) : today;
  const byDay = new Map<string, VaRow[]>();
  for (const r of rows) {
    if (
      !banks.includes(r.trctBank) ||
      r.trctStatus !== '00' ||
      !r.trctLunasTime ||
      !r.trctVirtualAccountNo ||
      (r.trctTotalAmountPaid ?? 0) % 1 !== 0
    )
      continue;
    const day = jakartaDay(r.trctLunasTime);
    if (day > addDays(today, -4) || day >= creditedFrom || day === avoidDay) continue;
    byDay.set(day, [...(byDay.get(day) ?? []), r]);
  }
  const [day, list] = [...byDay.entries()].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!day || !list || list.length < count)
    throw new Error(
      `The demo data has no day with ${count} paid VAs of ${banks.join('/')} in whole rupiah`,
    );
  return { day, rows: list.slice(-count) };
}

async function importFromScreen(page: Page, name: string, content: Buffer | string) {
  await page.getByRole('button', { name: 'Impor' }).click();
  const dialog = page.getByRole('dialog', { name: 'Impor mutasi bank' });
  await dialog.getByLabel('File mutasi').setInputFiles({
    name,
    mimeType: 'application/octet-stream',
    buffer: Buffer.isBuffer(content) ? content : Buffer.from(content),
  });
  await dialog.getByRole('button', { name: 'Impor' }).click();
  return dialog;
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

test('a BRI MT940 without decimal commas and a BCA CSV, imported from the screen, their lines matched; a binary file refused for what it is', async ({
  page,
}) => {
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);
  await signInWithCompany(page, USERS.superadmin, COMPANY);
  const status = await api<{ company: { active: { compId: number } } }>(
    page,
    '/security/authentication/status',
  );
  const stamp = `${String(Date.now()).slice(-9)}${test.info().retry}`;
  const briAccount = `91${stamp}`;
  const bcaAccount = `87${stamp}`;
  for (const [bank, accountNo] of [
    ['BRI', briAccount],
    ['BCA', bcaAccount],
  ]) {
    await api(page, '/master/Bank_Account', {
      method: 'POST',
      data: {
        baccBank: bank,
        baccAccountNo: accountNo,
        baccName: `${bank} Format E2E`,
        baccCompIds: [status.company.active.compId],
      },
    });
  }

  // BRI host-to-host: a SWIFT envelope, IDR amounts in whole rupiah without a decimal comma.
  const bri = await paidVas(page, ['BRI'], 2);
  const briLines = bri.rows
    .map(
      (r, i) =>
        `:61:${yymmdd(bri.day)}${yymmdd(bri.day).slice(2)}C${r.trctTotalAmountPaid}NTRF${r.trctVirtualAccountNo}//FT${stamp.slice(-4)}${i}\r\n:86:TRANSFER VA ${r.trctVirtualAccountNo}\r\n`,
    )
    .join('');
  const briTotal = bri.rows.reduce((sum, r) => sum + r.trctTotalAmountPaid!, 0);
  const briFile = `{1:F01BRINIDJAAXXX0000000000}{2:I940BRINIDJAXXXXN}{4:\r\n:20:H2H${stamp}\r\n:25:${briAccount}\r\n:28C:00001/001\r\n:60F:C${yymmdd(addDays(bri.day, -1))}IDR0\r\n${briLines}:62F:C${yymmdd(bri.day)}IDR${briTotal}\r\n-}\r\n`;

  await page.goto('/dashboard/reconciliation?tab=statements');
  await waitForTable(page);
  let dialog = await importFromScreen(page, `BRI_H2H_${bri.day}.txt`, briFile);
  let result = dialog.getByLabel('Hasil impor');
  await expect(result).toContainText('Mutasi berhasil diimpor.');
  await expect(result).toContainText('2 kredit, 2 cocok (100%)');
  await shoot(page, 'formats-bri-result');
  await dialog.getByRole('button', { name: 'Tutup' }).click();

  // BCA Bisnis CSV: its header lines, "'dd/mm" dates, amounts with CR, the footer. The demo data
  // has no BCA VAs; matching by VA number names the bill whatever bank it was opened at.
  const bca = await paidVas(page, ['Mandiri', 'BJB'], 2, bri.day);
  let balance = 0;
  const bcaRows = bca.rows.map((r) => {
    balance += r.trctTotalAmountPaid!;
    return `'${ddmmyyyy(bca.day).slice(0, 5)},"TRSF E-BANKING CR ${ddmmyyyy(bca.day).slice(0, 5).replace('/', '')}/FTSCY/WS95051 ${r.trctTotalAmountPaid}.00 VA ${r.trctVirtualAccountNo} PELANGGAN","0000","${bcaAmount(r.trctTotalAmountPaid!)}",CR,"${bcaAmount(balance)}"`;
  });
  const bcaFile = [
    `No. rekening : ${bcaAccount}`,
    'Nama : PT TOKO MAJU',
    `Periode : ${ddmmyyyy(bca.day)} - ${ddmmyyyy(bca.day)}`,
    'Kode Mata Uang : Rp',
    '',
    'Tanggal Transaksi,"Keterangan","Cabang","Jumlah",,"Saldo"',
    ...bcaRows,
    'Saldo Awal,"0.00"',
    `Mutasi Kredit,"${bcaAmount(balance)}",2`,
    'Mutasi Debet,"0.00",0',
    `Saldo Akhir,"${bcaAmount(balance)}"`,
    '',
  ].join('\r\n');
  dialog = await importFromScreen(page, `BCA_${bca.day}.csv`, bcaFile);
  result = dialog.getByLabel('Hasil impor');
  await expect(result).toContainText('Mutasi berhasil diimpor.');
  await expect(result).toContainText('2 kredit, 2 cocok (100%)');
  await dialog.getByRole('button', { name: 'Tutup' }).click();

  // The statements list names the variant each file was read as (a column that a wide screen shows).
  await page.setViewportSize({ width: 1920, height: 1000 });
  for (const [accountNo, variant] of [
    [briAccount, 'mt940:swift-envelope+no-decimal-comma'],
    [bcaAccount, 'csv:bca-bisnis'],
  ] as const) {
    await expect(grid(page).getByRole('row').filter({ hasText: accountNo })).toContainText(variant);
  }
  await page.screenshot({
    path: test.info().outputPath('formats-statements-1920.png'),
    fullPage: true,
  });
  await page.setViewportSize(OPERATOR_VIEWPORTS[0]);

  // Each matched transaction's timeline shows the bank line it was matched to.
  await page.goto(`/dashboard/transaction-va/${bri.rows[0]!.trctId}`);
  await expect(page.getByRole('list', { name: 'Riwayat transaksi' })).toContainText(
    `Tercatat di mutasi bank BRI ${briAccount}`,
  );
  await page.goto(`/dashboard/transaction-va/${bca.rows[1]!.trctId}`);
  await expect(page.getByRole('list', { name: 'Riwayat transaksi' })).toContainText(
    `Tercatat di mutasi bank BCA ${bcaAccount}`,
  );

  // A binary file: refused for what it is, with its line, in Indonesian; nothing imported.
  await page.goto('/dashboard/reconciliation?tab=statements');
  await waitForTable(page);
  dialog = await importFromScreen(
    page,
    'mutasi.csv',
    Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00]),
  );
  await expect(dialog).toContainText(
    'Ditolak di baris 1: file ini biner, bukan teks mutasi (MT940, CSV) atau XLSX',
  );
  await shoot(page, 'formats-binary-refused');
});
