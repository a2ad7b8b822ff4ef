/**
 * The embedded SQLite runs its queries on threads of its own (db/sqlite-dialect.ts): the
 * server's thread stays free while a query runs, errors keep their SQLite code, a transaction
 * sees its own writes and nobody else does until it commits, and a stream reads in batches.
 * A thread that dies fails its request with a 503 and, for a file, is started again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { asDatabaseUnavailable } from '../src/db/connection-errors.ts';
import { openDatabase, type Db } from '../src/db/database.ts';
import { SqliteThread, THREAD_STOPPED } from '../src/db/sqlite-thread.ts';
import { violationOf } from '../src/db/violations.ts';

const dir = mkdtempSync(join(tmpdir(), 'tagih-sqlite-threads-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Schema {
  item: { id: Generated<number>; name: string };
}

let opened: Db[] = [];
afterEach(async () => {
  await Promise.all(opened.map((db) => db.close()));
  opened = [];
});

async function open(where: 'file' | 'memory'): Promise<Kysely<Schema>> {
  const db = openDatabase(
    where === 'memory'
      ? 'sqlite::memory:'
      : `sqlite:${join(dir, `${Math.random().toString(36).slice(2)}.db`)}`,
  );
  opened.push(db);
  const k = db.kysely as unknown as Kysely<Schema>;
  await sql`create table item (id integer primary key, name text not null unique)`.execute(k);
  return k;
}

const names = async (k: Kysely<Schema>) =>
  (await k.selectFrom('item').select('name').orderBy('id').execute()).map((r) => r.name);

describe.each(['file', 'memory'] as const)('SQLite on its own threads (%s database)', (where) => {
  it('keeps the SQLite code and message of a constraint violation', async () => {
    const k = await open(where);
    await k.insertInto('item').values({ name: 'a' }).execute();
    const error = await k
      .insertInto('item')
      .values({ name: 'a' })
      .execute()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect((error as { code: string }).code).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(violationOf(error)).toEqual({ kind: 'unique', columns: ['name'] });
  });

  it('answers insert ids and affected rows', async () => {
    const k = await open(where);
    const inserted = await k.insertInto('item').values({ name: 'a' }).executeTakeFirstOrThrow();
    expect(inserted.insertId).toBe(1n);
    await k.insertInto('item').values({ name: 'b' }).execute();
    const updated = await k
      .updateTable('item')
      .set({ name: sql<string>`name || '!'` })
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it('shows a transaction its own writes, and others only what it committed', async () => {
    const k = await open(where);
    await k.insertInto('item').values({ name: 'before' }).execute();
    let releaseTransaction!: () => void;
    const holding = new Promise<void>((resolve) => (releaseTransaction = resolve));
    let seenInside: string[] = [];
    const transaction = k.transaction().execute(async (trx) => {
      await trx.insertInto('item').values({ name: 'inside' }).execute();
      seenInside = await names(trx);
      await holding;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    // A file database's readers answer at once with the committed rows; ':memory:' waits for the writer.
    const outside = names(k);
    if (where === 'file') expect(await outside).toEqual(['before']);
    releaseTransaction();
    await transaction;
    expect(seenInside).toEqual(['before', 'inside']);
    if (where === 'memory') expect(await outside).toEqual(['before', 'inside']);
    expect(await names(k)).toEqual(['before', 'inside']);
  });

  it('rolls back a failed transaction on the same thread', async () => {
    const k = await open(where);
    await expect(
      k.transaction().execute(async (trx) => {
        await trx.insertInto('item').values({ name: 'x' }).execute();
        await trx.insertInto('item').values({ name: 'x' }).execute();
      }),
    ).rejects.toMatchObject({ code: 'SQLITE_CONSTRAINT_UNIQUE' });
    expect(await names(k)).toEqual([]);
  });

  it('streams in batches and stops reading when the consumer stops', async () => {
    const k = await open(where);
    await k
      .insertInto('item')
      .values(Array.from({ length: 10 }, (_, i) => ({ name: `n${i}` })))
      .execute();
    const read: string[] = [];
    for await (const row of k.selectFrom('item').select('name').orderBy('id').stream(3)) {
      read.push(row.name);
      if (read.length === 4) break;
    }
    expect(read).toEqual(['n0', 'n1', 'n2', 'n3']);
    // The connection is free again: writes and reads go on.
    await k.insertInto('item').values({ name: 'after' }).execute();
    expect(await names(k)).toHaveLength(11);
  });

  it('leaves the server thread free while a long query runs', async () => {
    const k = await open(where);
    const long = sql<{
      n: number;
    }>`with recursive c(x) as (select 1 union all select x + 1 from c where x < 3000000) select count(*) as n from c`;
    let ticks = 0;
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
      ticks += 1;
    }, 5);
    const started = performance.now();
    const result = await long.execute(k);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(result.rows[0]!.n).toBe(3_000_000);
    // The query took a while, and the timer kept firing all along (a query on this thread would block it for `took`).
    expect(took).toBeGreaterThan(150);
    expect(ticks).toBeGreaterThan(5);
    expect(longestGap).toBeLessThan(took / 2);
  });
});

describe('SQLite reader threads (file database)', () => {
  it('keep a reader for quick reads while slow ones queue: a slow request never freezes the others', async () => {
    const k = await open('file');
    await k
      .insertInto('item')
      .values(Array.from({ length: 300 }, (_, i) => ({ name: `n${i}` })))
      .execute();
    // A plain SELECT that takes a while (a cross join counted), built by Kysely so readers run it.
    const slow = () =>
      k
        .selectFrom(['item as a', 'item as b', 'item as c'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.id', '<', 30)
        .executeTakeFirstOrThrow();
    await slow(); // learnt slow
    await slow();
    let slowDone = 0;
    const running = Array.from({ length: 6 }, () => slow().then(() => (slowDone += 1)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const started = performance.now();
    expect(await names(k)).toHaveLength(300);
    const quick = performance.now() - started;
    const slowDoneWhenQuickAnswered = slowDone;
    await Promise.all(running);
    expect(slowDoneWhenQuickAnswered).toBeLessThan(6);
    expect(quick).toBeLessThan(1000);
  });

  it('run a query learnt slow in its turn, not after every quick one that keeps arriving', async () => {
    const k = await open('file');
    await k
      .insertInto('item')
      .values(Array.from({ length: 300 }, (_, i) => ({ name: `n${i}` })))
      .execute();
    // One SQL text: slow with a high bound (so learnt slow), quick with a low one.
    const count = (below: number) =>
      k
        .selectFrom(['item as a', 'item as b', 'item as c'])
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('a.id', '<', below)
        .executeTakeFirstOrThrow();
    await count(30);
    await count(30);
    // More clients reading quickly than there are readers: a quick job is always waiting.
    const deadline = performance.now() + 5_000;
    let quickRuns = 0;
    let counted = false;
    const clients = Array.from({ length: 8 }, async () => {
      while (performance.now() < deadline && !counted) {
        await names(k);
        quickRuns += 1;
      }
    });
    while (quickRuns < 20) await new Promise((resolve) => setTimeout(resolve, 5));
    const before = quickRuns;
    expect(Number((await count(1)).n)).toBe(0);
    const quickRunsWhileItWaited = quickRuns - before;
    counted = true;
    await Promise.all(clients);
    // Served in order it waits for a few quick jobs; quick-first kept it waiting until the clients stopped (5 s).
    expect(quickRunsWhileItWaited).toBeLessThan(100);
  });
});

describe('an SQLite thread that dies', () => {
  const query = (sqlText: string, parameters: unknown[] = []) => ({
    op: 'query' as const,
    sql: sqlText,
    parameters,
  });
  let threads: SqliteThread[] = [];
  afterEach(async () => {
    await Promise.all(threads.map((t) => t.close()));
    threads = [];
  });
  const start = async (path: string) => {
    const thread = new SqliteThread({ path, role: 'writer' });
    threads.push(thread);
    await thread.ready;
    return thread;
  };

  it('fails what it was running with a 503, and a file database is opened again by the next request', async () => {
    const thread = await start(join(dir, 'dies.db'));
    await thread.send(query('create table item (id integer primary key, name text not null)'));
    await thread.send(query('insert into item (name) values (?)', ['kept']));
    const long = thread.send(
      query(
        'with recursive c(x) as (select 1 union all select x + 1 from c where x < 50000000) select count(*) from c',
      ),
    );
    await thread.kill();
    const error = await long.then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe(THREAD_STOPPED);
    expect(asDatabaseUnavailable(error)?.statusCode).toBe(503);
    // The next request starts a new thread on the same file: what was committed is there.
    expect((await thread.send(query('select name from item'))).rows).toEqual([{ name: 'kept' }]);
    await thread.send(query('insert into item (name) values (?)', ['after']));
    expect((await thread.send(query('select count(*) as n from item'))).rows).toEqual([{ n: 2 }]);
  });

  it('keeps failing for an in-memory database, whose data died with it', async () => {
    const thread = await start(':memory:');
    await thread.kill();
    const error = await thread.send(query('select 1')).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as { code?: string }).code).toBe(THREAD_STOPPED);
  });
});

describe('an in-memory SQLite database copied from its image (tests start each context this way)', () => {
  it('holds the rows of the original, and neither sees what the other writes afterwards', async () => {
    const original = openDatabase('sqlite::memory:');
    opened.push(original);
    const first = original.kysely as unknown as Kysely<Schema>;
    await sql`create table item (id integer primary key, name text not null unique)`.execute(first);
    await first
      .insertInto('item')
      .values([{ name: 'a' }, { name: 'b' }])
      .execute();
    const image = await original.serialize!();

    const copy = openDatabase('sqlite::memory:', { sqliteImage: image });
    opened.push(copy);
    const second = copy.kysely as unknown as Kysely<Schema>;
    expect(await names(second)).toEqual(['a', 'b']);
    await second.insertInto('item').values({ name: 'c' }).execute();
    await first.deleteFrom('item').where('name', '=', 'a').execute();
    expect(await names(second)).toEqual(['a', 'b', 'c']);
    expect(await names(first)).toEqual(['b']);
    // The copy keeps the constraints (and the connection's foreign-key checks) of the original.
    await expect(second.insertInto('item').values({ name: 'b' }).execute()).rejects.toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
  });

  it('is offered for in-memory SQLite only', () => {
    const file = openDatabase(`sqlite:${join(dir, 'no-image.db')}`);
    opened.push(file);
    expect(file.serialize).toBeNull();
  });
});
