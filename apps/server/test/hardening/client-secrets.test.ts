/**
 * Client secrets at rest: sealed by the start-up step (idempotent), opened where a callback is
 * signed, re-sealed by a rotation; a wrong key is a clear error, never garbage (both dialects).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config.ts';
import { listClientSecrets } from '../../src/db/client-secrets-repo.ts';
import {
  CLIENT_SECRET_CONTEXT,
  openClientSecret,
  prepareClientSecrets,
  sealClientSecrets,
} from '../../src/security/client-secrets.ts';
import { keyIdOf, keyIdOfValue, SecretBox } from '../../src/security/secret-box.ts';
import { ADMIN, DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import {
  createCompany,
  insertTx,
  startSimulators,
  useMerchant,
  type Simulators,
  type TestCompany,
} from '../monitoring/support.ts';

const KEY_A = Buffer.alloc(32, 0xa1);
const KEY_B = Buffer.alloc(32, 0xb2);
const KEY_C = Buffer.alloc(32, 0xc3);
const A = keyIdOf(KEY_A);
const B = keyIdOf(KEY_B);

describe.each(DIALECTS)('client secrets at rest (%s)', (dialect) => {
  let ctx: TestContext;
  let sims: Simulators;
  let company: TestCompany;
  let token: string;
  /** The plain secrets as the demo seed and the test wrote them, by client. */
  let plain: Map<number, string>;
  const stored = async () =>
    new Map((await listClientSecrets(ctx.db.kysely)).map((r) => [r.clntid, r.clntSecret]));

  beforeAll(async () => {
    sims = await startSimulators();
    ctx = await createTestContext(dialect, { config: { merchantAllowedHosts: ['127.0.0.1'] } });
    ctx.deps.merchant = { timeoutMs: 2_000 };
    company = await createCompany(ctx);
    token = await ctx.loginWithCompany(ADMIN, company.compId);
    plain = await stored();
  });
  afterAll(async () => {
    await ctx.close();
    await sims.close();
  });

  it('the start-up step seals every plain secret under the current key, and changes nothing the second time', async () => {
    expect(plain.size).toBeGreaterThanOrEqual(5);
    expect([...plain.values()].every((v) => !v.startsWith('v1:'))).toBe(true);
    const boxA = new SecretBox(KEY_A);
    const first = await prepareClientSecrets(ctx.db.kysely, boxA);
    expect(first).toEqual({
      sealed: plain.size,
      resealed: 0,
      older: 0,
      current: 0,
      unreadable: [],
    });
    const sealed = await stored();
    for (const [clntid, value] of sealed) {
      expect(value).toMatch(/^v1:[0-9a-f]{8}:/);
      expect(keyIdOfValue(value)).toBe(A);
      expect(value).not.toContain(plain.get(clntid)!);
      expect(openClientSecret(boxA, value)).toBe(plain.get(clntid));
    }
    const again = await prepareClientSecrets(ctx.db.kysely, boxA);
    expect(again).toEqual({
      sealed: 0,
      resealed: 0,
      older: 0,
      current: plain.size,
      unreadable: [],
    });
    expect(await stored()).toEqual(sealed);
  });

  it('signs callbacks with the decrypted secret: the merchant verifies the signature', async () => {
    ctx.deps.secretBox = new SecretBox(KEY_A);
    await useMerchant(ctx, sims, company, 'sealed-ok');
    const [id] = await insertTx(ctx, company, 'VA', [
      { orderId: 'INV-SEALED-1', status: '00', amount: 1000, notification: { status: 1 } },
    ]);
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${id}`,
      token,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sims.merchant.received.at(-1)).toMatchObject({
      name: 'sealed-ok',
      signatureValid: true,
    });
    const [history] = await ctx.db.kysely
      .selectFrom('notification_history')
      .innerJoin('notifications', 'notiId', 'nohiNotiId')
      .select(['nohiRequest'])
      .where('notiTrctId', '=', id!)
      .execute();
    expect(history!.nohiRequest).not.toContain(company.secret);
    expect(history!.nohiRequest).not.toContain('v1:');
  });

  it('a wrong key sends nothing: the attempt is recorded with the reason, the notification stays Pending', async () => {
    ctx.deps.secretBox = new SecretBox(KEY_C);
    const before = sims.merchant.received.length;
    const [id] = await insertTx(ctx, company, 'VA', [
      { orderId: 'INV-SEALED-2', status: '00', amount: 1000, notification: { status: 1 } },
    ]);
    const res = await ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${id}`,
      token,
    });
    expect(res.statusCode).toBe(502);
    const message = `Not sent: the client secret cannot be decrypted (The value is sealed under data key ${A}, which is not one of the keys given (${keyIdOf(KEY_C)})); check DATA_KEY and DATA_KEY_PREVIOUS`;
    expect(res.json().data).toMatchObject({ responseMessage: message, notiStatus: 1 });
    expect(sims.merchant.received.length).toBe(before);
    const noti = await ctx.db.kysely
      .selectFrom('notifications')
      .selectAll()
      .where('notiTrctId', '=', id!)
      .executeTakeFirstOrThrow();
    expect(noti).toMatchObject({ notiStatus: 1, notiAttempts: 1, notiLockedUntil: null });
    // Without any key, the same: never a callback signed with the sealed text.
    delete ctx.deps.secretBox;
    const [id2] = await insertTx(ctx, company, 'VA', [
      { orderId: 'INV-SEALED-3', status: '00', amount: 1000, notification: { status: 1 } },
    ]);
    const again = await ctx.inject({
      method: 'POST',
      url: `/api/dashboard/transactionVa/send_notification/${id2}`,
      token,
    });
    expect(again.json().data.responseMessage).toMatch(
      /^Not sent: the client secret cannot be decrypted \(The client secret is encrypted, but this process has no data key\)/,
    );
    expect(sims.merchant.received.length).toBe(before);
  });

  it('refuses to start (one clear line) when the key opens none of the stored secrets, and changes nothing', async () => {
    const before = await stored();
    const error = await prepareClientSecrets(ctx.db.kysely, new SecretBox(KEY_C)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConfigError);
    const ids = [...before.keys()];
    expect((error as Error).message).toBe(
      `DATA_KEY: ${ids.length} client secret(s) cannot be decrypted (clntid ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ', …' : ''}): ` +
        `they are sealed under data key ${A}, the data keys given are ${keyIdOf(KEY_C)} (current). ` +
        'Fix: set DATA_KEY to the key they were sealed with, or set it as DATA_KEY_PREVIOUS and run npm run data-key:rotate.',
    );
    expect(await stored()).toEqual(before);
  });

  it('rotation: under key B with A as previous every secret is readable, none is left under A; a plain one is sealed too', async () => {
    // A secret written by hand (plain) after the last start.
    const extra = await createCompany(ctx);
    const boxB = new SecretBox(KEY_B, [KEY_A]);
    // The start with B (A previous) only seals the plain one; the old ones stay until the rotation.
    expect(await prepareClientSecrets(ctx.db.kysely, boxB)).toMatchObject({
      sealed: 1,
      older: plain.size,
      current: 0,
      unreadable: [],
    });
    const report = await sealClientSecrets(ctx.db.kysely, boxB, { rotate: true });
    expect(report).toEqual({
      sealed: 0,
      resealed: plain.size,
      older: 0,
      current: 1,
      unreadable: [],
    });
    const after = await stored();
    expect(after.size).toBe(plain.size + 1);
    expect(plain.get(company.clntid)).toBe(company.secret);
    const expected = new Map([...plain, [extra.clntid, extra.secret]]);
    for (const [clntid, value] of after) {
      expect(keyIdOfValue(value), `clntid ${clntid}`).toBe(B);
      expect(new SecretBox(KEY_B).open(value, CLIENT_SECRET_CONTEXT)).toBe(expected.get(clntid));
      expect(() => new SecretBox(KEY_A).open(value, CLIENT_SECRET_CONTEXT)).toThrow(
        `sealed under data key ${B}`,
      );
    }
    // Repeating it is harmless.
    expect(await sealClientSecrets(ctx.db.kysely, boxB, { rotate: true })).toMatchObject({
      resealed: 0,
      sealed: 0,
      current: after.size,
    });
    // The old key alone no longer opens anything: a clear refusal.
    const error = await prepareClientSecrets(ctx.db.kysely, new SecretBox(KEY_A)).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(
      new RegExp(
        `^DATA_KEY: ${after.size} client secret\\(s\\) cannot be decrypted .*sealed under data key ${B}`,
      ),
    );
  });

  it('stores long secrets sealed too (the column holds up to 1000 characters on PostgreSQL)', async () => {
    const long = await createCompany(ctx);
    const secret = 'k'.repeat(512);
    await ctx.db.kysely
      .updateTable('clients')
      .set({ clntSecret: secret })
      .where('clntid', '=', long.clntid)
      .execute();
    const box = new SecretBox(KEY_B, [KEY_A]);
    expect(await prepareClientSecrets(ctx.db.kysely, box)).toMatchObject({
      sealed: 1,
      unreadable: [],
    });
    const value = (await stored()).get(long.clntid)!;
    expect(value.length).toBeGreaterThan(700);
    expect(openClientSecret(box, value)).toBe(secret);
  });

  it('a rotation with the wrong previous key re-seals nothing it cannot read and says which key is needed', async () => {
    const before = await stored();
    const report = await sealClientSecrets(ctx.db.kysely, new SecretBox(KEY_C, [KEY_A]), {
      rotate: true,
    });
    expect(report.resealed).toBe(0);
    expect(report.unreadable.map((u) => u.keyId)).toEqual([...before.keys()].map(() => B));
    expect(await stored()).toEqual(before);
  });
});
