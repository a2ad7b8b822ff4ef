/** A signed-in user whose role grants `read` on exactly the given areas, in one company (work queue and bulk action tests). */
import { hashPassword } from '../../src/security/passwords.ts';
import type { TestContext } from '../support/test-app.ts';

let counter = 0;

export async function userWithAreas(
  ctx: TestContext,
  areas: string[],
  compId: number,
): Promise<{ token: string; userId: string; username: string }> {
  const db = ctx.db.kysely;
  const now = ctx.clock.now().toISOString();
  const n = `${++counter}${Math.random().toString(36).slice(2, 6)}`;
  const audit = (p: string) => ({
    [`${p}CreatedTime`]: now,
    [`${p}CreatedUserId`]: 'system',
    [`${p}UpdatedTime`]: now,
    [`${p}UpdatedUserId`]: 'system',
  });
  const role = await db
    .insertInto('roles')
    .values({ roleName: `Area${n}`, ...audit('role') } as never)
    .returning('roleId')
    .executeTakeFirstOrThrow();
  for (const area of areas) {
    const prms = await db
      .selectFrom('permissions')
      .select('prmsId')
      .where('prmsName', '=', area)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('role_permissions')
      .values({
        rperRoleId: role.roleId,
        rperPrmsId: prms.prmsId,
        rperOperations: '["read"]',
        ...audit('rper'),
      } as never)
      .execute();
  }
  const userId = `area${n}@tagih.id`;
  const username = `area${n}`;
  await db
    .insertInto('users')
    .values({ userId, userStatus: 1, ...audit('user') } as never)
    .execute();
  await db
    .insertInto('user_logins')
    .values({
      usloUserId: userId,
      usloUserName: username,
      usloPassword: await hashPassword('area-pass-1'),
      ...audit('uslo'),
    } as never)
    .execute();
  await db
    .insertInto('user_roles')
    .values({ usroUserId: userId, usroRoleId: role.roleId, ...audit('usro') } as never)
    .execute();
  await db
    .insertInto('user_companies')
    .values({ uscoUserId: userId, uscoCompId: compId, ...audit('usco') } as never)
    .execute();
  return {
    token: await ctx.loginWithCompany({ username, password: 'area-pass-1' }, compId),
    userId,
    username,
  };
}
