/**
 * Getting in again (`npm run user:reset-password -- <username>`), on both dialects: the user signs
 * in with the new password, not the old; its sessions end; a sign-in lock is lifted; the audit
 * trail says who did it; an unknown user or a password the policy refuses changes nothing.
 * Then the command itself on an embedded database, as an operator runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from '@tagih/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { seedBase } from '../../src/db/seed/base.ts';
import { LOCKOUT_FAILURES } from '../../src/modules/auth/lockout.ts';
import { RESET_PASSWORD_ACTOR, resetPassword } from '../../src/modules/auth/reset-password.ts';
import { AppError } from '../../src/shared/errors.ts';
import {
  DIALECTS,
  STAFF_USER,
  USER_IDS,
  createTestContext,
  type TestContext,
} from '../support/test-app.ts';

const LOGIN = '/api/security/authentication/login';
const STATUS = '/api/security/authentication/status';

describe.each(DIALECTS)('reset a password from the command line (%s)', (dialect) => {
  let ctx: TestContext;
  afterEach(() => ctx?.close());

  const signIn = (password: string) =>
    ctx.inject({
      method: 'POST',
      url: LOGIN,
      payload: { username: STAFF_USER.username, password },
    });
  const hashOf = async () =>
    (
      await ctx.db.kysely
        .selectFrom('user_logins')
        .select('usloPassword')
        .where('usloUserId', '=', USER_IDS.budi)
        .executeTakeFirstOrThrow()
    ).usloPassword;

  it(
    'sets the new password, ends the sessions, lifts a lock and audits it',
    { timeout: 180_000 },
    async () => {
      ctx = await createTestContext(dialect);
      const token = await ctx.login(STAFF_USER);
      // Locked out by wrong passwords first.
      for (let i = 0; i < LOCKOUT_FAILURES; i += 1) await signIn('wrong-password');
      expect((await signIn(STAFF_USER.password)).statusCode).not.toBe(200);

      await resetPassword(
        ctx.db,
        ctx.clock,
        ctx.config.passwordPolicy,
        STAFF_USER.username,
        'fresh-pass-9',
      );

      expect((await ctx.inject({ method: 'GET', url: STATUS, token })).statusCode).toBe(401);
      expect((await signIn(STAFF_USER.password)).statusCode).toBe(401);
      expect((await signIn('fresh-pass-9')).statusCode).toBe(200);
      const events = await ctx.db.kysely
        .selectFrom('audit_events')
        .selectAll()
        .where('audtAction', '=', AUDIT_ACTIONS.master.user_login.updated)
        .where('audtTargetId', '=', USER_IDS.budi)
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]!.audtActorUsername).toBe(RESET_PASSWORD_ACTOR);
      expect(JSON.parse(events[0]!.audtDetails ?? '{}')).toMatchObject({
        changed: ['usloPassword'],
        by: RESET_PASSWORD_ACTOR,
      });
      expect(JSON.stringify(events[0])).not.toContain('fresh-pass-9');
    },
  );

  it('an unknown user or a refused password changes nothing', { timeout: 180_000 }, async () => {
    ctx = await createTestContext(dialect);
    const before = await hashOf();
    await expect(
      resetPassword(ctx.db, ctx.clock, ctx.config.passwordPolicy, 'nobody', 'fresh-pass-9'),
    ).rejects.toMatchObject({ statusCode: 404 });
    const refused = await resetPassword(
      ctx.db,
      ctx.clock,
      ctx.config.passwordPolicy,
      STAFF_USER.username,
      'abc',
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).statusCode).toBe(400);
    expect(await hashOf()).toBe(before);
    expect((await signIn(STAFF_USER.password)).statusCode).toBe(200);
  });
});

const CLI = new URL('../../src/modules/auth/reset-password-cli.ts', import.meta.url).pathname;

function run(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [CLI, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env } },
      (error, stdout, stderr) => {
        resolve({
          code: error ? Number(error.code ?? 1) : 0,
          stdout: stdout.trim(),
          stderr: stderr.trim(),
        });
      },
    );
  });
}

describe('npm run user:reset-password', () => {
  it(
    'prints a new password for the user, refuses an unknown one (1) and a missing name or database (2)',
    { timeout: 400_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'tagih-reset-'));
      try {
        const db = openDatabase(`sqlite:${join(dir, 'tagih.db')}`);
        await migrateToLatest(db.kysely);
        await seedBase(db.kysely, {
          adminUsername: 'admin',
          adminPassword: 'first-pass-1',
          now: new Date().toISOString(),
        });
        await db.close();
        const env = { DATABASE_URL: 'sqlite:./tagih.db', INIT_CWD: dir };

        const done = await run(['admin'], env);
        expect(done.code, done.stderr).toBe(0);
        const password =
          /^user:reset-password: admin \/ (\S+) {2}\(its sessions ended, sign-in locks lifted\)$/.exec(
            done.stdout,
          )?.[1];
        expect(password).toBeDefined();
        const { verifyPassword } = await import('../../src/security/passwords.ts');
        const reopened = openDatabase(`sqlite:${join(dir, 'tagih.db')}`);
        const login = await reopened.kysely
          .selectFrom('user_logins')
          .select('usloPassword')
          .where('usloUserName', '=', 'admin')
          .executeTakeFirstOrThrow();
        await reopened.close();
        expect(await verifyPassword(login.usloPassword, password!)).toBe(true);

        expect(await run(['ghost'], env)).toMatchObject({
          code: 1,
          stderr: "user:reset-password: No user signs in as 'ghost'.",
        });
        expect((await run([], env)).code).toBe(2);
        expect((await run(['admin'], { ...env, DATABASE_URL: 'sqlite:./missing.db' })).code).toBe(
          2,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
