/**
 * The keyed chain from the attacker's side: someone with write access to the database (triggers
 * dropped) but without the data key rewrites, cuts or purges the trail, and verification finds it.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_BASE, API_PATHS, AUDIT_ACTIONS, AUDIT_GENESIS_HASH } from '@tagih/contract';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest, migrateUpTo } from '../../src/db/migrate.ts';
import { auditKeysOf, installAuditKeys } from '../../src/modules/audit/chain-key.ts';
import {
  checkpointHead,
  publishAuditCheckpoint,
  type AuditCheckpoint,
} from '../../src/modules/audit/checkpoint.ts';
import {
  canonicalJson,
  eventHash,
  legacyEventHash,
  type HashedFields,
} from '../../src/modules/audit/hash.ts';
import type { AuditDbRow } from '../../src/modules/audit/repo.ts';
import {
  markAuditKey,
  purgeExpiredAudit,
  recordAudit,
  verifyAuditChain,
} from '../../src/modules/audit/service.ts';
import { AppMetrics } from '../../src/ops/metrics.ts';
import { SecretBox, keyIdOf } from '../../src/security/secret-box.ts';
import { TEST_DATA_KEY, restoreTestAuditKeys } from '../support/audit-key.ts';
import { DIALECTS, TestClock, createTestContext, type TestContext } from '../support/test-app.ts';
import { ALICE, auditRows, dropAuditTriggers, openEmpty } from './support.ts';

/** Re-hashes events from `fromId` on, as the attacker can: `hash` decides each event's new hash. */
async function rehashFrom(
  ctx: TestContext,
  fromId: number,
  hash: (row: HashedFields) => { audtHash: string; audtKeyId: string | null },
): Promise<void> {
  const rows = await auditRows(ctx);
  let prev = rows.find((r) => r.audtId === fromId - 1)?.audtHash ?? AUDIT_GENESIS_HASH;
  for (const row of rows.filter((r) => r.audtId >= fromId)) {
    const fields = { ...row, audtPrevHash: prev, audtDetails: JSON.parse(row.audtDetails) };
    const { audtHash, audtKeyId } = hash(fields);
    // The previous-hash column is unique: move the row aside first, as a careful attacker would.
    await ctx.db.kysely
      .updateTable('audit_events')
      .set({ audtPrevHash: `x${row.audtId}` })
      .where('audtId', '=', row.audtId)
      .execute();
    await ctx.db.kysely
      .updateTable('audit_events')
      .set({ audtPrevHash: prev, audtHash, audtKeyId })
      .where('audtId', '=', row.audtId)
      .execute();
    prev = audtHash;
  }
}

/** The public plain SHA-256 recipe of hash.ts, with the event's key id dropped or kept. */
const sha256Recipe = (dropKeyId: boolean) => (row: HashedFields) => ({
  audtHash: legacyEventHash(row),
  audtKeyId: dropKeyId ? null : row.audtKeyId,
});
/** The keyed recipe under a key the attacker made up (the real one is derived from DATA_KEY). */
const ownKeyRecipe = (row: HashedFields) => ({
  audtHash: createHmac('sha256', Buffer.alloc(32, 1))
    .update(canonicalJson({ ...row, audtKeyId: row.audtKeyId }))
    .digest('hex'),
  audtKeyId: row.audtKeyId,
});

/** The real keyed hash (as the server would sign it): used only to build a chain whose signed part is genuine. */
const eventHashUnder = (row: HashedFields) =>
  eventHash(
    { ...row, audtKeyId: keyIdOf(TEST_DATA_KEY) },
    auditKeysOf(new SecretBox(TEST_DATA_KEY)).events.get(keyIdOf(TEST_DATA_KEY))!,
  );

const editDetails = (ctx: TestContext, audtId: number, details: object) =>
  ctx.db.kysely
    .updateTable('audit_events')
    .set({ audtDetails: canonicalJson(details) })
    .where('audtId', '=', audtId)
    .execute();

