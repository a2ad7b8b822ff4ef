import { useCallback, useMemo, useState } from 'react';

/**
 * A dialog that edits a fresh copy of a value at each opening (the filter dialogs): render it
 * with `key` and `open`; `show` mounts it anew and opens it, `close` closes it.
 */
export function useFreshDialog() {
  const [openings, setOpenings] = useState(0);
  const [open, setOpen] = useState(false);
  const show = useCallback(() => {
    setOpenings((n) => n + 1);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  return useMemo(() => ({ key: openings, open, show, close }), [openings, open, show, close]);
}
