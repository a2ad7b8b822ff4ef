import { useMemo } from 'react';
import { layoutColumns, type ColumnLayoutInput } from './fit-columns.ts';
import { useWidth } from './use-width.ts';

/**
 * The columns a monitoring table shows at its current width (see fit-columns.ts). Put `ref`
 * on the element around the table. The inputs should be stable (memoised) objects.
 */
export function useTableLayout<Row>(input: Omit<ColumnLayoutInput<Row>, 'width'>) {
  const [ref, width] = useWidth<HTMLDivElement>();
  const { columns, actions, priority, chosen, checkboxes } = input;
  const shown = useMemo(
    () => layoutColumns({ columns, actions, priority, chosen, width, checkboxes }),
    [columns, actions, priority, chosen, width, checkboxes],
  );
  return { ref, shown };
}