describe.each(DIALECTS)('keyed audit chain, attacked (%s)', (dialect) => {
  let ctx: TestContext;
  let metrics: AppMetrics;
  beforeEach(async () => {
    metrics = new AppMetrics();
    ctx = await createTestContext(dialect, {
      demo: false,
      metrics,
      config: { metricsToken: 'scrape-token-1234567890' },
    });
  });
  afterEach(async () => {
    restoreTestAuditKeys();
    await ctx.close();
  });

  const recordMany = async (n: number) => {
    for (let i = 0; i < n; i++)
      await recordAudit(ctx.db.kysely, ctx.clock, ALICE, {
        action: AUDIT_ACTIONS.logout,
        details: { n: i },
      });
  };
  const checkpoint = async (): Promise<AuditCheckpoint> =>
    publishAuditCheckpoint(ctx.deps, { info: () => {} });

  it('an event edited in SQL and the rest re-hashed with the public SHA-256 recipe is found, naming the event', async () => {
    await recordMany(6);
    await dropAuditTriggers(ctx);
    await editDetails(ctx, 3, { n: 'moved the money' });

    await rehashFrom(ctx, 3, sha256Recipe(false));
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: 3,
      reason: expect.stringMatching(/does not match its contents/),
    });

    // Passing the rest off as the unkeyed chain of before does not help either.
    await rehashFrom(ctx, 3, sha256Recipe(true));
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: 3,
      reason: expect.stringMatching(/unsigned .* follows signed events/),
    });

    // Nor does the keyed recipe under a key of one's own.
    await rehashFrom(ctx, 3, ownKeyRecipe);
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: false, badId: 3 });
    expect((await auditRows(ctx)).find((r) => r.audtId === 3)!.audtDetails).toContain(
      'moved the money',
    );
  });

  it('the downgrade: triggers dropped, an event edited, the key id NULLed on every row, all re-chained with plain SHA-256: refused, naming the event', async () => {
    await recordMany(8);
    const before = await auditRows(ctx);
    expect(before.every((r) => r.audtKeyId === keyIdOf(TEST_DATA_KEY))).toBe(true);
    await dropAuditTriggers(ctx);
    await editDetails(ctx, 3, { n: 'moved the money' });
    await ctx.db.kysely.updateTable('audit_events').set({ audtKeyId: null }).execute();
    await rehashFrom(ctx, 1, sha256Recipe(true));
    const rows = await auditRows(ctx);
    expect(rows.every((r) => r.audtKeyId === null)).toBe(true);
    const last = rows.at(-1)!.audtId;
    // Before, this printed "audit: ok, N events (the first N unsigned, from before the chain was keyed)".
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: last,
      reason: expect.stringMatching(/without one event signed under the audit key/),
    });

    // Downgrading only a prefix (the rest left signed) fails at the first signed event: no signed marker pins the unsigned part.
    await rehashFrom(ctx, 1, (row) =>
      row.audtId <= 4
        ? sha256Recipe(true)(row)
        : { audtHash: eventHashUnder(row), audtKeyId: keyIdOf(TEST_DATA_KEY) },
    );
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: 5,
      reason: expect.stringMatching(
        /first signed event, but not the signed audit.key_changed naming the unsigned event 4/,
      ),
    });
  });

  it('deleting the newest 20 events passes a plain verify but not one told the last checkpoint', async () => {
    await recordMany(30);
    const seen = await checkpoint();
    expect(seen).toMatchObject({ headId: 30, keyId: keyIdOf(TEST_DATA_KEY) });
    await dropAuditTriggers(ctx);
    await ctx.db.kysely.deleteFrom('audit_events').where('audtId', '>', 10).execute();

    // Without outside knowledge a cut tail looks like a shorter chain.
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 10 });
    const head = { id: seen.headId, hash: seen.headHash };
    expect(await verifyAuditChain(ctx.db.kysely, { head })).toMatchObject({
      ok: false,
      badId: 30,
      reason: expect.stringMatching(/chain ends at event 10/),
    });

    // Filling the gap with events of one's own gives another hash at the checkpoint's id.
    await recordMany(20);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 30 });
    expect(await verifyAuditChain(ctx.db.kysely, { head })).toMatchObject({
      ok: false,
      badId: 30,
      reason: expect.stringMatching(/another/),
    });
  });

  it('a checkpoint cannot be made up or moved to another head without the key', async () => {
    await recordMany(3);
    const seen = await checkpoint();
    expect(checkpointHead(seen)).toEqual({ head: { id: 3, hash: seen.headHash } });
    expect(checkpointHead({ auditCheckpoint: seen })).toEqual({
      head: { id: 3, hash: seen.headHash },
    });
    expect(checkpointHead({ ...seen, headId: 2 })).toEqual({
      error: expect.stringMatching(/altered or made up/),
    });
    const otherKeys = auditKeysOf(new SecretBox(Buffer.alloc(32, 9)));
    expect(checkpointHead(seen, otherKeys)).toEqual({ error: expect.stringMatching(/not given/) });
  });

  it('the checkpoint is a JSON log line and a metric outside the database', async () => {
    await recordMany(4);
    const lines: unknown[] = [];
    const published = await publishAuditCheckpoint(ctx.deps, {
      info: (fields, message) => lines.push({ ...fields, msg: message }),
    });
    expect(lines).toEqual([{ auditCheckpoint: published, msg: 'audit checkpoint' }]);
    const last = (await auditRows(ctx)).at(-1)!;
    expect(published).toEqual({
      headId: 4,
      headHash: last.audtHash,
      at: ctx.clock.now().toISOString(),
      keyId: keyIdOf(TEST_DATA_KEY),
      mac: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    // The log line as written, parsed back, is what verify takes.
    expect(checkpointHead(JSON.parse(JSON.stringify(lines[0])))).toEqual({
      head: { id: 4, hash: last.audtHash },
    });

    const res = await ctx.inject({
      method: 'GET',
      url: `${API_BASE}${API_PATHS.metrics}`,
      headers: { authorization: 'Bearer scrape-token-1234567890' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `tagih_audit_checkpoint_head_id{head_hash="${last.audtHash}",at="${published.at}",key_id="${published.keyId}",mac="${published.mac}"} 4`,
    );
  });

  it('a row in the old purge window opens no DELETE, and UPDATE and DELETE stay refused', async () => {
    await recordMany(3);
    const before = await auditRows(ctx);
    const window =
      dialect === 'sqlite'
        ? sql`insert into audit_purge_window ("aupwOpenedAt") values ('2026-11-20T03:00:00.000Z')`
        : sql`insert into audit_purge_window ("aupwOpenedAt") values (now())`;
    await expect(window.execute(ctx.db.kysely)).rejects.toThrow(/audit_purge_window/);
    await expect(ctx.db.kysely.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
    await expect(
      ctx.db.kysely.updateTable('audit_events').set({ audtDetails: '{}' }).execute(),
    ).rejects.toThrow(/append-only/);
    expect(await auditRows(ctx)).toEqual(before);
  });

  it('the housekeeping purge still works, leaves a signed record that verify accepts, and a forged one is found', async () => {
    await recordMany(3);
    ctx.clock.advanceMinutes(401 * 24 * 60);
    await recordMany(2);
    expect(await purgeExpiredAudit(ctx.deps)).toEqual({ purgedRows: 3, checkpointId: 6 });
    const rows = await auditRows(ctx);
    expect(rows.map((r) => [r.audtId, r.audtAction, r.audtKeyId])).toEqual([
      [4, 'auth.logout', keyIdOf(TEST_DATA_KEY)],
      [5, 'auth.logout', keyIdOf(TEST_DATA_KEY)],
      [6, 'audit.purged', keyIdOf(TEST_DATA_KEY)],
    ]);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 3 });
    // The guard is back once the purge's transaction is over.
    await expect(ctx.db.kysely.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);

    // An attacker deletes the oldest events and chains a purge record of her own to cover it.
    await dropAuditTriggers(ctx);
    const fourth = rows[0]!;
    await ctx.db.kysely.deleteFrom('audit_events').where('audtId', '=', 4).execute();
    const forged: AuditDbRow = {
      ...rows[2]!,
      audtId: 7,
      audtPrevHash: rows[2]!.audtHash,
      audtKeyId: null,
      audtHash: '',
      audtDetails: canonicalJson({
        purgedRows: 1,
        throughId: 4,
        lastPurgedHash: fourth.audtHash,
        before: '2026-11-20T03:00:00.000Z',
      }),
    };
    forged.audtHash = legacyEventHash({ ...forged, audtDetails: JSON.parse(forged.audtDetails) });
    await ctx.db.kysely.insertInto('audit_events').values(forged).execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: false, badId: 7 });
  });

  it('a data key rotation keeps verifying: events name their key, and the first under the new key marks the change', async () => {
    await recordMany(3);
    const newKey = Buffer.alloc(32, 8);
    installAuditKeys(new SecretBox(newKey, [TEST_DATA_KEY])); // DATA_KEY=new, DATA_KEY_PREVIOUS=old
    const marked = await markAuditKey(ctx.deps);
    expect(marked).toMatchObject({ audtId: 4 });
    expect(await markAuditKey(ctx.deps)).toBeNull(); // once
    await recordMany(2);

    const rows = await auditRows(ctx);
    expect(rows.map((r) => r.audtKeyId)).toEqual([
      ...Array(3).fill(keyIdOf(TEST_DATA_KEY)),
      ...Array(3).fill(keyIdOf(newKey)),
    ]);
    expect(rows[3]).toMatchObject({ audtAction: 'audit.key_changed', audtActorUsername: 'system' });
    expect(JSON.parse(rows[3]!.audtDetails)).toEqual({
      fromKeyId: keyIdOf(TEST_DATA_KEY),
      toKeyId: keyIdOf(newKey),
      headId: 3,
      headHash: rows[2]!.audtHash,
    });
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 6 });

    // Without the previous key the older events cannot be checked, and verify says which key it needs.
    const newOnly = auditKeysOf(new SecretBox(newKey));
    expect(await verifyAuditChain(ctx.db.kysely, { keys: newOnly })).toMatchObject({
      ok: false,
      badId: 1,
      reason: expect.stringMatching(
        new RegExp(`data key ${keyIdOf(TEST_DATA_KEY)}, which is not given`),
      ),
    });
    // A checkpoint signed under the old key still opens while that key is given.
    restoreTestAuditKeys();
    const old = await checkpoint();
    installAuditKeys(new SecretBox(newKey, [TEST_DATA_KEY]));
    expect(checkpointHead(old)).toEqual({ head: { id: 6, hash: rows[5]!.audtHash } });
  });
});

