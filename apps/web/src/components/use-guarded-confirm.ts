import { useLayoutEffect, useRef, useState } from 'react';
import { useSingleFlight } from '../hooks/use-single-flight.ts';

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as PromiseLike<unknown> | null)?.then === 'function';

/**
 * The confirm of the shared dialogs (ConfirmDialog, FormDialog): `confirm` runs `action` once
 * until its answer; a second click meanwhile does nothing.
 * - An action that returns its promise (the way to write one) holds the guard until it settles,
 *   with both buttons blocked: the dialog shows the first answer, and only that.
 * - One that returns nothing (it calls `mutate` and passes `busy`) holds it until `busy` has come
 *   and gone or the dialog closes. A caller that never sets `busy` is let go once the click's
 *   own updates have rendered (a timer after them: `mutate` announces its pending state with one
 *   before it), so its confirm is not disabled for good; only the confirm is blocked meanwhile.
 */
export function useGuardedConfirm(action: () => unknown, busy: boolean, open: boolean) {
  const flight = useSingleFlight();
  const [awaiting, setAwaiting] = useState(false);
  const idle = useRef<{ end: () => void; sawBusy: boolean } | null>(null);

  // Layout effect: seen in the same commit as `busy`, before the fallback timer can run.
  useLayoutEffect(() => {
    const waiting = idle.current;
    if (!waiting) return;
    if (busy) waiting.sawBusy = true;
    else if (waiting.sawBusy || !open) waiting.end();
  }, [busy, open]);

  const confirm = () =>
    flight.run(async () => {
      const result = action();
      if (isThenable(result)) {
        setAwaiting(true);
        try {
          await result;
        } finally {
          setAwaiting(false);
        }
        return;
      }
      await new Promise<void>((resolve) => {
        const waiting = {
          sawBusy: false,
          end: () => {
            if (idle.current === waiting) idle.current = null;
            resolve();
          },
        };
        idle.current = waiting;
        setTimeout(() => {
          if (!waiting.sawBusy) waiting.end();
        }, 0);
      });
    });

  return {
    confirm,
    /** The confirm (or Save) is disabled. */
    confirmBlocked: busy || flight.running,
    /** Cancel, Escape and the backdrop are disabled. */
    cancelBlocked: busy || awaiting,
  };
}
