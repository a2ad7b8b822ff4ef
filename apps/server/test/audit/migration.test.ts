/** Migration 0003 on a database seeded before it existed: the audit area reaches the Superadmin, read only. */
import { Migrator, type Migration } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import * as initialSchema from '../../src/db/migrations/0001-initial-schema.ts';
import * as transactionsListCover from '../../src/db/migrations/0002-transactions-list-cover.ts';
import { seedBase } from '../../src/db/seed/index.ts';
import { DIALECTS } from '../support/test-app.ts';
import { openEmpty } from './support.ts';

const BEFORE_AUDIT: Record<string, Migration> = {
  '0001-initial-schema': initialSchema,
  '0002-transactions-list-cover': transactionsListCover,
};

describe.each(DIALECTS)('audit migration (%s)', (dialect) => {
  let opened: { db: Db; drop: () => Promise<void> };
  afterEach(async () => {
    await opened.db.close();
    await opened.drop();
  });

  it('grants audit_log.read to the Superadmin role of an existing database, and to no other role', async () => {
    opened = await openEmpty(dialect);
    const { db } = opened;
    const migrator = new Migrator({
      db: db.kysely,
      provider: { getMigrations: async () => BEFORE_AUDIT },
      ...(db.schema ? { migrationTableSchema: db.schema } : {}),
    });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await seedBase(db.kysely, {
      adminUsername: 'admin',
      adminPassword: 'admin-pass-1',
      now: '2026-01-01T00:00:00.000Z',
    });
    // As it was before the audit area existed.
    const seeded = await db.kysely
      .selectFrom('permissions')
      .select('prmsId')
      .where('prmsName', '=', 'audit_log')
      .executeTakeFirstOrThrow();
    await db.kysely
      .deleteFrom('role_permissions')
      .where('rperPrmsId', '=', seeded.prmsId)
      .execute();
    await db.kysely.deleteFrom('permissions').where('prmsId', '=', seeded.prmsId).execute();

    await migrateToLatest(db.kysely, db.schema);

    const grants = await db.kysely
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId')
      .select(['rperRoleId', 'rperOperations', 'prmsOperations'])
      .where('prmsName', '=', 'audit_log')
      .execute();
    expect(grants).toEqual([
      { rperRoleId: 1, rperOperations: '["read"]', prmsOperations: '["read"]' },
    ]);
    const login = await db.kysely
      .selectFrom('user_logins')
      .select(['usloUserName', 'usloLastLoginAt'])
      .executeTakeFirstOrThrow();
    expect(login).toEqual({ usloUserName: 'admin', usloLastLoginAt: null });
    expect(await db.kysely.selectFrom('audit_events').selectAll().execute()).toEqual([]);
  });

  it('leaves a new database to the base seed, which grants the same', async () => {
    opened = await openEmpty(dialect);
    const { db } = opened;
    await migrateToLatest(db.kysely, db.schema);
    expect(await db.kysely.selectFrom('permissions').selectAll().execute()).toEqual([]);
    await seedBase(db.kysely, {
      adminUsername: 'admin',
      adminPassword: 'admin-pass-1',
      now: '2026-01-01T00:00:00.000Z',
    });
    const grants = await db.kysely
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.prmsId', 'role_permissions.rperPrmsId')
      .select(['rperRoleId', 'rperOperations'])
      .where('prmsName', '=', 'audit_log')
      .execute();
    expect(grants).toEqual([{ rperRoleId: 1, rperOperations: '["read"]' }]);
  });
});