describe.each(DIALECTS)('a database from before the key (%s)', (dialect) => {
  let opened: { db: Db; drop: () => Promise<void> };
  afterEach(async () => {
    await opened.db.close();
    await opened.drop();
  });

  /** Events as the release before the key wrote them: the plain SHA-256 chain. */
  async function writeLegacyEvents(db: Db, n: number): Promise<void> {
    let prev = AUDIT_GENESIS_HASH;
    for (let i = 1; i <= n; i++) {
      const fields = {
        audtId: i,
        audtAt: `2026-11-0${i}T03:00:00.000Z`,
        audtActorUserId: 'alice@tagih.id',
        audtActorUsername: 'alice',
        audtCompId: 7,
        audtIp: '203.0.113.9',
        audtUserAgent: 'Mozilla/5.0 (test)',
        audtAction: 'auth.logout',
        audtTargetType: null,
        audtTargetId: null,
        audtOutcome: 'success',
        audtDetails: { i },
        audtPrevHash: prev,
        audtKeyId: null,
      };
      const audtHash = legacyEventHash(fields);
      const { audtKeyId: _unkeyed, ...row } = fields;
      await db.kysely
        .insertInto('audit_events')
        .values({ ...row, audtDetails: canonicalJson(row.audtDetails), audtHash } as never)
        .execute();
      prev = audtHash;
    }
  }

  it('migrates, verifies as it was, and goes on keyed from a signed event naming the old head; the old part stays protected', async () => {
    opened = await openEmpty(dialect);
    const { db } = opened;
    await migrateUpTo(db.kysely, '0015-stored-lowered-name', db.schema);
    await writeLegacyEvents(db, 4);
    await migrateToLatest(db.kysely, db.schema);

    // Until the server marks the key, nothing in the chain is signed: refused, as a downgrade would be.
    expect(await verifyAuditChain(db.kysely)).toMatchObject({
      ok: false,
      badId: 4,
      reason: expect.stringMatching(/without one event signed/),
    });
    const clock = new TestClock();
    expect(await markAuditKey({ db: db.kysely, clock })).toMatchObject({ audtId: 5 });
    await recordAudit(db.kysely, clock, ALICE, { action: AUDIT_ACTIONS.logout });
    const rows = await db.kysely.selectFrom('audit_events').selectAll().orderBy('audtId').execute();
    expect(rows.map((r) => r.audtKeyId)).toEqual([
      null,
      null,
      null,
      null,
      keyIdOf(TEST_DATA_KEY),
      keyIdOf(TEST_DATA_KEY),
    ]);
    expect(JSON.parse(rows[4]!.audtDetails)).toEqual({
      fromKeyId: null,
      toKeyId: keyIdOf(TEST_DATA_KEY),
      headId: 4,
      headHash: rows[3]!.audtHash,
    });
    expect(await verifyAuditChain(db.kysely)).toEqual({ ok: true, events: 6, legacyEvents: 4 });

    // Rewriting an old event and re-hashing the old chain changes its head, which the signed event pins.
    await dropAuditTriggers({ db });
    let prev = rows[0]!.audtHash;
    for (const row of rows.slice(1, 4)) {
      const details = row.audtId === 2 ? { i: 'rewritten' } : JSON.parse(row.audtDetails);
      const audtHash = legacyEventHash({ ...row, audtPrevHash: prev, audtDetails: details });
      await db.kysely
        .updateTable('audit_events')
        .set({ audtPrevHash: `x${row.audtId}` })
        .where('audtId', '=', row.audtId)
        .execute();
      await db.kysely
        .updateTable('audit_events')
        .set({ audtPrevHash: prev, audtHash, audtDetails: canonicalJson(details) })
        .where('audtId', '=', row.audtId)
        .execute();
      prev = audtHash;
    }
    expect(await verifyAuditChain(db.kysely)).toMatchObject({ ok: false, badId: 5 });
  });
});
