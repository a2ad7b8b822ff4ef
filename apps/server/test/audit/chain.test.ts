/** The trail itself: what an event holds, the hash chain, the triggers, transactions, concurrency, retention. */
import { createHmac, hkdfSync } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_GENESIS_HASH, type AuditAction } from '@tagih/contract';
import {
  purgeExpiredAudit,
  recordAudit,
  verifyAuditChain,
} from '../../src/modules/audit/service.ts';
import { keyIdOf } from '../../src/security/secret-box.ts';
import { TEST_DATA_KEY } from '../support/audit-key.ts';
import { DIALECTS, createTestContext, type TestContext } from '../support/test-app.ts';
import { ALICE, auditRows, dropAuditTriggers } from './support.ts';

describe.each(DIALECTS)('audit chain (%s)', (dialect) => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext(dialect, { demo: false });
  });
  afterEach(async () => {
    await ctx.close();
  });

  const record = (
    action: AuditAction = AUDIT_ACTIONS.loginSucceeded,
    details: Record<string, unknown> = {},
  ) => recordAudit(ctx.db.kysely, ctx.clock, ALICE, { action, details });

  it('records who, when, where, what and the outcome, chained to the event before', async () => {
    await record(AUDIT_ACTIONS.loginSucceeded);
    ctx.clock.advanceMinutes(1);
    await recordAudit(
      ctx.db.kysely,
      ctx.clock,
      { ...ALICE, actorUserId: null, actorUsername: 'mallory' },
      {
        action: AUDIT_ACTIONS.master.company.updated,
        outcome: 'denied',
        target: { type: 'company', id: 42 },
        details: { before: { compName: 'PT A' }, after: { compName: 'PT B' } },
      },
    );

    const [first, second] = await auditRows(ctx);
    expect(first).toMatchObject({
      audtId: 1,
      audtAt: '2026-11-20T03:00:00.000Z',
      audtActorUserId: 'alice@tagih.id',
      audtActorUsername: 'alice',
      audtCompId: 7,
      audtIp: '203.0.113.9',
      audtUserAgent: 'Mozilla/5.0 (test)',
      audtAction: 'auth.login.succeeded',
      audtTargetType: null,
      audtTargetId: null,
      audtOutcome: 'success',
      audtDetails: '{}',
      audtPrevHash: AUDIT_GENESIS_HASH,
    });
    expect(first!.audtHash).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatchObject({
      audtId: 2,
      audtAt: '2026-11-20T03:01:00.000Z',
      audtActorUserId: null,
      audtActorUsername: 'mallory',
      audtAction: 'master.company.updated',
      audtOutcome: 'denied',
      audtTargetType: 'company',
      audtTargetId: '42',
      audtPrevHash: first!.audtHash,
      audtDetails: '{"after":{"compName":"PT B"},"before":{"compName":"PT A"}}',
    });
  });

  it('signs the canonical JSON of the row without its hash (sorted keys, no spaces, details as an object) with HMAC-SHA256 under the key derived from the data key', async () => {
    await record(AUDIT_ACTIONS.logout, { z: 1, a: { y: [true, null], b: 'x' } });
    const [row] = await auditRows(ctx);
    const canonical =
      `{"audtAction":"auth.logout","audtActorUserId":"alice@tagih.id","audtActorUsername":"alice","audtAt":"2026-11-20T03:00:00.000Z",` +
      `"audtCompId":7,"audtDetails":{"a":{"b":"x","y":[true,null]},"z":1},"audtId":1,"audtIp":"203.0.113.9","audtKeyId":"${keyIdOf(TEST_DATA_KEY)}","audtOutcome":"success",` +
      `"audtPrevHash":"${AUDIT_GENESIS_HASH}","audtTargetId":null,"audtTargetType":null,"audtUserAgent":"Mozilla/5.0 (test)"}`;
    const key = Buffer.from(
      hkdfSync('sha256', TEST_DATA_KEY, Buffer.alloc(0), 'tagih audit chain v1', 32),
    );
    expect(row!.audtKeyId).toBe(keyIdOf(TEST_DATA_KEY));
    expect(row!.audtHash).toBe(createHmac('sha256', key).update(canonical).digest('hex'));
  });

  it('never stores passwords, hashes of them, secrets or tokens', async () => {
    await record(AUDIT_ACTIONS.master.user_login.updated, {
      before: { usloUserName: 'a', usloPassword: '$argon2id$old' },
      after: {
        usloUserName: 'b',
        usloPassword: 'new-pass',
        clntSecret: 's3cret',
        nested: [{ sessTokenHash: 'abc' }],
      },
    });
    const [row] = await auditRows(ctx);
    expect(JSON.parse(row!.audtDetails)).toEqual({
      before: { usloUserName: 'a', usloPassword: '[redacted]' },
      after: {
        usloUserName: 'b',
        usloPassword: '[redacted]',
        clntSecret: '[redacted]',
        nested: [{ sessTokenHash: '[redacted]' }],
      },
    });
    expect(row!.audtDetails).not.toMatch(/argon2|new-pass|s3cret|abc/);
  });

  it('stores odd text so that it reads back as hashed (NUL, a split emoji, over-long values)', async () => {
    const name = `bad\u0000name\ud800${'x'.repeat(300)}`;
    await recordAudit(
      ctx.db.kysely,
      ctx.clock,
      { ...ALICE, actorUsername: name, userAgent: `${'y'.repeat(511)}😀` },
      {
        action: AUDIT_ACTIONS.loginFailed,
        outcome: 'failure',
        details: { tried: name },
      },
    );
    const [row] = await auditRows(ctx);
    expect(row!.audtActorUsername).toBe(`bad\uFFFDname\uFFFD${'x'.repeat(246)}`);
    expect(row!.audtUserAgent).toBe(`${'y'.repeat(511)}\uFFFD`);
    expect(JSON.parse(row!.audtDetails).tried).toBe(name);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 1 });
  });

  it('verifies an untouched chain', async () => {
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 0 });
    for (let i = 0; i < 5; i++) await record();
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 5 });
  });

  it('names the first event that was edited, and the one after a deleted event', async () => {
    for (let i = 0; i < 5; i++) await record(AUDIT_ACTIONS.logout, { n: i });
    await dropAuditTriggers(ctx);
    await ctx.db.kysely
      .updateTable('audit_events')
      .set({ audtDetails: '{"n":99}' })
      .where('audtId', '=', 3)
      .execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({
      ok: false,
      badId: 3,
      events: 2,
      reason: expect.stringMatching(/^its hash does not match its contents/),
    });

    await ctx.db.kysely.deleteFrom('audit_events').where('audtId', '=', 3).execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: false, badId: 4 });

    await ctx.db.kysely.deleteFrom('audit_events').where('audtId', '<=', 2).execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: false, badId: 4 });
  });

  it('refuses UPDATE and DELETE on audit_events (and TRUNCATE on PostgreSQL)', async () => {
    await record();
    await expect(
      ctx.db.kysely.updateTable('audit_events').set({ audtActorUsername: 'nobody' }).execute(),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.kysely.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);
    if (dialect === 'postgres')
      await expect(sql`truncate audit_events`.execute(ctx.db.kysely)).rejects.toThrow(
        /append-only/,
      );
    expect(await auditRows(ctx)).toHaveLength(1);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 1 });
  });

  it('writes no event for a change that rolled back, and both when it commits', async () => {
    const addRole = (roleName: string, fail: boolean) =>
      ctx.db.kysely.transaction().execute(async (tx) => {
        const role = await tx
          .insertInto('roles')
          .values({
            roleName,
            roleCreatedTime: null,
            roleCreatedUserId: null,
            roleUpdatedTime: null,
            roleUpdatedUserId: null,
          })
          .returning('roleId')
          .executeTakeFirstOrThrow();
        await recordAudit(tx, ctx.clock, ALICE, {
          action: AUDIT_ACTIONS.master.role.created,
          target: { type: 'role', id: role.roleId },
          details: { after: { roleName } },
        });
        if (fail) throw new Error('rolled back');
      });

    await expect(addRole('Auditor', true)).rejects.toThrow('rolled back');
    expect(await auditRows(ctx)).toEqual([]);
    expect(
      await ctx.db.kysely
        .selectFrom('roles')
        .select('roleId')
        .where('roleName', '=', 'Auditor')
        .executeTakeFirst(),
    ).toBeUndefined();

    await addRole('Auditor', false);
    const rows = await auditRows(ctx);
    expect(rows.map((r) => r.audtAction)).toEqual(['master.role.created']);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 1 });
  });

  it('keeps one chain when many requests write at once', async () => {
    const N = 40;
    await Promise.all(Array.from({ length: N }, (_, i) => record(AUDIT_ACTIONS.logout, { i })));
    const rows = await auditRows(ctx);
    expect(rows.map((r) => r.audtId)).toEqual(Array.from({ length: N }, (_, i) => i + 1));
    expect(new Set(rows.map((r) => r.audtPrevHash)).size).toBe(N);
    expect(new Set(rows.map((r) => JSON.parse(r.audtDetails).i)).size).toBe(N);
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: N });
  });

  it('purges events past retention, leaves a checkpoint, and the rest still verifies', async () => {
    for (let i = 0; i < 3; i++) await record(AUDIT_ACTIONS.logout, { old: i });
    ctx.clock.advanceMinutes(300 * 24 * 60);
    await record(AUDIT_ACTIONS.logout, { young: 1 });
    ctx.clock.advanceMinutes(101 * 24 * 60); // the first three are now 401 days old, the fourth 101
    const third = (await auditRows(ctx))[2]!;

    expect(await purgeExpiredAudit(ctx.deps)).toEqual({ purgedRows: 3, checkpointId: 5 });
    const rows = await auditRows(ctx);
    expect(rows.map((r) => [r.audtId, r.audtAction])).toEqual([
      [4, 'auth.logout'],
      [5, 'audit.purged'],
    ]);
    expect(rows[1]).toMatchObject({ audtActorUsername: 'system', audtPrevHash: rows[0]!.audtHash });
    expect(JSON.parse(rows[1]!.audtDetails)).toMatchObject({
      purgedRows: 3,
      throughId: 3,
      lastPurgedHash: third.audtHash,
      retentionDays: 400,
    });
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 2 });

    // Nothing more to purge: no second checkpoint.
    expect(await purgeExpiredAudit(ctx.deps)).toEqual({ purgedRows: 0, checkpointId: null });
    // Outside the purge the window is closed again.
    await expect(ctx.db.kysely.deleteFrom('audit_events').execute()).rejects.toThrow(/append-only/);

    // Everything ages out, the last checkpoint included: the new checkpoint anchors the chain alone.
    ctx.clock.advanceMinutes(401 * 24 * 60);
    expect(await purgeExpiredAudit(ctx.deps)).toEqual({ purgedRows: 2, checkpointId: 6 });
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 1 });
    await record();
    expect(await verifyAuditChain(ctx.db.kysely)).toEqual({ ok: true, events: 2 });
  });

  it('does not take a cut-off head for a purge: removed first events without a checkpoint are reported', async () => {
    for (let i = 0; i < 4; i++) await record();
    ctx.clock.advanceMinutes(401 * 24 * 60);
    await record();
    await purgeExpiredAudit(ctx.deps); // drops 1-4, checkpoint 6
    await dropAuditTriggers(ctx);
    await ctx.db.kysely.deleteFrom('audit_events').where('audtId', '=', 5).execute();
    expect(await verifyAuditChain(ctx.db.kysely)).toMatchObject({ ok: false, badId: 6 });
  });
});
