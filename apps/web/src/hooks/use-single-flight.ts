import { useCallback, useMemo, useRef, useState, type FormEvent } from 'react';

/**
 * One run at a time, for whatever sends a request when clicked (a confirm, a Save, a form's
 * submit): `run(action)` starts `action` unless the previous run has not ended, and ignores the
 * call then. The check is a ref, set before anything renders, so two clicks in the same tick (a
 * double click, Enter and a click) start it once; `running` says the same to the screen (disable
 * the button, show the busy label). A run ends when the promise `action` returns settles (at once
 * when it returns none): return the request's promise. `action` handles its own errors; a
 * rejection only ends the run. `submit(action)` is a form's onSubmit doing the same (and never
 * letting the browser submit the form).
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback((action: () => unknown): void => {
    if (inFlight.current) return;
    inFlight.current = true;
    setRunning(true);
    const end = () => {
      inFlight.current = false;
      setRunning(false);
    };
    let result: unknown;
    try {
      result = action();
    } catch (error) {
      end();
      throw error;
    }
    void Promise.resolve(result).then(end, end);
  }, []);
  const submit = useCallback(
    (action: () => unknown) => (event: FormEvent) => {
      event.preventDefault();
      run(action);
    },
    [run],
  );
  return useMemo(() => ({ run, submit, running }), [run, submit, running]);
}
