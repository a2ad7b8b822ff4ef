/**
 * This process's live streams and what they hear. Events come from the database handle's outbox
 * (outbox.ts): on SQLite straight from this process, on PostgreSQL through one LISTEN connection
 * (taken when the first stream opens, held while any is open, taken again if it breaks), so every
 * server process on one database tells its own streams about every change.
 *
 * A stream hears an event only of its session's company and only of a screen its user may read.
 * Each heartbeat (a comment line that keeps proxies from closing an idle stream) re-checks every
 * session: a stream whose session ended or changed company is closed (the tab reconnects, or signs out).
 */
import { LIVE_STREAM, NOTIFICATIONS_AREA, TRANSACTION_KINDS, can, readLiveEvent, type AccessMap, type Area, type LiveEndReason, type LiveEvent } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { stillLive } from '../auth/service.ts';
import { listenLive, type LiveListener } from './live-repo.ts';
import { outboxOf } from './outbox.ts';

export interface LiveStream {
  userId: string;
  tokenHash: string;
  compId: number;
  access: AccessMap;
  /** Writes SSE text to the client. */
  write(text: string): void;
  /** Ends the response (after telling why). */
  end(): void;
}

interface Log {
  warn(object: unknown, message?: string): void;
}

const RELISTEN_MS = 1000;

/** The screen an event concerns: Notifications, or the transaction kind's list. */
function areaOf(event: LiveEvent): Area {
  if (event.type.startsWith('notification.')) return NOTIFICATIONS_AREA;
  return event.kind === 'QRIS' ? TRANSACTION_KINDS.qris.area : TRANSACTION_KINDS.va.area;
}

export const mayHear = (stream: Pick<LiveStream, 'compId' | 'access'>, event: LiveEvent): boolean =>
  event.compId === stream.compId && can(stream.access, areaOf(event), 'read');

const frame = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** The events of a NOTIFY payload; anything else on the channel is ignored. */
function parsePayload(payload: string): LiveEvent[] {
  try {
    const list: unknown = JSON.parse(payload);
    if (!Array.isArray(list)) return [];
    return list.flatMap((item) => readLiveEvent(item) ?? []);
  } catch {
    return [];
  }
}

export class LiveHub {
  private readonly streams = new Set<LiveStream>();
  private readonly deps: AppDeps;
  private readonly log: Log;
  private readonly heartbeatMs: number;
  private listener: Promise<LiveListener | null> | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly fromOutbox = (events: LiveEvent[]) => this.deliver(events);
  private readonly sendFailed = (error: unknown) => this.log.warn({ err: error }, 'live events not sent');

  constructor(deps: AppDeps, log: Log) {
    this.deps = deps;
    this.log = log;
    this.heartbeatMs = deps.liveHeartbeatMs ?? LIVE_STREAM.heartbeatMs;
    const outbox = outboxOf(deps.db);
    outbox.failures.on('error', this.sendFailed);
    if (deps.dialect === 'sqlite') outbox.local.on('events', this.fromOutbox);
  }

  /** How many streams this user holds here. */
  countOf(userId: string): number {
    let n = 0;
    for (const s of this.streams) if (s.userId === userId) n += 1;
    return n;
  }

  /** Adds the stream; resolves once this process hears the database's events (false: the hub is closing). */
  async open(stream: LiveStream): Promise<boolean> {
    if (this.closed) return false;
    this.streams.add(stream);
    this.heartbeat ??= setInterval(() => void this.beat(), this.heartbeatMs);
    this.heartbeat.unref();
    if (this.deps.dialect === 'postgres') await this.listening();
    return this.streams.has(stream);
  }

  /** Forgets the stream (its client went away, or it was ended). */
  remove(stream: LiveStream): void {
    this.streams.delete(stream);
    if (this.streams.size > 0) return;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    void this.stopListening();
  }

  /** Tells a stream why it ends, then ends it. */
  end(stream: LiveStream, reason: LiveEndReason): void {
    this.remove(stream);
    stream.write(frame(LIVE_STREAM.end, { reason }));
    stream.end();
  }

  deliver(events: readonly LiveEvent[]): void {
    for (const stream of this.streams) {
      for (const event of events) if (mayHear(stream, event)) stream.write(frame(LIVE_STREAM.change, event));
    }
  }

  /** A comment line to every stream, and every session checked again. */
  async beat(): Promise<void> {
    const streams = [...this.streams];
    for (const s of streams) s.write(': heartbeat\n\n');
    const sessions = new Map<string, LiveStream[]>();
    for (const s of streams) sessions.set(s.tokenHash, [...(sessions.get(s.tokenHash) ?? []), s]);
    for (const [tokenHash, held] of sessions) {
      try {
        const now = await stillLive(this.deps, tokenHash);
        for (const s of held) {
          if (!now) this.end(s, 'session');
          else if (now.compId !== s.compId) this.end(s, 'company');
          else s.access = now.access;
        }
      } catch (error) {
        this.log.warn({ err: error }, 'live stream session check failed');
      }
    }
  }

  /** Ends every stream (shutdown) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const s of [...this.streams]) this.end(s, 'shutdown');
    const outbox = outboxOf(this.deps.db);
    await outbox.flush();
    outbox.local.off('events', this.fromOutbox);
    outbox.failures.off('error', this.sendFailed);
    await this.stopListening();
  }

  private listening(): Promise<LiveListener | null> {
    this.listener ??= this.listen();
    return this.listener;
  }

  private async listen(): Promise<LiveListener | null> {
    while (!this.closed && this.streams.size > 0) {
      try {
        return await listenLive(this.deps.db, (payload) => this.deliver(parsePayload(payload)), (error) => this.relisten(error));
      } catch (error) {
        this.log.warn({ err: error }, 'live events: LISTEN failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, RELISTEN_MS).unref());
      }
    }
    return null;
  }

  private relisten(error: Error): void {
    this.log.warn({ err: error }, 'live events: the LISTEN connection broke; listening again');
    this.listener = null;
    if (this.streams.size > 0 && !this.closed) void this.listening();
  }

  private async stopListening(): Promise<void> {
    const listener = this.listener;
    this.listener = null;
    const held = await listener;
    await held?.close();
  }
}
