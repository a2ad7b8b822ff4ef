/**
 * Every change that ends a session or moves it to another company goes through here, and each
 * tells the live streams (modules/live/hub.ts) that the user's sessions changed, so that they
 * check them again at once rather than at their next heartbeat. The word is given inside the
 * change's transaction, so it is heard once the change is committed and never for one rolled back:
 *  - PostgreSQL: a NOTIFY on SESSION_CHANNEL, which PostgreSQL delivers at commit to every server
 *    listening (the hub listens on the connection of its live events);
 *  - SQLite (one process owns the file): an event in this process; the hub first waits for the
 *    writer (an empty transaction), that is until the change's transaction has ended.
 * It carries only the user id: whoever hears it reads what changed from the database.
 */
import { EventEmitter } from 'node:events';
import { isPostgres, type DbOrTx } from '../../db/tables.ts';
import * as repo from './repo.ts';

/** The PostgreSQL channel of the word; its payload is the user id. */
export const SESSION_CHANNEL = 'tagih_sessions';

/** SQLite: this process's listeners (every app in the process: a word for another database only costs a check). */
const local = new EventEmitter().setMaxListeners(0);

async function sessionsChanged(db: DbOrTx, userId: string): Promise<void> {
  if (isPostgres(db)) await repo.notifySessionsChanged(db, SESSION_CHANNEL, userId);
  else local.emit('changed', userId);
}

/** SQLite: hears, in this process, which user's sessions changed; returns how to stop. */
export function onLocalSessionChange(listener: (userId: string) => void): () => void {
  local.on('changed', listener);
  return () => local.off('changed', listener);
}

/** Ends one session (logout). */
export async function revokeSession(
  db: DbOrTx,
  session: { tokenHash: string; userId: string },
  nowIso: string,
): Promise<void> {
  await repo.revokeSession(db, session.tokenHash, nowIso);
  await sessionsChanged(db, session.userId);
}

/** Ends every live session of the user (credentials changed, deactivated, removed, locked, two-factor reset). */
export async function revokeUserSessions(
  db: DbOrTx,
  userId: string,
  nowIso: string,
): Promise<void> {
  await repo.revokeUserSessions(db, userId, nowIso);
  await sessionsChanged(db, userId);
}

/** Moves the session to another company. */
export async function setSessionCompany(
  db: DbOrTx,
  session: { tokenHash: string; userId: string },
  compId: number,
): Promise<void> {
  await repo.setSessionCompany(db, session.tokenHash, compId);
  await sessionsChanged(db, session.userId);
}
