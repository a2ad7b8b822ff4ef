/**
 * This process's live streams and what they hear. Events come from the database handle's outbox
 * (outbox.ts): on SQLite straight from this process, on PostgreSQL through one LISTEN connection
 * (taken when the first stream opens, held while any is open, taken again if it breaks), so every
 * server process on one database tells its own streams about every change.
 *
 * A stream hears an event only of its session's company and only of a screen its user may read.
 * A stream whose session ended or changed company is closed (the tab reconnects, or signs out), at
 * once: its session is checked again when
 *  - a change says the user's sessions changed (logout, another company, credentials, deactivation,
 *    removal, lockout, two-factor reset: auth/session-changes.ts), from any server: on PostgreSQL
 *    a NOTIFY heard on the LISTEN connection, on SQLite an event in this process;
 *  - the session's own end comes (its idle limit or absolute expiry: a timer per session);
 *  - and at each heartbeat (a comment line that keeps proxies from closing an idle stream), which
 *    also catches a word that was lost (a LISTEN connection that broke meanwhile).
 */
import {
  LIVE_STREAM,
  NOTIFICATIONS_AREA,
  TRANSACTION_KINDS,
  can,
  readLiveEvent,
  type AccessMap,
  type Area,
  type LiveEndReason,
  type LiveEvent,
} from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { stillLive } from '../auth/service.ts';
import { SESSION_CHANNEL, onLocalSessionChange } from '../auth/session-changes.ts';
import { LIVE_CHANNEL, listenLive, type LiveListener } from './live-repo.ts';
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
/** setTimeout's longest delay; a later end is checked again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The screen an event concerns: Notifications, or the transaction kind's list. */
function areaOf(event: LiveEvent): Area {
  if (event.type.startsWith('notification.')) return NOTIFICATIONS_AREA;
  return event.kind === 'QRIS' ? TRANSACTION_KINDS.qris.area : TRANSACTION_KINDS.va.area;
}

export const mayHear = (stream: Pick<LiveStream, 'compId' | 'access'>, event: LiveEvent): boolean =>
  event.compId === stream.compId && can(stream.access, areaOf(event), 'read');

const frame = (event: string, data: unknown): string =>
  `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

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
  /** Per session (token hash) with a stream here: the timer of its idle limit or absolute expiry. */
  private readonly sessionEnds = new Map<string, NodeJS.Timeout>();
  private readonly stopLocalSessionChanges: () => void = () => {};
  private closed = false;
  private readonly fromOutbox = (events: LiveEvent[]) => this.deliver(events);
  private readonly sendFailed = (error: unknown) =>
    this.log.warn({ err: error }, 'live events not sent');

  constructor(deps: AppDeps, log: Log) {
    this.deps = deps;
    this.log = log;
    this.heartbeatMs = deps.liveHeartbeatMs ?? LIVE_STREAM.heartbeatMs;
    const outbox = outboxOf(deps.db);
    outbox.failures.on('error', this.sendFailed);
    if (deps.dialect === 'sqlite') {
      outbox.local.on('events', this.fromOutbox);
      this.stopLocalSessionChanges = onLocalSessionChange(
        (userId) => void this.sessionsChanged(userId),
      );
    }
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
    // Its session's end timer, and a session that ended while the stream was being opened.
    void this.check([stream]);
    return this.streams.has(stream);
  }

  /** Forgets the stream (its client went away, or it was ended). */
  remove(stream: LiveStream): void {
    this.streams.delete(stream);
    if (![...this.streams].some((s) => s.tokenHash === stream.tokenHash))
      this.forgetSessionEnd(stream.tokenHash);
    if (this.streams.size > 0) return;
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    void this.stopListening();
  }

  /** Tells a stream why it ends, then ends it. */
  end(stream: LiveStream, reason: LiveEndReason): void {
    if (!this.streams.has(stream)) return;
    this.remove(stream);
    stream.write(frame(LIVE_STREAM.end, { reason }));
    stream.end();
  }

  deliver(events: readonly LiveEvent[]): void {
    for (const stream of this.streams) {
      for (const event of events)
        if (mayHear(stream, event)) stream.write(frame(LIVE_STREAM.change, event));
    }
  }

  /** A comment line to every stream, and every session checked again. */
  async beat(): Promise<void> {
    const streams = [...this.streams];
    for (const s of streams) s.write(': heartbeat\n\n');
    await this.check(streams);
  }

  /**
   * The user's sessions changed (session-changes.ts): their streams here are checked at once. On
   * SQLite the word comes from inside the change's transaction: an empty transaction of ours waits
   * for the writer, so the check reads the change committed (or rolled back). On PostgreSQL the
   * NOTIFY arrives after the commit.
   */
  async sessionsChanged(userId: string): Promise<void> {
    const streams = [...this.streams].filter((s) => s.userId === userId);
    if (streams.length === 0) return;
    try {
      if (this.deps.dialect === 'sqlite') await this.deps.db.transaction().execute(async () => {});
    } catch (error) {
      this.log.warn({ err: error }, 'live stream session check failed');
    }
    await this.check(streams);
  }

  /** Checks the streams' sessions: an ended one or one in another company closes; a live one takes its access now and waits for its end. */
  private async check(streams: readonly LiveStream[]): Promise<void> {
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
        if (now && held.some((s) => this.streams.has(s)))
          this.awaitSessionEnd(tokenHash, now.endsAt);
      } catch (error) {
        this.log.warn({ err: error }, 'live stream session check failed');
      }
    }
  }

  /** Checks the session's streams again when it ends (unless a request moved its idle limit: then it waits again). */
  private awaitSessionEnd(tokenHash: string, endsAt: Date): void {
    this.forgetSessionEnd(tokenHash);
    const delay = Math.min(
      MAX_TIMER_MS,
      Math.max(0, endsAt.getTime() - this.deps.clock.now().getTime()),
    );
    const timer = setTimeout(() => {
      this.sessionEnds.delete(tokenHash);
      void this.check([...this.streams].filter((s) => s.tokenHash === tokenHash));
    }, delay);
    timer.unref();
    this.sessionEnds.set(tokenHash, timer);
  }

  private forgetSessionEnd(tokenHash: string): void {
    const timer = this.sessionEnds.get(tokenHash);
    if (timer) clearTimeout(timer);
    this.sessionEnds.delete(tokenHash);
  }

  /** Ends every stream (shutdown) and stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    for (const s of [...this.streams]) this.end(s, 'shutdown');
    for (const tokenHash of [...this.sessionEnds.keys()]) this.forgetSessionEnd(tokenHash);
    this.stopLocalSessionChanges();
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
        return await listenLive(
          this.deps.db,
          [LIVE_CHANNEL, SESSION_CHANNEL],
          (channel, payload) => this.heard(channel, payload),
          (error) => this.relisten(error),
        );
      } catch (error) {
        this.log.warn({ err: error }, 'live events: LISTEN failed; trying again');
        await new Promise((resolve) => setTimeout(resolve, RELISTEN_MS).unref());
      }
    }
    return null;
  }

  /** PostgreSQL: a batch of events, or which user's sessions changed. */
  private heard(channel: string, payload: string): void {
    if (channel === SESSION_CHANNEL) void this.sessionsChanged(payload);
    else this.deliver(parsePayload(payload));
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
