/**
 * A client's SNAP API access from the Client screen's API: given (client id + a secret shown
 * once, stored sealed), given again (key and secret replaced, old tokens ended), revoked; only a
 * Superadmin or a holder of master_client_api.update for the clients of their companies; every
 * step and every refusal in the audit trail, a refused call changing nothing.
 */
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CLIENT_API_AREA, MESSAGES } from '@tagih/contract';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.ts';
import { seedBase } from '../../src/db/seed/index.ts';
import {
  openClientApiSecret,
  resealClientApiSecrets,
} from '../../src/security/client-api-secrets.ts';
import { newDataKey, SecretBox } from '../../src/security/secret-box.ts';
import { apiFor, type Api } from '../master/helpers.ts';
import {
  ADMIN_USER,
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { sealPending } from '../../src/modules/audit/sealer.ts';

const rsaPublicKey = (bits = 2048) =>
  generateKeyPairSync('rsa', {
    modulusLength: bits,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).publicKey;
const KEY = rsaPublicKey();
const path = (clntid: number) => `/master/client/${clntid}/snap-credentials`;

describe.each(DIALECTS)('client SNAP API access (%s)', (dialect) => {
  let ctx: TestContext;
  let dataKey: Buffer;
  let box: SecretBox;
  let admin: Api;
  let clients: { clntid: number; compName: string }[];

  beforeEach(async () => {
    dataKey = newDataKey();
    box = new SecretBox(dataKey);
    ctx = await createTestContext(dialect, { secretBox: box });
    admin = apiFor(ctx, await ctx.login());
    clients = await ctx.db.kysely
      .selectFrom('companies')
      .innerJoin('clients', 'clients.clntid', 'companies.compClientId')
      .select(['clients.clntid', 'companies.compName'])
      .orderBy('companies.compId')
      .execute();
  });
  afterEach(async () => {
    await ctx.close();
  });

  const stored = (clntid: number) =>
    ctx.db.kysely
      .selectFrom('client_snap_credentials')
      .selectAll()
      .where('clsnClntId', '=', clntid)
      .executeTakeFirst();
  const events = async (action: string) => {
    await sealPending(ctx.db.kysely, { wait: true }); // a bill's event is chained after its commit
    return (
      await ctx.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('audtAction', '=', action)
        .orderBy('audtId')
        .execute()
    ).map((e) => ({ ...e, details: JSON.parse(e.audtDetails) as Record<string, unknown> }));
  };
  const tokenOf = (clientId: string, hash: string) =>
    ctx.db.kysely
      .insertInto('snap_access_tokens')
      .values({
        sntkTokenHash: hash,
        sntkClientId: clientId,
        sntkCreatedAt: ctx.clock.now().toISOString(),
        sntkExpiresAt: '2099-01-01T00:00:00.000Z',
      })
      .execute();
  const tokens = async (clientId: string) =>
    (
      await ctx.db.kysely
        .selectFrom('snap_access_tokens')
        .select('sntkTokenHash')
        .where('sntkClientId', '=', clientId)
        .execute()
    ).length;

  it('gives a client id and a secret shown once, stored sealed; the list shows the client id, never the secret', async () => {
    const { clntid } = clients[0]!;
    const res = await admin.post(path(clntid), { publicKey: KEY });
    expect(res.status).toBe(200);
    expect(res.body.status.message).toBe(MESSAGES.clientApiIssued);
    const { clientId, clientSecret } = res.body.data as { clientId: string; clientSecret: string };
    expect(clientId).toMatch(new RegExp(`^merchant-${clntid}-[0-9a-f]{12}$`));
    expect(clientSecret.length).toBeGreaterThanOrEqual(43);
    const row = (await stored(clntid))!;
    expect(row).toMatchObject({ clsnClientId: clientId, clsnCreatedUserId: USER_IDS.admin });
    expect(row.clsnSecret).not.toContain(clientSecret);
    expect(row.clsnSecret.startsWith('v1:')).toBe(true);
    expect(openClientApiSecret(box, row.clsnSecret)).toBe(clientSecret);
    expect(row.clsnPublicKey).toBe(KEY);

    const list = await admin.get('/master/client?orderField=clntid&orderValue=asc');
    const listed = list.body.data.data.find((r: { clntid: number }) => r.clntid === clntid);
    expect(listed).toEqual({
      clntid,
      clntName: expect.any(String),
      clsnClientId: clientId,
      clsnUpdatedTime: expect.any(String),
    });
    expect(JSON.stringify(list.body)).not.toContain(clientSecret);

    const [event] = await events('client.api_access.issued');
    expect(event).toMatchObject({
      audtOutcome: 'success',
      audtTargetType: 'client',
      audtTargetId: String(clntid),
      audtActorUserId: USER_IDS.admin,
    });
    expect(event!.details).toMatchObject({
      clntid,
      clientId,
      rotated: false,
      keyFingerprint: expect.stringMatching(/^SHA256:/),
    });
    expect(JSON.stringify(event)).not.toContain(clientSecret);
  });

  it('giving it again keeps the client id, replaces key and secret, and ends the tokens issued before', async () => {
    const { clntid } = clients[0]!;
    const first = (await admin.post(path(clntid), { publicKey: KEY })).body.data;
    await tokenOf(first.clientId, 'a'.repeat(64));
    const otherKey = rsaPublicKey();
    const second = await admin.post(path(clntid), { publicKey: otherKey });
    expect(second.status).toBe(200);
    expect(second.body.data.clientId).toBe(first.clientId);
    expect(second.body.data.clientSecret).not.toBe(first.clientSecret);
    const row = (await stored(clntid))!;
    expect(openClientApiSecret(box, row.clsnSecret)).toBe(second.body.data.clientSecret);
    expect(row.clsnPublicKey).toBe(otherKey);
    expect(await tokens(first.clientId)).toBe(0);
    expect((await events('client.api_access.issued')).map((e) => e.details.rotated)).toEqual([
      false,
      true,
    ]);
  });

  it('revokes: the credentials and their tokens are gone, recorded; revoking again is 404', async () => {
    const { clntid } = clients[1]!;
    const { clientId } = (await admin.post(path(clntid), { publicKey: KEY })).body.data;
    await tokenOf(clientId, 'b'.repeat(64));
    const res = await admin.del(path(clntid));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      status: { error: 0, message: MESSAGES.clientApiRevoked },
      data: { clientId },
    });
    expect(await stored(clntid)).toBeUndefined();
    expect(await tokens(clientId)).toBe(0);
    expect((await events('client.api_access.revoked'))[0]).toMatchObject({
      audtOutcome: 'success',
      details: { clntid, clientId },
    });
    const again = await admin.del(path(clntid));
    expect(again.status).toBe(404);
    expect(again.body.status.message).toBe(MESSAGES.clientApiNone);
  });

  it.each([
    ['text that is not a key', 'hello'],
    [
      'a private key',
      generateKeyPairSync('rsa', {
        modulusLength: 2048,
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
        publicKeyEncoding: { type: 'spki', format: 'pem' },
      }).privateKey,
    ],
    ['a 1024-bit RSA key', rsaPublicKey(1024)],
    [
      'an EC key',
      generateKeyPairSync('ec', {
        namedCurve: 'P-256',
        publicKeyEncoding: { type: 'spki', format: 'pem' },
        privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
      }).publicKey,
    ],
  ])('refuses %s (400, the field named) and changes nothing', async (_what, publicKey) => {
    const { clntid } = clients[0]!;
    const res = await admin.post(path(clntid), { publicKey });
    expect(res.status).toBe(400);
    expect(res.body.status.message).toBe(MESSAGES.clientApiKeyInvalid);
    expect(res.body.data.errors).toEqual({ publicKey: MESSAGES.clientApiKeyInvalid });
    expect(await stored(clntid)).toBeUndefined();
    expect(await events('client.api_access.issued')).toEqual([]);
  });

  it('refuses a body without the key or with more fields (400), and an unknown client (404)', async () => {
    expect((await admin.post(path(clients[0]!.clntid), {})).status).toBe(400);
    expect(
      (await admin.post(path(clients[0]!.clntid), { publicKey: KEY, clientSecret: 'mine' })).status,
    ).toBe(400);
    expect((await admin.post(path(99_999), { publicKey: KEY })).status).toBe(404);
  });

  it('is denied without the permission (Admin, Staff): 403, recorded by the guard, nothing changed', async () => {
    const { clntid } = clients[0]!;
    for (const user of [ADMIN_USER, STAFF_USER]) {
      const api = apiFor(ctx, await ctx.login(user));
      const res = await api.post(path(clntid), { publicKey: KEY });
      expect(res.status).toBe(403);
      expect(res.body.status.message).toContain(`needs ${CLIENT_API_AREA}.update`);
      expect((await api.del(path(clntid))).status).toBe(403);
    }
    expect(await stored(clntid)).toBeUndefined();
    const denied = await events('access.denied');
    expect(denied.filter((e) => e.details.needed === `${CLIENT_API_AREA}.update`)).toHaveLength(4);
  });

  it('a role granted master_client_api.update manages the clients of its own companies only; the rest is refused and recorded', async () => {
    const prms = await ctx.db.kysely
      .selectFrom('permissions')
      .select(['prmsId', 'prmsOperations'])
      .where('prmsName', '=', CLIENT_API_AREA)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(prms.prmsOperations)).toEqual(['update']);
    const grant = await admin.post('/master/Role_Permission', {
      rperRoleId: 3,
      rperPrmsId: prms.prmsId,
      rperOperations: '["update"]',
    });
    expect(grant.status).toBe(200);
    const budi = apiFor(ctx, await ctx.login(STAFF_USER)); // linked to the first two companies
    expect((await budi.post(path(clients[1]!.clntid), { publicKey: KEY })).status).toBe(200);
    const foreign = await budi.post(path(clients[2]!.clntid), { publicKey: KEY });
    expect(foreign.status).toBe(403);
    expect(foreign.body.status.message).toBe(MESSAGES.clientApiNotYours);
    expect(await stored(clients[2]!.clntid)).toBeUndefined();
    expect((await budi.del(path(clients[2]!.clntid))).status).toBe(403);
    const refused = (await events('client.api_access.issued')).filter(
      (e) => e.audtOutcome === 'denied',
    );
    expect(refused).toEqual([
      expect.objectContaining({
        audtActorUserId: USER_IDS.budi,
        audtTargetId: String(clients[2]!.clntid),
      }),
    ]);
    expect((await events('client.api_access.revoked')).map((e) => e.audtOutcome)).toEqual([
      'denied',
    ]);
  });

  it('nobody grants the API permission without holding it; the Superadmin role keeps it', async () => {
    const prms = await ctx.db.kysely
      .selectFrom('permissions')
      .select('prmsId')
      .where('prmsName', '=', CLIENT_API_AREA)
      .executeTakeFirstOrThrow();
    // rina (Admin) may now write role permissions, but does not hold master_client_api herself.
    const adminsLink = await ctx.db.kysely
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'prmsId', 'rperPrmsId')
      .select('rperId')
      .where('rperRoleId', '=', 2)
      .where('prmsName', '=', 'master_role_permission')
      .executeTakeFirstOrThrow();
    expect(
      (
        await admin.put(`/master/Role_Permission/${adminsLink.rperId}`, {
          rperRoleId: 2,
          rperPrmsId: (
            await ctx.db.kysely
              .selectFrom('permissions')
              .select('prmsId')
              .where('prmsName', '=', 'master_role_permission')
              .executeTakeFirstOrThrow()
          ).prmsId,
          rperOperations: '["read","create"]',
        })
      ).status,
    ).toBe(200);
    const rina = apiFor(ctx, await ctx.login(ADMIN_USER));
    const beyond = await rina.post('/master/Role_Permission', {
      rperRoleId: 3,
      rperPrmsId: prms.prmsId,
      rperOperations: '["update"]',
    });
    expect(beyond.status).toBe(403);
    expect(beyond.body.status.message).toBe(MESSAGES.grantBeyondOwn);
    const link = await ctx.db.kysely
      .selectFrom('role_permissions')
      .select('rperId')
      .where('rperRoleId', '=', 1)
      .where('rperPrmsId', '=', prms.prmsId)
      .executeTakeFirstOrThrow();
    const takeAway = await admin.del(`/master/Role_Permission/${link.rperId}`);
    expect(takeAway.status).toBe(403);
  });

  it('the data-key rotation re-seals the API secrets under the new key', async () => {
    const { clientSecret } = (await admin.post(path(clients[0]!.clntid), { publicKey: KEY })).body
      .data;
    const rotated = new SecretBox(newDataKey(), [dataKey]);
    expect(await resealClientApiSecrets(ctx.db.kysely, rotated)).toEqual({
      resealed: 1,
      current: 0,
      unreadable: [],
    });
    expect(await resealClientApiSecrets(ctx.db.kysely, rotated)).toEqual({
      resealed: 0,
      current: 1,
      unreadable: [],
    });
    expect(openClientApiSecret(rotated, (await stored(clients[0]!.clntid))!.clsnSecret)).toBe(
      clientSecret,
    );
    expect(await resealClientApiSecrets(ctx.db.kysely, new SecretBox(newDataKey()))).toEqual({
      resealed: 0,
      current: 0,
      unreadable: [clients[0]!.clntid],
    });
  });

  it('needs a data key to keep the secret encrypted (503 without one)', async () => {
    const bare = await createTestContext(dialect);
    try {
      const api = apiFor(bare, await bare.login());
      const res = await api.post(path(clients[0]!.clntid), { publicKey: KEY });
      expect(res.status).toBe(503);
      expect(res.body.status.message).toBe(MESSAGES.clientApiNeedsDataKey);
      expect(
        await bare.db.kysely.selectFrom('client_snap_credentials').selectAll().execute(),
      ).toEqual([]);
    } finally {
      await bare.close();
    }
  });
});

