/** What every database needs: the three named roles, a permission per area, and an admin. */
import { ACTIONS, AREAS, areaActions, type Action, type Area } from '@tagih/contract';
import { sql, type Kysely } from 'kysely';
import { hashPassword } from '../../security/passwords.ts';
import { randomPassword } from '../../security/tokens.ts';
import { isPostgres, type Database } from '../tables.ts';
import { auditOnCreate } from '../audit.ts';

export const SYSTEM_USER = 'system';
export const ADMIN_USER_ID = 'admin@tagih.id';

const ops = (actions: readonly Action[]) => JSON.stringify(actions);

/**
 * Role id -> area -> actions. Superadmin: everything. Admin: runs master data (bank accounts too),
 * imports statements and resolves breaks, reads the rest. Staff: dashboards and reconciliation, read.
 */
export const ROLE_GRANTS: Record<number, Partial<Record<Area, readonly Action[]>>> = {
  1: Object.fromEntries(AREAS.map((a) => [a, areaActions(a)])),
  2: {
    dashboard_notification: ['read'],
    dashboard_transactionva: ['read'],
    dashboard_transactionqr: ['read'],
    master_user: ACTIONS,
    master_user_company: ACTIONS,
    master_user_role: ACTIONS,
    master_company: ACTIONS,
    master_company_group: ACTIONS,
    master_permission: ['read'],
    master_role: ['read'],
    master_role_permission: ['read'],
    master_bank_account: ACTIONS,
    reconciliation: ['read', 'create', 'update'],
  },
  3: {
    dashboard_notification: ['read'],
    dashboard_transactionva: ['read'],
    dashboard_transactionqr: ['read'],
    reconciliation: ['read'],
  },
};

const ROLE_NAMES: Record<number, string> = { 1: 'Superadmin', 2: 'Admin', 3: 'Staff' };

export interface BaseSeedResult {
  adminCreated: boolean;
  adminUsername: string;
  /** Set only when the password was generated now (printed once). */
  generatedAdminPassword?: string;
}

export interface BaseSeedOptions {
  adminUsername: string;
  /** ADMIN_PASSWORD; absent: one is generated (and returned, to be shown once). */
  adminPassword?: string | undefined;
  /** The admin must change the password at the first sign-in (PASSWORD_POLICY=pci: somebody else set it). */
  adminMustChangePassword?: boolean;
  now: string;
}

export async function seedBase(
  db: Kysely<Database>,
  opts: BaseSeedOptions,
): Promise<BaseSeedResult> {
  const audit = <P extends string>(p: P) => auditOnCreate(p, SYSTEM_USER, opts.now);
  const anyUser = await db.selectFrom('users').select('userId').limit(1).executeTakeFirst();
  if (anyUser) return { adminCreated: false, adminUsername: opts.adminUsername };

  await db.transaction().execute(async (tx) => {
    for (const [id, name] of Object.entries(ROLE_NAMES)) {
      const exists = await tx
        .selectFrom('roles')
        .select('roleId')
        .where('roleName', '=', name)
        .executeTakeFirst();
      if (!exists)
        await tx
          .insertInto('roles')
          .values({ roleId: Number(id), roleName: name, ...audit('role') })
          .execute();
    }
    for (const area of AREAS) {
      const exists = await tx
        .selectFrom('permissions')
        .select('prmsId')
        .where('prmsName', '=', area)
        .executeTakeFirst();
      if (!exists)
        await tx
          .insertInto('permissions')
          .values({ prmsName: area, prmsOperations: ops(areaActions(area)), ...audit('prms') })
          .execute();
    }
    const permissions = await tx.selectFrom('permissions').select(['prmsId', 'prmsName']).execute();
    for (const [roleId, grants] of Object.entries(ROLE_GRANTS)) {
      for (const p of permissions) {
        const actions = grants[p.prmsName as Area];
        if (!actions) continue;
        await tx
          .insertInto('role_permissions')
          .values({
            rperRoleId: Number(roleId),
            rperPrmsId: p.prmsId,
            rperOperations: ops(actions),
            ...audit('rper'),
          })
          .onConflict((oc) => oc.columns(['rperRoleId', 'rperPrmsId']).doNothing())
          .execute();
      }
    }
  });
  await resyncIdentity(db, 'roles', 'roleId');

  const generated = opts.adminPassword ? undefined : randomPassword();
  const passwordHash = await hashPassword(opts.adminPassword ?? generated!);
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('users')
      .values({ userId: ADMIN_USER_ID, userStatus: 1, ...audit('user') })
      .execute();
    await tx
      .insertInto('user_logins')
      .values({
        usloUserId: ADMIN_USER_ID,
        usloUserName: opts.adminUsername,
        usloPassword: passwordHash,
        ...audit('uslo'),
        // Named only when set: tests seed databases migrated to before the column (0008).
        ...(opts.adminMustChangePassword ? { usloMustChangePassword: 1 } : {}),
      })
      .execute();
    await tx
      .insertInto('user_roles')
      .values({ usroUserId: ADMIN_USER_ID, usroRoleId: 1, ...audit('usro') })
      .execute();
  });
  return {
    adminCreated: true,
    adminUsername: opts.adminUsername,
    ...(generated ? { generatedAdminPassword: generated } : {}),
  };
}

/** After inserting explicit ids, PostgreSQL's sequence must move past them. */
export async function resyncIdentity(
  db: Kysely<Database>,
  table: string,
  column: string,
): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.ref(column)}) from ${sql.table(table)}), 1))`.execute(
    db,
  );
}
