/**
 * A Server-Sent Events reader of the live stream, the session in the Authentication header as the
 * web app sends it. Over node:http with a connection of its own per stream (no pool keeps a socket
 * open after the test).
 */
import { request, type IncomingMessage } from 'node:http';
import { API_BASE, API_PATHS } from '@tagih/contract';

/** A refused stream: its status, headers and JSON body. */
export interface Refusal {
  status: number;
  headers: IncomingMessage['headers'];
  body: { status: { error: number; message: string } };
}

export interface SseMessage {
  event: string;
  data: unknown;
}

export class SseClient {
  readonly messages: SseMessage[] = [];
  /** Resolves when the server ends the stream. */
  readonly closed: Promise<void>;
  private readonly response: IncomingMessage;
  private waiters: Array<() => void> = [];
  private opened = false;

  private constructor(response: IncomingMessage) {
    this.response = response;
    this.closed = this.read(response);
  }

  /** Opens the stream; a refusal is returned instead. */
  static async open(baseUrl: string, token: string | null): Promise<SseClient | Refusal> {
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = request(
        `${baseUrl}${API_BASE}${API_PATHS.live}`,
        { agent: false, headers: token ? { authentication: token } : {} },
        resolve,
      );
      req.on('error', reject);
      req.end();
    });
    if (response.statusCode !== 200) {
      let text = '';
      for await (const chunk of response) text += String(chunk);
      return {
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: JSON.parse(text) as Refusal['body'],
      };
    }
    const client = new SseClient(response);
    await client.until(() => client.opened);
    return client;
  }

  static async must(baseUrl: string, token: string): Promise<SseClient> {
    const opened = await SseClient.open(baseUrl, token);
    if (!(opened instanceof SseClient))
      throw new Error(`stream refused: ${opened.status} ${JSON.stringify(opened.body)}`);
    return opened;
  }

  /** The `change` events' data so far. */
  changes(): Record<string, unknown>[] {
    return this.messages
      .filter((m) => m.event === 'change')
      .map((m) => m.data as Record<string, unknown>);
  }

  /** Resolves once `ready()` holds (checked after each message); rejects after `timeoutMs`. */
  until(ready: () => boolean, timeoutMs = 10_000): Promise<void> {
    if (ready()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `stream: nothing matched in ${timeoutMs} ms; got ${JSON.stringify(this.messages)}`,
            ),
          ),
        timeoutMs,
      );
      const check = () => {
        if (!ready()) return false;
        clearTimeout(timer);
        resolve();
        return true;
      };
      const waiter = () => {
        if (!check()) this.waiters.push(waiter);
      };
      this.waiters.push(waiter);
    });
  }

  /** The tab goes away: its connection closes. */
  close(): void {
    this.response.destroy();
  }

  private notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
  }

  private async read(body: IncomingMessage): Promise<void> {
    body.setEncoding('utf8');
    let text = '';
    try {
      for await (const chunk of body) {
        text += chunk as string;
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          this.opened = true;
          const lines = block.split('\n');
          const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
          const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
          if (event && data !== undefined) this.messages.push({ event, data: JSON.parse(data) });
          this.notify();
        }
      }
    } catch {
      // destroyed by close(): the tab went away
    } finally {
      this.messages.push({ event: 'closed', data: null });
      this.notify();
    }
  }
}
