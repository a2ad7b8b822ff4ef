/**
 * The intake bench's helpers that go straight to the database:
 * - `rawPaymentRate`: the database's own rate for a payment's writes (the bill's row turned paid,
 *   then three inserts: the booking, the notification, an audit row), one transaction each, from
 *   `concurrency` connections (PostgreSQL; SQLite: its one writer), as the pgbench script
 *   did. Afterwards everything is put back (the bills unpaid again, the rows deleted, the scratch
 *   audit table dropped), so the rollups stay exact and the bills can be paid by a later run.
 * - `benchMerchant`: SNAP credentials for the bench company's client, written into the database
 *   as the admin screen would (sealed under the bench data key), for the create-va part.
 */
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { openDatabase } from '@tagih/server/src/db/database.ts';
import { sealClientApiSecret } from '@tagih/server/src/security/client-api-secrets.ts';
import { SecretBox } from '@tagih/server/src/security/secret-box.ts';
import { BENCH_DATA_KEY } from './server-process.ts';

/** SNAP's X-TIMESTAMP form in Jakarta time (+07:00). */
export function snapTimestampOf(at: Date): string {
  const local = new Date(at.getTime() + 7 * 3_600_000).toISOString().slice(0, 19);
  return `${local}+07:00`;
}

export async function benchMerchant(
  url: string,
  compId: number,
): Promise<{ clientId: string; privateKey: string; clientSecret: string }> {
  const db = openDatabase(url);
  try {
    const company = await db.kysely
      .selectFrom('companies')
      .select('compClientId')
      .where('compId', '=', compId)
      .executeTakeFirstOrThrow();
    const user = await db.kysely.selectFrom('users').select('userId').limit(1).executeTakeFirst();
    const { publicKey, privateKey } = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const clientSecret = randomBytes(32).toString('base64url');
    const clientId = `merchant-bench-${randomBytes(4).toString('hex')}`;
    const nowIso = new Date().toISOString();
    const userId = user?.userId ?? 'bench';
    const sealed = sealClientApiSecret(
      new SecretBox(Buffer.from(BENCH_DATA_KEY, 'base64')),
      clientSecret,
    );
    await db.kysely
      .deleteFrom('client_snap_credentials')
      .where('clsnClntId', '=', Number(company.compClientId))
      .execute();
    await db.kysely
      .insertInto('client_snap_credentials')
      .values({
        clsnClntId: Number(company.compClientId),
        clsnClientId: clientId,
        clsnPublicKey: publicKey,
        clsnSecret: sealed,
        clsnCreatedTime: nowIso,
        clsnCreatedUserId: userId,
        clsnUpdatedTime: nowIso,
        clsnUpdatedUserId: userId,
      })
      .execute();
    return { clientId, privateKey, clientSecret };
  } finally {
    await db.close();
  }
}

/** Pays `loops` open bills of the company with raw SQL from `concurrency` connections; the rate; then puts everything back. */
export async function rawPaymentRate(
  url: string,
  compId: number,
  loops: number,
  concurrency: number,
): Promise<{ loops: number; perSecond: number }> {
  const db = openDatabase(url, { pool: { size: concurrency } });
  const k = db.kysely;
  try {
    const bills = await k
      .selectFrom('transactions')
      .select(['trctId', 'trctCompId', 'trctOrderId', 'trctTotalAmount'])
      .where('trctCompId', '=', compId)
      .where('trctStatus', '=', '03')
      .where('trctTotalAmount', 'is not', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb.selectFrom('notifications').select('notiId').whereRef('notiTrctId', '=', 'trctId'),
          ),
        ),
      )
      .orderBy('trctId')
      .limit(loops)
      .execute();
    await sql`create table bench_raw_audit as select * from audit_events where 1 = 0`.execute(k);
    let next = 0;
    let auditId = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: db.dialect === 'postgres' ? concurrency : 1 }, async () => {
        while (next < bills.length) {
          const bill = bills[next++]!;
          const nowIso = new Date().toISOString();
          await k.transaction().execute(async (tx) => {
            await tx
              .updateTable('transactions')
              .set({
                trctStatus: '00',
                trctTotalAmountPaid: bill.trctTotalAmount,
                trctLunasTime: nowIso,
                trctUpdatedTime: nowIso,
              })
              .where('trctId', '=', bill.trctId)
              .where('trctStatus', '=', '03')
              .execute();
            await tx
              .insertInto('bank_payments')
              .values({
                bkpyClientId: 'bench-raw',
                bkpyService: '25',
                bkpyRequestId: randomUUID(),
                bkpyBank: 'BRI',
                bkpyReferenceNo: null,
                bkpyTrctId: bill.trctId,
                bkpyHttpStatus: 200,
                bkpyResponse: '{"responseCode":"2002500"}',
                bkpyCreatedAt: nowIso,
              })
              .execute();
            await tx
              .insertInto('notifications')
              .values({
                notiTrctId: bill.trctId,
                notiCompId: bill.trctCompId,
                notiOrderId: bill.trctOrderId,
                notiStatus: 0,
                notiCreatedTime: nowIso,
                notiUpdatedTime: nowIso,
                notiAttempts: 0,
                notiNextAttemptAt: nowIso,
                notiLockedUntil: null,
              })
              .execute();
            await sql`insert into bench_raw_audit ("audtId", "audtAt", "audtAction", "audtOutcome", "audtDetails", "audtPrevHash", "audtHash")
            values (${(auditId += 1)}, ${nowIso}, 'transaction.paid', 'success', '{}', ${randomUUID()}, ${randomUUID()})`.execute(
              tx,
            );
          });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const ids = bills.map((b) => b.trctId);
    for (let i = 0; i < ids.length; i += 1000) {
      const some = ids.slice(i, i + 1000);
      await k.deleteFrom('notifications').where('notiTrctId', 'in', some).execute();
      await k
        .deleteFrom('bank_payments')
        .where('bkpyTrctId', 'in', some)
        .where('bkpyClientId', '=', 'bench-raw')
        .execute();
      await k
        .updateTable('transactions')
        .set({ trctStatus: '03', trctTotalAmountPaid: null, trctLunasTime: null })
        .where('trctId', 'in', some)
        .execute();
    }
    await sql`drop table bench_raw_audit`.execute(k);
    return { loops: bills.length, perSecond: bills.length / seconds };
  } finally {
    await db.close();
  }
}
