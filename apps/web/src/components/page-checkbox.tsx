import type { RowId } from './table-column.ts';

export interface PageCheckboxProps {
  /** The ids of the rows on this page. */
  pageIds: readonly RowId[];
  picked: ReadonlySet<RowId>;
  /** Every row that matches is picked. */
  all: boolean;
  onChange: (ids: RowId[]) => void;
}

/**
 * The table header's "pick this page" checkbox. It says "some" with the input's own
 * indeterminate state, which assistive technology reads (aria-checked="mixed" on a native
 * checkbox is what axe reports as serious, aria-conditional-attr). Ticking adds the page to the
 * picks of other pages; unticking takes the page out.
 */
export function PageCheckbox({ pageIds, picked, all, onChange }: PageCheckboxProps) {
  const onPage = all ? pageIds.length : pageIds.filter((id) => picked.has(id)).length;
  const checked = pageIds.length > 0 && onPage === pageIds.length;
  const some = onPage > 0 && !checked;
  return (
    <input
      type="checkbox"
      className="data-table-check"
      aria-label="Select all rows"
      checked={checked}
      disabled={pageIds.length === 0}
      ref={(input) => {
        if (input) input.indeterminate = some;
      }}
      onChange={(event) => {
        const others = all ? [] : [...picked].filter((id) => !pageIds.includes(id));
        onChange(event.target.checked ? [...others, ...pageIds] : others);
      }}
    />
  );
}
