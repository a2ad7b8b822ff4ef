import { createHash, createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createDemoBanks,
  outcomeOf,
  startBankSim,
  startMerchantSim,
  type BankSim,
  type DemoBank,
  type MerchantSim,
} from '../src/index.ts';

/** A SNAP client written here from the protocol document, independent of the server's. */
function timestamp(): string {
  return `${new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 19)}+07:00`;
}

async function token(sim: BankSim, bank: DemoBank, privateKey = bank.privateKey) {
  const ts = timestamp();
  const res = await fetch(`${sim.url}${bank.pathPrefix}/v1.0/access-token/b2b`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-TIMESTAMP': ts,
      'X-CLIENT-KEY': bank.clientId,
      'X-SIGNATURE': sign('RSA-SHA256', Buffer.from(`${bank.clientId}|${ts}`), privateKey).toString(
        'base64',
      ),
    },
    body: JSON.stringify({ grantType: 'client_credentials' }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

let externalId = 1_000;
async function call(
  sim: BankSim,
  bank: DemoBank,
  path: string,
  body: object,
  opts: { token: string; secret?: string; externalId?: string },
) {
  const ts = timestamp();
  const raw = JSON.stringify(body);
  const relative = `${bank.pathPrefix}${path}`;
  const hash = createHash('sha256').update(raw).digest('hex');
  const signature = createHmac('sha512', opts.secret ?? bank.clientSecret)
    .update(`POST:${relative}:${opts.token}:${hash}:${ts}`)
    .digest('base64');
  const res = await fetch(`${sim.url}${relative}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      Authorization: `Bearer ${opts.token}`,
      'X-TIMESTAMP': ts,
      'X-PARTNER-ID': bank.clientId,
      'X-EXTERNAL-ID': opts.externalId ?? String(externalId++),
      'CHANNEL-ID': bank.channelId,
      'X-SIGNATURE': signature,
    },
    body: raw,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const va = (bank: DemoBank, customerNo: string) => ({
  partnerServiceId: bank.partnerServiceId,
  customerNo,
  virtualAccountNo: `${bank.partnerServiceId}${customerNo}`,
  inquiryRequestId: 'r-1',
});

describe('bank simulator (SNAP BI)', () => {
  let sim: BankSim;
  let banks: DemoBank[];
  let bri: DemoBank;
  let accessToken: string;
  beforeAll(async () => {
    banks = createDemoBanks();
    bri = banks[0]!;
    sim = await startBankSim({ banks, slowMs: 200 });
    accessToken = (await token(sim, bri)).body.accessToken!;
  });
  afterAll(async () => {
    await sim.close();
  });

  it('issues a B2B token for a correct RSA signature and refuses a wrong key with 401 4017300', async () => {
    const ok = await token(sim, bri);
    expect(ok).toMatchObject({
      status: 200,
      body: { responseCode: '2007300', tokenType: 'Bearer', expiresIn: '900' },
    });
    const otherKey = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      publicKeyEncoding: { type: 'spki', format: 'pem' },
    }).privateKey;
    expect(await token(sim, bri, otherKey)).toMatchObject({
      status: 401,
      body: { responseCode: '4017300' },
    });
    expect(await token(sim, bri, banks[1]!.privateKey)).toMatchObject({
      status: 401,
      body: { responseCode: '4017300' },
    });
  });

  it("answers VA inquiries by the customer number's last digit", async () => {
    const paid = await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000001'), {
      token: accessToken,
    });
    expect(paid).toMatchObject({
      status: 200,
      body: { responseCode: '2002600', virtualAccountData: { paymentFlagStatus: '00' } },
    });
    sim.setAmount('081200000002', '150000.00');
    expect(
      (
        await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000002'), {
          token: accessToken,
        })
      ).body,
    ).toMatchObject({
      virtualAccountData: { paidAmount: { value: '150000.00', currency: 'IDR' } },
    });
    expect(
      (
        await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000004'), {
          token: accessToken,
        })
      ).body,
    ).toMatchObject({ virtualAccountData: { paymentFlagStatus: '01' } });
    expect(
      await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000007'), {
        token: accessToken,
      }),
    ).toMatchObject({ status: 404, body: { responseCode: '4042601' } });
    expect(
      await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000008'), {
        token: accessToken,
      }),
    ).toMatchObject({ status: 500, body: { responseCode: '5002600' } });
    const started = Date.now();
    expect(
      (
        await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000009'), {
          token: accessToken,
        })
      ).status,
    ).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
  });

  it('checks the HMAC signature, the token, the external id and the fields', async () => {
    expect(
      await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000001'), {
        token: accessToken,
        secret: 'wrong',
      }),
    ).toMatchObject({ status: 401, body: { responseCode: '4012600' } });
    expect(
      await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000001'), { token: 'nope' }),
    ).toMatchObject({ status: 401, body: { responseCode: '4012601' } });
    const mandiri = banks[2]!;
    expect(
      (
        await call(sim, mandiri, '/v1.0/transfer-va/status', va(mandiri, '081200000001'), {
          token: accessToken,
        })
      ).status,
    ).toBe(401); // another bank's token
    await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000001'), {
      token: accessToken,
      externalId: '424242',
    });
    expect(
      (
        await call(sim, bri, '/v1.0/transfer-va/status', va(bri, '081200000001'), {
          token: accessToken,
          externalId: '424242',
        })
      ).status,
    ).toBe(409);
    expect(
      await call(
        sim,
        bri,
        '/v1.0/transfer-va/status',
        { ...va(bri, '081200000001'), virtualAccountNo: '123' },
        { token: accessToken },
      ),
    ).toMatchObject({ status: 400, body: { responseCode: '4002601' } });
  });

  it("answers QRIS queries by the order id's last digit", async () => {
    const q = (orderId: string) =>
      call(
        sim,
        bri,
        '/v1.0/qr/qr-mpm-query',
        {
          originalReferenceNo: 'R',
          originalPartnerReferenceNo: orderId,
          serviceCode: '47',
          merchantId: 'M',
        },
        { token: accessToken },
      );
    expect((await q('QR-1')).body).toMatchObject({
      responseCode: '2005100',
      latestTransactionStatus: '00',
    });
    expect((await q('QR-0')).body).toMatchObject({ latestTransactionStatus: '03' });
    expect((await q('QR-5')).body).toMatchObject({ latestTransactionStatus: '05' });
    expect((await q('QR-6')).body).toMatchObject({ latestTransactionStatus: '06' });
    expect((await q('QR-7')).body).toMatchObject({ latestTransactionStatus: '07' });
    expect((await q('QR-8')).status).toBe(500);
    expect(outcomeOf('ABC')).toBe('not-found');
  });
});

describe('merchant callback receiver', () => {
  let merchant: MerchantSim;
  const secret = 'client-secret';
  const post = (
    name: string,
    body: string,
    sigSecret = secret,
    t = Math.floor(Date.now() / 1000),
  ) =>
    fetch(merchant.callbackUrl(name), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-tagih-signature': `t=${t},v1=${createHmac('sha256', sigSecret).update(`${t}.${body}`).digest('hex')}`,
      },
      body,
    });
  beforeAll(async () => {
    merchant = await startMerchantSim({
      secretFor: (name) => (name === 'unknown' ? undefined : secret),
    });
  });
  afterAll(async () => {
    await merchant.close();
  });

  it('verifies the signature (secret, raw body, 5-minute window) and records every callback', async () => {
    expect((await post('a', '{"x":1}')).status).toBe(200);
    expect((await post('a', '{"x":1}', 'other')).status).toBe(401);
    expect((await post('a', '{"x":1}', secret, Math.floor(Date.now() / 1000) - 600)).status).toBe(
      401,
    );
    expect((await post('unknown', '{"x":1}')).status).toBe(401);
    expect(merchant.received.map((r) => [r.name, r.signatureValid, r.answeredWith])).toEqual([
      ['a', true, 200],
      ['a', false, 401],
      ['a', false, 401],
      ['unknown', false, 401],
    ]);
  });

  it('fails, hangs or answers as told, per path or through the control endpoint', async () => {
    expect((await post('fail-x', '{}')).status).toBe(500);
    merchant.setMode('b', 'fail');
    expect((await post('b', '{}')).status).toBe(500);
    const control = await fetch(`${merchant.url}/sim/callbacks/b/mode`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"mode":"ok"}',
    });
    expect(control.status).toBe(200);
    expect((await post('b', '{}')).status).toBe(200);
    const hanging = await Promise.race([
      post('hang-x', '{}').then(() => 'answered'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 300)),
    ]);
    expect(hanging).toBe('still waiting');
    const listed = (await (await fetch(`${merchant.url}/sim/callbacks`)).json()) as {
      name: string;
    }[];
    expect(listed.map((r) => r.name)).toContain('hang-x');
  });
});
