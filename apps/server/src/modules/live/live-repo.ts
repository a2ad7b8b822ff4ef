/**
 * SQL of the live events on PostgreSQL: NOTIFY on one channel (delivered to every server
 * process on the database once the sender's transaction commits) and a LISTEN connection.
 */
import { sql, type Kysely } from 'kysely';
import type { Database, DbOrTx } from '../../db/tables.ts';
import { leasePostgresClient, type PostgresLease } from '../../db/postgres-pool.ts';

export const LIVE_CHANNEL = 'tagih_live';

export async function notifyLive(db: DbOrTx, payload: string): Promise<void> {
  await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(db);
}

export interface LiveListener {
  /** Stops listening and gives the connection back (closed: its session listened). */
  close(): Promise<void>;
}

/**
 * Holds one pooled connection that LISTENs on `channels`; `onPayload` hears each notification's
 * channel and text, `onLost` once when the connection breaks (the caller listens again).
 */
export async function listenLive(
  db: Kysely<Database>,
  channels: readonly string[],
  onPayload: (channel: string, payload: string) => void,
  onLost: (error: Error) => void,
): Promise<LiveListener> {
  const lease: PostgresLease = await leasePostgresClient(db);
  const { client } = lease;
  let done = false;
  const finish = (error: Error | null) => {
    if (done) return;
    done = true;
    client.off('notification', heard);
    client.off('error', lost);
    client.off('end', ended);
    lease.release(true);
    if (error) onLost(error);
  };
  const heard = (message: { channel: string; payload?: string }) => {
    if (channels.includes(message.channel) && message.payload)
      onPayload(message.channel, message.payload);
  };
  const lost = (error: Error) => finish(error);
  const ended = () => finish(new Error('the LISTEN connection ended'));
  client.on('notification', heard);
  client.on('error', lost);
  client.on('end', ended);
  try {
    for (const channel of channels) await client.query(`LISTEN ${channel}`);
  } catch (error) {
    finish(null);
    throw error;
  }
  return {
    async close() {
      if (done) return;
      await client.query('UNLISTEN *').catch(() => {});
      finish(null);
    },
  };
}
