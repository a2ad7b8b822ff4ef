/**
 * A demo bank paying a bill through /snap, as a real bank would: its credentials from the file
 * the server writes at start (DEMO_BANK_KEYS_FILE), the token call signed with its RSA key, the
 * payment signed with HMAC-SHA512 over the written recipe (docs/protocols.md), computed here.
 */
import { createHash, createHmac, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, type APIRequestContext } from '@playwright/test';
import { demoBankKeysFile } from './databases.ts';

export interface DemoBank {
  bank: string;
  partnerServiceId: string;
  clientId: string;
  privateKey: string;
  clientSecret: string;
}

/** The credentials of `bank` written by the server listening on `baseURL`'s port. */
export function demoBank(baseURL: string, bank: string): DemoBank {
  const file = demoBankKeysFile(Number(new URL(baseURL).port));
  const { banks } = JSON.parse(readFileSync(file, 'utf8')) as { banks: DemoBank[] };
  const found = banks.find((b) => b.bank === bank);
  if (!found) throw new Error(`${file} holds no ${bank}`);
  return found;
}

/** X-TIMESTAMP as SNAP writes it, in Jakarta time. */
function snapTime(now = new Date()): string {
  return `${new Date(now.getTime() + 7 * 3_600_000).toISOString().slice(0, 19)}+07:00`;
}

let sequence = 0;

/** The bank pays a VA bill: token, then transfer-va/payment; returns the SNAP answer. */
export async function payVaAsBank(
  request: APIRequestContext,
  bank: DemoBank,
  bill: { customerNo: string; name: string; amount: string },
): Promise<Record<string, unknown>> {
  const ts = snapTime();
  const tokenAnswer = await request.post('/snap/v1.0/access-token/b2b', {
    headers: {
      'content-type': 'application/json',
      'x-client-key': bank.clientId,
      'x-timestamp': ts,
      'x-signature': sign(
        'RSA-SHA256',
        Buffer.from(`${bank.clientId}|${ts}`),
        bank.privateKey,
      ).toString('base64'),
    },
    data: '{"grantType":"client_credentials"}',
  });
  expect(tokenAnswer.status(), await tokenAnswer.text()).toBe(200);
  const { accessToken } = (await tokenAnswer.json()) as { accessToken: string };

  const path = '/snap/v1.0/transfer-va/payment';
  sequence += 1;
  const requestId = `e2e-${Date.now()}-${sequence}`;
  const body = JSON.stringify({
    partnerServiceId: bank.partnerServiceId,
    customerNo: bill.customerNo,
    virtualAccountNo: `${bank.partnerServiceId}${bill.customerNo}`,
    virtualAccountName: bill.name,
    paymentRequestId: requestId,
    paidAmount: { value: bill.amount, currency: 'IDR' },
    totalAmount: { value: bill.amount, currency: 'IDR' },
    referenceNo: `REF-${requestId}`,
    flagAdvise: 'N',
  });
  const payTs = snapTime();
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const signature = createHmac('sha512', bank.clientSecret)
    .update(`POST:${path}:${accessToken}:${bodyHash}:${payTs}`)
    .digest('base64');
  const answer = await request.post(path, {
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${accessToken}`,
      'x-timestamp': payTs,
      'x-signature': signature,
      'x-partner-id': bank.clientId,
      'x-external-id': `${Date.now()}${sequence}`,
      'channel-id': '95221',
    },
    data: body,
  });
  return (await answer.json()) as Record<string, unknown>;
}
