/** Reconciliation test helpers: multipart uploads, bank accounts, and the transactions the fixtures name. */
import { readFileSync } from 'node:fs';
import type { TestContext } from '../support/test-app.ts';
import { insertTx, type TestCompany } from '../monitoring/support.ts';

export const fixture = (name: string): Buffer =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** A multipart body with text fields and one file field named `file`. */
export function multipartFile(
  fields: Record<string, string>,
  file: { name: string; content: Buffer | string } | null,
) {
  const boundary = `----recon${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
    );
    parts.push(Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content));
    parts.push(Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export async function importFile(
  ctx: TestContext,
  token: string,
  name: string,
  fields: Record<string, string> = {},
  content?: Buffer | string,
) {
  return ctx.inject({
    method: 'POST',
    url: '/api/recon/statements',
    token,
    ...multipartFile(fields, { name, content: content ?? fixture(name) }),
  });
}

export async function createAccount(
  ctx: TestContext,
  token: string,
  body: Record<string, unknown>,
): Promise<number> {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/master/Bank_Account',
    token,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`bank account: ${res.statusCode} ${res.body}`);
  return res.json().data.baccId as number;
}

/** Paid on 2026-11-19 at 10:00 in Jakarta (the fixtures' statement day). */
export const PAID_19 = '2026-11-19T03:00:00.000Z';

/**
 * The BRI MT940 fixture's transactions (VA on BRI, partner service id 77001): a match by VA number,
 * by QRIS reference, by order id, an amount break, a status break, a duplicate, a VA cut at the
 * :86: margin, and one missing at the bank.
 */
export async function briFixtureTransactions(
  ctx: TestContext,
  company: TestCompany,
): Promise<Record<string, number>> {
  const va = (orderId: string, customerNo: string, amount: number, status: '00' | '03' = '00') => ({
    orderId,
    customerNo,
    amount,
    status,
    bank: 'BRI',
    lunasAt: status === '00' ? PAID_19 : null,
    createdAt: '2026-11-18T03:00:00.000Z',
  });
  const vaRows = [
    va('VA-MATCH-01', '081200000011', 150000),
    va('INV20260003', '081200000033', 50000),
    va('VA-AMOUNT-04', '081200000044', 200000),
    va('VA-STATUS-05', '081200000053', 300000, '03'),
    va('VA-DUP-06', '081200000066', 120000),
    va('VA-MISSING-07', '081200000077', 80000),
    va('VA-WRAP-08', '081200000088', 60000),
  ];
  const vaIds = await insertTx(ctx, company, 'VA', vaRows);
  const [qrId] = await insertTx(ctx, company, 'QRIS', [
    {
      orderId: 'QR-MATCH-02',
      refNo: '000111222333',
      amount: 75000,
      status: '00',
      bank: 'BRI',
      qrBank: 'BRI',
      lunasAt: PAID_19,
      createdAt: '2026-11-18T03:00:00.000Z',
    },
  ]);
  return {
    ...Object.fromEntries(vaRows.map((r, i) => [r.orderId, vaIds[i]!])),
    'QR-MATCH-02': qrId!,
  };
}

/** The BRI fixture's day for `company`: its transactions, the BRI account and the statement imported. */
export async function importBriDay(
  ctx: TestContext,
  token: string,
  company: TestCompany,
): Promise<Record<string, number>> {
  const ids = await briFixtureTransactions(ctx, company);
  await createAccount(ctx, token, {
    baccBank: 'BRI',
    baccAccountNo: '0123456789012',
    baccName: 'BRI Operasional',
    baccCompIds: [company.compId],
  });
  const res = await importFile(ctx, token, 'bri-2026-11-19.mt940');
  if (res.statusCode !== 200) throw new Error(`import: ${res.statusCode} ${res.body}`);
  return ids;
}
