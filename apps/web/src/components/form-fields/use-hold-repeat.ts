import { useCallback, useEffect, useRef } from 'react';

/** Hold-to-repeat timings of the number input's +/- buttons (spec §9). */
export const HOLD_REPEAT = { delayMs: 500, intervalMs: 50 } as const;

/**
 * Press handlers that run `action` once on press, then again every 50 ms once the button
 * has been held for 500 ms, until it is released or left.
 */
export function useHoldRepeat(action: () => void) {
  const actionRef = useRef(action);
  const timers = useRef<{
    delay?: ReturnType<typeof setTimeout>;
    repeat?: ReturnType<typeof setInterval>;
  }>({});

  useEffect(() => {
    actionRef.current = action;
  }, [action]);

  const stop = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  }, []);

  const start = useCallback(() => {
    stop();
    actionRef.current();
    timers.current.delay = setTimeout(() => {
      timers.current.repeat = setInterval(() => actionRef.current(), HOLD_REPEAT.intervalMs);
    }, HOLD_REPEAT.delayMs);
  }, [stop]);

  useEffect(() => stop, [stop]);

  return {
    onPointerDown: start,
    onPointerUp: stop,
    onPointerLeave: stop,
    onPointerCancel: stop,
    onBlur: stop,
  };
}
