import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { DateRangeValue } from '../components/date-range-field.tsx';
import { DATE_PRESETS, presetOf, presetRange, type DatePreset } from './date-presets.ts';
import { businessToday } from '../hooks/list-url.ts';

/** Hari ini, Kemarin, 7 hari, 30 hari, Bulan ini: one pick sets the range beside it. */
export function DatePresetSelect({
  value,
  onChange,
}: {
  value: DateRangeValue;
  onChange: (range: DateRangeValue) => void;
}) {
  const today = businessToday();
  const current = presetOf(value, today) ?? '';
  return (
    <TextField
      select
      size="small"
      label="Periode"
      value={current}
      onChange={(event) => onChange(presetRange(event.target.value as DatePreset, today))}
      sx={{ width: 130, flexShrink: 0 }}
    >
      {DATE_PRESETS.map((preset) => (
        <MenuItem key={preset.key} value={preset.key}>
          {preset.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
