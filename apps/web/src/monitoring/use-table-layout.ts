import { useMemo } from 'react';
import { layoutColumns, type ColumnLayoutInput } from './fit-columns.ts';

/**
 * The columns a monitoring table shows (see fit-columns.ts): every column the operator has
 * ticked, whatever the width. The inputs should be stable (memoised) objects. `checkboxes` is
 * no longer needed (no room is measured) and is ignored.
 */
export function useTableLayout<Row>(input: ColumnLayoutInput<Row> & { checkboxes?: boolean }) {
  const { columns, actions, priority, chosen } = input;
  const shown = useMemo(
    () => layoutColumns({ columns, actions, priority, chosen }),
    [columns, actions, priority, chosen],
  );
  // The element around the table once had its width measured here; kept so callers need no change.
  const ref = undefined;
  return { ref, shown };
}
