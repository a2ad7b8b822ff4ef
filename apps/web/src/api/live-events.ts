/**
 * GET /api/live/events: one Server-Sent Events stream per signed-in tab. Read with fetch, not
 * EventSource: the session travels in the Authentication header like every call (EventSource
 * cannot send headers, and a token in the URL would end up in logs). The tab reconnects by itself
 * (a dropped connection, a server restart, a changed company); a 401 ends the session as any call
 * does. Screens subscribe (subscribeLive) and reload what an event names.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { API_BASE, API_PATHS, LIVE_STREAM, readLiveEvent, type LiveEvent } from '@tagih/contract';
import { expireSession, getToken } from './session.ts';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Hears every change event of this tab's stream; returns the unsubscribe. */
export function subscribeLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Hands an event to the subscribers (the stream reader; tests). */
export function publishLive(event: LiveEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** Changes that arrive together reload a query once, this long after the first. */
const GATHER_MS = 300;

/**
 * Reloads the query `queryKey` (while it is shown) when a change event `concerns` it: a
 * transaction's detail, a notification's history, Home's figures. Several changes in a burst, one reload.
 */
export function useLiveReload(
  queryKey: readonly unknown[],
  concerns: (event: LiveEvent) => boolean,
  enabled = true,
): void {
  const queryClient = useQueryClient();
  const latest = useRef({ queryKey, concerns });
  latest.current = { queryKey, concerns };
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeLive((event) => {
      if (timer || !latest.current.concerns(event)) return;
      timer = setTimeout(() => {
        timer = null;
        void queryClient.invalidateQueries({ queryKey: latest.current.queryKey, exact: true });
      }, GATHER_MS);
    });
    return () => {
      unsubscribe();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, enabled]);
}

/** How a stream ended: the server closed it, refused it (HTTP status; retry after), or the network failed. */
type StreamEnd =
  | { kind: 'closed' }
  | { kind: 'refused'; status: number; retryAfterMs: number | null }
  | { kind: 'failed' };

/** One SSE block ('event: x\ndata: y'): a change event, or null. */
function parseBlock(block: string): LiveEvent | null {
  const lines = block.split('\n');
  const name = lines
    .find((l) => l.startsWith('event:'))
    ?.slice(6)
    .trim();
  const data = lines
    .filter((l) => l.startsWith('data:'))
    .map((l) => l.slice(5).trim())
    .join('\n');
  if (name !== LIVE_STREAM.change || !data) return null;
  try {
    return readLiveEvent(JSON.parse(data));
  } catch {
    return null;
  }
}

/** Reads one stream until it ends; each change event goes to the subscribers. */
async function readStream(
  token: string,
  signal: AbortSignal,
  onOpen: () => void,
): Promise<StreamEnd> {
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${API_PATHS.live}`, {
      headers: { Authentication: token, Accept: 'text/event-stream' },
      credentials: 'omit',
      signal,
    });
  } catch {
    return { kind: 'failed' };
  }
  if (!response.ok || !response.body) {
    const retryAfter = Number(response.headers.get('retry-after'));
    await response.body?.cancel().catch(() => {});
    return {
      kind: 'refused',
      status: response.status,
      retryAfterMs: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null,
    };
  }
  onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { kind: 'closed' };
      text += value.replace(/\r\n?/g, '\n');
      let cut: number;
      while ((cut = text.indexOf('\n\n')) >= 0) {
        const event = parseBlock(text.slice(0, cut));
        text = text.slice(cut + 2);
        if (event) publishLive(event);
      }
    }
  } catch {
    return { kind: 'failed' };
  }
}

/** Waits after a failure: 1 s, doubling to 30 s; a server's Retry-After wins. */
const FIRST_RETRY_MS = 1000;
const LAST_RETRY_MS = 30_000;

/**
 * Holds this tab's stream while signed in with a company (`compId`; null: none). A new company
 * opens a new stream; leaving (sign-out, unmount) closes it.
 */
export function useLiveStream(compId: number | null): void {
  useEffect(() => {
    if (compId === null) return;
    const abort = new AbortController();
    const wait = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        abort.signal.addEventListener(
          'abort',
          () => {
            clearTimeout(timer);
            resolve();
          },
          { once: true },
        );
      });
    void (async () => {
      let delay = FIRST_RETRY_MS;
      while (!abort.signal.aborted) {
        const token = getToken();
        if (!token) return;
        const end = await readStream(token, abort.signal, () => {
          delay = FIRST_RETRY_MS;
        });
        if (abort.signal.aborted) return;
        if (end.kind === 'refused' && end.status === 401) {
          expireSession();
          return;
        }
        const pause =
          end.kind === 'refused'
            ? (end.retryAfterMs ?? delay)
            : end.kind === 'closed'
              ? FIRST_RETRY_MS
              : delay;
        delay = Math.min(delay * 2, LAST_RETRY_MS);
        await wait(pause);
      }
    })();
    return () => abort.abort();
  }, [compId]);
}