describe('the API access area on a database seeded before it existed', () => {
  it('is granted to the Superadmin role by the migration, with its one action', async () => {
    const db = openDatabase('sqlite::memory:');
    try {
      await migrateUpTo(db.kysely, '0022-snap-intake');
      await seedBase(db.kysely, {
        adminUsername: 'admin',
        adminPassword: 'admin-pass-1',
        now: new Date().toISOString(),
      });
      // As a release before it seeded: no such permission.
      const seeded = await db.kysely
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', CLIENT_API_AREA)
        .executeTakeFirstOrThrow();
      await db.kysely
        .deleteFrom('role_permissions')
        .where('rperPrmsId', '=', seeded.prmsId)
        .execute();
      await db.kysely.deleteFrom('permissions').where('prmsId', '=', seeded.prmsId).execute();
      await migrateToLatest(db.kysely);
      const granted = await db.kysely
        .selectFrom('role_permissions')
        .innerJoin('permissions', 'prmsId', 'rperPrmsId')
        .select(['rperRoleId', 'rperOperations', 'prmsOperations'])
        .where('prmsName', '=', CLIENT_API_AREA)
        .execute();
      expect(granted).toEqual([
        { rperRoleId: 1, rperOperations: '["update"]', prmsOperations: '["update"]' },
      ]);
    } finally {
      await db.close();
    }
  });
});
