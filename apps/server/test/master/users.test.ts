/** Users and their logins: written together, hashes never returned, sessions revoked on credential changes. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';
import { apiFor, qs, type Api } from './helpers.ts';

const NEW_USER = {
  userId: 'dewi@tagih.id',
  userStatus: 1,
  usloUserName: 'dewi',
  usloPassword: 'dewi-pass-1',
};
const STATUS = '/api/security/authentication/status';

describe.each(DIALECTS)('master users (%s)', (dialect) => {
  let ctx: TestContext;
  let api: Api;
  let bodies: string[] = [];
  beforeEach(async () => {
    bodies = [];
    ctx = await createTestContext(dialect);
    const raw = apiFor(ctx, await ctx.login());
    // every answer is kept, to prove no hash ever leaves the server
    const keep = async (p: ReturnType<Api['get']>) => {
      const a = await p;
      bodies.push(a.raw.body);
      return a;
    };
    api = {
      get: (u) => keep(raw.get(u)),
      post: (u, b) => keep(raw.post(u, b)),
      put: (u, b) => keep(raw.put(u, b)),
      del: (u) => keep(raw.del(u)),
    };
  });
  afterEach(async () => {
    await ctx.close();
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.join('\n')).not.toMatch(/\$argon2/);
  });

  const userRows = (userId: string) =>
    ctx.db.kysely.selectFrom('users').select('userId').where('userId', '=', userId).execute();
  const signsIn = async (username: string, password: string) =>
    (
      await ctx.inject({
        method: 'POST',
        url: '/api/security/authentication/login',
        payload: { username, password },
      })
    ).statusCode === 200;
  const sessionLive = async (token: string) =>
    (await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode === 200;

  it('creates a user and its login in one call; the login works and its hash stays inside', async () => {
    const res = await api.post('/master/user', NEW_USER);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      userId: 'dewi@tagih.id',
      userStatus: 1,
      usloUserName: 'dewi',
      userIsSuperadmin: false,
      userLockedUntil: null,
      userTwoFactor: false,
      userCreatedTime: '2026-11-20T03:00:00.000Z',
      userCreatedUserId: USER_IDS.admin,
      userUpdatedTime: '2026-11-20T03:00:00.000Z',
      userUpdatedUserId: USER_IDS.admin,
    });
    const login = await ctx.db.kysely
      .selectFrom('user_logins')
      .selectAll()
      .where('usloUserId', '=', 'dewi@tagih.id')
      .executeTakeFirstOrThrow();
    expect(login.usloPassword).toMatch(/^\$argon2id\$/);
    expect(login.usloCreatedUserId).toBe(USER_IDS.admin);
    expect(await signsIn('dewi', 'dewi-pass-1')).toBe(true);
    expect((await api.get(`/master/User_Login/${NEW_USER.userId}`)).body.data).toMatchObject({
      usloUserId: NEW_USER.userId,
      usloUserName: 'dewi',
    });
  });

  it('rolls the user back when its login cannot be made (username taken)', async () => {
    const res = await api.post('/master/user', { ...NEW_USER, usloUserName: 'budi' });
    expect(res.status).toBe(409);
    expect(res.body.status.message).toBe('Username has already been used');
    expect(res.body.data.errors).toEqual({ usloUserName: 'Username has already been used' });
    expect(await userRows(NEW_USER.userId)).toEqual([]);
  });

  it('answers 409 for a User ID in use, and 400 for a half login or a bad User ID', async () => {
    const dup = await api.post('/master/user', {
      ...NEW_USER,
      userId: USER_IDS.budi,
      usloUserName: 'budi2',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.data.errors).toEqual({ userId: 'User ID has already been used' });
    const half = await api.post('/master/user', {
      userId: NEW_USER.userId,
      userStatus: 1,
      usloUserName: 'dewi',
    });
    expect(half.status).toBe(400);
    expect(half.body.data.errors).toEqual({ usloPassword: 'Password is required' });
    const other = await api.post('/master/user', {
      userId: NEW_USER.userId,
      userStatus: 1,
      usloPassword: 'dewi-pass-1',
    });
    expect(other.body.data.errors).toEqual({ usloUserName: 'Username is required' });
    const bad = await api.post('/master/user', {
      userId: '1dewi',
      userStatus: 2,
      usloUserName: 'de',
      usloPassword: '123',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.data.errors).toEqual({
      userId: 'User ID must start with a letter',
      userStatus: 'Status is required',
      usloUserName: 'Username must be at least 3 characters',
      usloPassword: 'Password must be at least 6 characters',
    });
    const long = await api.post('/master/user', {
      userId: `${'a'.repeat(45)}@tagih.id`,
      userStatus: 1,
    });
    expect(long.body.data.errors).toEqual({ userId: 'User ID must not exceed 50 characters' });
    expect(await userRows(NEW_USER.userId)).toEqual([]);
  });

  it('edits the user and its login together; a new password or username ends their sessions', async () => {
    await api.post('/master/user', NEW_USER);
    const token = await ctx.login({ username: 'dewi', password: 'dewi-pass-1' });
    const keep = await api.put(`/master/user/${NEW_USER.userId}`, {
      userId: NEW_USER.userId,
      userStatus: 1,
      usloUserName: 'dewi',
      usloPassword: '',
    });
    expect(keep.status).toBe(200);
    expect(await sessionLive(token)).toBe(true); // nothing changed: the session lives on
    expect(await signsIn('dewi', 'dewi-pass-1')).toBe(true);

    const changed = await api.put(`/master/user/${NEW_USER.userId}`, {
      userStatus: 1,
      usloUserName: 'dewi.s',
      usloPassword: 'new-pass-22',
    });
    expect(changed.body.data.usloUserName).toBe('dewi.s');
    expect(await sessionLive(token)).toBe(false);
    expect(await signsIn('dewi.s', 'new-pass-22')).toBe(true);
    expect(await signsIn('dewi.s', 'dewi-pass-1')).toBe(false);

    const mismatch = await api.put(`/master/user/${NEW_USER.userId}`, {
      userId: USER_IDS.budi,
      userStatus: 1,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.data.errors).toEqual({
      userId: 'userId does not match the id in the URL',
    });
    const taken = await api.put(`/master/user/${NEW_USER.userId}`, {
      userStatus: 1,
      usloUserName: 'budi',
    });
    expect(taken.status).toBe(409);
    expect((await api.put('/master/user/ghost@tagih.id', { userStatus: 1 })).status).toBe(404);
  });

  it('deactivating a user ends their sessions and stops sign-in', async () => {
    const token = await ctx.login(STAFF_USER);
    const res = await api.put(`/master/user/${USER_IDS.budi}`, { userStatus: 0 });
    expect(res.status).toBe(200);
    expect(res.body.data.userStatus).toBe(0);
    expect(await sessionLive(token)).toBe(false);
    const revoked = await ctx.db.kysely
      .selectFrom('sessions')
      .select('sessRevokedTime')
      .where('sessUserId', '=', USER_IDS.budi)
      .execute();
    expect(revoked.every((s) => s.sessRevokedTime !== null)).toBe(true);
    expect(await signsIn(STAFF_USER.username, STAFF_USER.password)).toBe(false);
  });

  it('refuses to let a user delete or deactivate themselves', async () => {
    const deactivate = await api.put(`/master/user/${USER_IDS.admin}`, { userStatus: 0 });
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.status.message).toBe('You cannot deactivate your own account.');
    const del = await api.del(`/master/user/${USER_IDS.admin}`);
    expect(del.status).toBe(409);
    expect(del.body.status.message).toBe('You cannot delete your own account.');
    expect((await api.del(`/master/User_Login/${USER_IDS.admin}`)).body.status.message).toBe(
      'You cannot delete your own login.',
    );
    expect(await userRows(USER_IDS.admin)).toHaveLength(1);
  });

  it('deletes a user with its login, role and company links and sessions, in one go', async () => {
    await ctx.login(STAFF_USER);
    const res = await api.del(`/master/user/${USER_IDS.budi}`);
    expect(res.status).toBe(200);
    const db = ctx.db.kysely;
    expect(await userRows(USER_IDS.budi)).toEqual([]);
    expect(
      await db
        .selectFrom('user_logins')
        .select('usloId')
        .where('usloUserId', '=', USER_IDS.budi)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('user_roles')
        .select('usroId')
        .where('usroUserId', '=', USER_IDS.budi)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('user_companies')
        .select('uscoId')
        .where('uscoUserId', '=', USER_IDS.budi)
        .execute(),
    ).toEqual([]);
    expect(
      await db
        .selectFrom('sessions')
        .select('sessUserId')
        .where('sessUserId', '=', USER_IDS.budi)
        .execute(),
    ).toEqual([]);
    expect((await api.del(`/master/user/${USER_IDS.budi}`)).status).toBe(404);
  });

  it('manages a login on its own through /master/User_Login, addressed by user id', async () => {
    expect(
      (await api.post('/master/user', { userId: NEW_USER.userId, userStatus: 1 })).body.data
        .usloUserName,
    ).toBeNull();
    const half = await api.put(`/master/user/${NEW_USER.userId}`, {
      userStatus: 1,
      usloUserName: 'dewi',
    });
    expect(half.body.data.errors).toEqual({ usloPassword: 'Password is required' });
    expect((await api.get(`/master/User_Login/${NEW_USER.userId}`)).status).toBe(404);

    const created = await api.post('/master/User_Login', {
      usloUserId: NEW_USER.userId,
      usloUserName: 'dewi',
      usloPassword: 'dewi-pass-1',
    });
    expect(created.status).toBe(200);
    expect(Object.keys(created.body.data).sort()).toEqual(
      [
        'usloCreatedTime',
        'usloCreatedUserId',
        'usloId',
        'usloUpdatedTime',
        'usloUpdatedUserId',
        'usloUserId',
        'usloUserName',
      ].sort(),
    );
    const second = await api.post('/master/User_Login', {
      usloUserId: NEW_USER.userId,
      usloUserName: 'dewi2',
      usloPassword: 'dewi-pass-1',
    });
    expect(second.status).toBe(409);
    expect(second.body.data.errors).toEqual({ usloUserId: 'User ID has already been used' });

    const token = await ctx.login({ username: 'dewi', password: 'dewi-pass-1' });
    const renamed = await api.put(`/master/User_Login/${NEW_USER.userId}`, {
      usloUserId: NEW_USER.userId,
      usloUserName: 'dewi.r',
    });
    expect(renamed.body.data.usloUserName).toBe('dewi.r');
    expect(await sessionLive(token)).toBe(false);
    expect(await signsIn('dewi.r', 'dewi-pass-1')).toBe(true);

    const list = await api.get(`/master/User_Login${qs({ search: 'dewi' })}`);
    expect(list.body.data.data.map((r: { usloUserName: string }) => r.usloUserName)).toEqual([
      'dewi.r',
    ]);
    expect((await api.del(`/master/User_Login/${NEW_USER.userId}`)).status).toBe(200);
    expect(await signsIn('dewi.r', 'dewi-pass-1')).toBe(false);
    expect(await userRows(NEW_USER.userId)).toHaveLength(1);
    expect((await api.del(`/master/User_Login/${NEW_USER.userId}`)).status).toBe(404);
  });

  it('lists users with their username and filters them by status', async () => {
    const res = await api.get(
      `/master/user${qs({ 'finds[userStatus]': 1, 'finds[usloUserName][start_with]': 'r' })}`,
    );
    expect(res.body.data.data).toEqual([
      expect.objectContaining({ userId: USER_IDS.rina, usloUserName: 'rina', userStatus: 1 }),
    ]);
    expect(res.body.data.fields.find((f: { Field: string }) => f.Field === 'userId')).toMatchObject(
      { Key: 'PRI' },
    );
  });
});
