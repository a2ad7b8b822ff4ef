import { DateRangeField } from '../components/date-range-field.tsx';
import Box from '@mui/material/Box';
import { DatePresetSelect } from './date-preset-select.tsx';
import type { DateRangeValue } from '../components/date-range-field.tsx';

/** What the field needs of a range state (the list controller's `dates`). */
export interface DayRangeState {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  onClear: () => void;
}

/**
 * The date range of a monitoring toolbar, wired to its range state (spec §2, §5); with
 * `presets`, the date presets beside it.
 */
export function DayRangeField({
  range,
  presets = false,
}: {
  range: DayRangeState;
  presets?: boolean;
}) {
  const field = (
    <DateRangeField
      value={range.value}
      onChange={range.onChange}
      onClear={range.onClear}
      width={290}
    />
  );
  if (!presets) return field;
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'nowrap', maxWidth: '100%' }}>
      {field}
      <DatePresetSelect value={range.value} onChange={range.onChange} />
    </Box>
  );
}
