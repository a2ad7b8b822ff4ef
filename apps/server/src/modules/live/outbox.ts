/**
 * Where live events leave: one outbox per database handle. Events published within a few
 * milliseconds go out together: on PostgreSQL as one NOTIFY (every server process on the database
 * hears it, this one included), on SQLite to this process's listeners (one process owns the file).
 * Publishing never fails the change it reports: an event that cannot be sent is logged and lost,
 * and the screens see the change at their next reload.
 */
import { EventEmitter } from 'node:events';
import type { LiveEvent } from '@tagih/contract';
import type { DbOrTx } from '../../db/tables.ts';
import { isPostgres } from '../../db/tables.ts';
import { notifyLive } from './live-repo.ts';

/** How long the first event of a burst waits for others to go with it. */
const GATHER_MS = 20;
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD = 7000;

export class LiveOutbox {
  /** SQLite: this process's listeners hear each batch here ('events'). */
  readonly local = new EventEmitter();
  /** Told when a batch could not be sent (the app logs it). */
  readonly failures = new EventEmitter();
  private pending: LiveEvent[] = [];
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private readonly db: DbOrTx;
  private readonly postgres: boolean;

  constructor(db: DbOrTx) {
    this.db = db;
    this.postgres = isPostgres(db);
    this.local.setMaxListeners(0);
    this.failures.setMaxListeners(0);
  }

  publish(events: readonly LiveEvent[]): void {
    if (events.length === 0) return;
    this.pending.push(...events);
    if (this.timer) return;
    this.timer = setTimeout(() => void this.flush(), GATHER_MS);
    this.timer.unref();
  }

  /** Sends what is pending now; resolves when everything published so far is out. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = [];
    if (batch.length > 0) this.sending = this.sending.then(() => this.send(batch));
    return this.sending;
  }

  private async send(batch: LiveEvent[]): Promise<void> {
    if (!this.postgres) {
      this.local.emit('events', batch);
      return;
    }
    try {
      for (const payload of payloads(batch)) await notifyLive(this.db, payload);
    } catch (error) {
      if (this.failures.listenerCount('error') > 0) this.failures.emit('error', error);
    }
  }
}

/** The batch as JSON arrays, each under PostgreSQL's payload limit. */
function payloads(batch: readonly LiveEvent[]): string[] {
  const out: string[] = [];
  let part: string[] = [];
  let size = 2;
  for (const event of batch) {
    const text = JSON.stringify(event);
    if (part.length > 0 && size + text.length + 1 > MAX_PAYLOAD) {
      out.push(`[${part.join(',')}]`);
      part = [];
      size = 2;
    }
    part.push(text);
    size += text.length + 1;
  }
  if (part.length > 0) out.push(`[${part.join(',')}]`);
  return out;
}

const outboxes = new WeakMap<object, LiveOutbox>();

/** The outbox of this database handle (every app and service on the handle shares it). */
export function outboxOf(db: DbOrTx): LiveOutbox {
  let outbox = outboxes.get(db);
  if (!outbox) {
    outbox = new LiveOutbox(db);
    outboxes.set(db, outbox);
  }
  return outbox;
}
