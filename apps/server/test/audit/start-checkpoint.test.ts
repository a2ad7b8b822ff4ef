/**
 * A real start on a database from before the key: the migration, the signed event that names the
 * old head, the checkpoint line in the log, and `audit:verify` told that line.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AUDIT_GENESIS_HASH } from '@tagih/contract';
import { openDatabase } from '../../src/db/database.ts';
import { migrateUpTo } from '../../src/db/migrate.ts';
import { canonicalJson, legacyEventHash } from '../../src/modules/audit/hash.ts';
import {
  listeningPort,
  startServer,
  stopServer,
  type ServerProcess,
} from '../ops/support/server-process.ts';

const CLI = new URL('../../src/modules/audit/verify-cli.ts', import.meta.url).pathname;
const DATA_KEY = Buffer.alloc(32, 5).toString('base64');
const NEW_DATA_KEY = Buffer.alloc(32, 6).toString('base64');

function verify(
  env: Record<string, string>,
  args: string[],
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

describe('audit checkpoint at start', { timeout: 300_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'tagih-audit-start-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it('keys an old chain at the first start, logs a signed checkpoint of the head, and verify takes that line', async () => {
    const file = join(dir, 'tagih.db');
    const old = openDatabase(`sqlite:${file}`);
    await migrateUpTo(old.kysely, '0015-stored-lowered-name');
    let prev = AUDIT_GENESIS_HASH;
    for (let i = 1; i <= 3; i++) {
      const row = {
        audtId: i,
        audtAt: `2026-11-0${i}T03:00:00.000Z`,
        audtActorUserId: null,
        audtActorUsername: 'admin',
        audtCompId: null,
        audtIp: null,
        audtUserAgent: null,
        audtAction: 'auth.logout',
        audtTargetType: null,
        audtTargetId: null,
        audtOutcome: 'success',
        audtDetails: {},
        audtPrevHash: prev,
      };
      const audtHash = legacyEventHash({ ...row, audtKeyId: null });
      await old.kysely
        .insertInto('audit_events')
        .values({ ...row, audtDetails: canonicalJson({}), audtHash } as never)
        .execute();
      prev = audtHash;
    }
    await old.close();

    const env = { DATABASE_URL: `sqlite:${file}`, DATA_KEY };
    server = startServer({
      ...env,
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'admin-pass-1',
      LOG_LEVEL: 'info',
    });
    await listeningPort(server, 150_000);
    await stopServer(server);
    const line = server.stdout.find((l) => l.includes('"auditCheckpoint"'));
    expect(line, server.stdout.join('\n')).toBeDefined();
    const logged = JSON.parse(line!) as { msg: string; auditCheckpoint: { headId: number } };
    expect(logged).toMatchObject({ msg: 'audit checkpoint', auditCheckpoint: { headId: 4 } }); // 1-3 unkeyed, 4: audit.key_changed

    expect(await verify(env, ['--checkpoint', line!])).toEqual({
      code: 0,
      stdout:
        'audit: ok, 4 events (the first 3 unsigned, from before the chain was keyed), reaching event 4 of the checkpoint',
      stderr: '',
    });
  });

  it('after a data key rotation the start marks the new key, and verify needs the old one as DATA_KEY_PREVIOUS', async () => {
    const file = join(dir, 'tagih.db');
    const rotated = {
      DATABASE_URL: `sqlite:${file}`,
      DATA_KEY: NEW_DATA_KEY,
      DATA_KEY_PREVIOUS: DATA_KEY,
    };
    server = startServer({
      ...rotated,
      PORT: '0',
      HOST: '127.0.0.1',
      SIMULATORS: 'off',
      DEMO_DATA: 'false',
      ADMIN_PASSWORD: 'admin-pass-1',
      LOG_LEVEL: 'info',
    });
    await listeningPort(server, 150_000);
    await stopServer(server);
    const line = server.stdout.find((l) => l.includes('"auditCheckpoint"'));
    expect(JSON.parse(line!)).toMatchObject({ auditCheckpoint: { headId: 5 } }); // 5: audit.key_changed to the new key

    expect(await verify(rotated, ['--checkpoint', line!])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^audit: ok, 5 events/),
    });
    const withoutOld = await verify({ DATABASE_URL: `sqlite:${file}`, DATA_KEY: NEW_DATA_KEY }, []);
    expect(withoutOld).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /^audit: event 4 does not match: it is signed under data key [0-9a-f]{8}, which is not given/,
      ),
    });
  });
});
