import Checkbox from '@mui/material/Checkbox';
import type { GridRowId } from '@mui/x-data-grid';

export interface PageCheckboxProps {
  /** The ids of the rows on this page. */
  pageIds: readonly GridRowId[];
  picked: ReadonlySet<GridRowId>;
  /** Every row that matches is picked. */
  all: boolean;
  onChange: (ids: GridRowId[]) => void;
}

/**
 * The table header's "pick this page" checkbox. The grid's own sets aria-checked="mixed" on a
 * native checkbox, which axe reports as serious (aria-conditional-attr); this one says "some"
 * with the input's own indeterminate state, which assistive technology reads. Ticking adds the
 * page to the picks of other pages; unticking takes the page out.
 */
export function PageCheckbox({ pageIds, picked, all, onChange }: PageCheckboxProps) {
  const onPage = all ? pageIds.length : pageIds.filter((id) => picked.has(id)).length;
  const checked = pageIds.length > 0 && onPage === pageIds.length;
  const some = onPage > 0 && !checked;
  return (
    <Checkbox
      size="small"
      checked={checked}
      disabled={pageIds.length === 0}
      indeterminate={some}
      onChange={(event) => {
        const others = all ? [] : [...picked].filter((id) => !pageIds.includes(id));
        onChange(event.target.checked ? [...others, ...pageIds] : others);
      }}
      slotProps={{
        input: {
          'aria-label': 'Select all rows',
          'aria-checked': undefined,
          ref: (input: HTMLInputElement | null) => {
            if (input) input.indeterminate = some;
          },
        },
      }}
    />
  );
}
