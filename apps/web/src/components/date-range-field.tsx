import ClearIcon from '@mui/icons-material/Clear';
import DateRangeIcon from '@mui/icons-material/DateRange';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import { alpha } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, useRef, useState } from 'react';
import { businessDate, DEFAULT_BUSINESS_TZ, isIsoDate, NOTIFICATIONS_EPOCH } from '@tagih/contract';
import type { DateRange } from './date-range-calendar.tsx';

const DateRangeCalendar = lazy(() => import('./date-range-calendar.tsx'));

/** Days as 'YYYY-MM-DD'; either end may be missing while the user picks. */
export interface DateRangeValue {
  from?: string;
  to?: string;
}

export interface DateRangeFieldProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Clearing calls this; a screen may reset to its default range (spec §5). */
  onClear?: () => void;
  placeholder?: string;
  label?: string;
  clearable?: boolean;
  width?: number | string;
}

/** A YYYY-MM-DD day as the calendar's local midnight (the calendar shows local days). */
function toDate(day: string | undefined): Date | undefined {
  if (!day || !isIsoDate(day)) return undefined;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const local = new Date(year, month - 1, date);
  // Years 0–99 would be read as 1900–1999: set the year as written.
  local.setFullYear(year);
  return local;
}

/** The calendar's local day as YYYY-MM-DD. */
const toDay = (date: Date) =>
  `${String(date.getFullYear()).padStart(4, '0')}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** What a range from the first day of all (NOTIFICATIONS_EPOCH: "every day", e.g. a work queue from Home) reads as. */
export const ALL_DAYS_TEXT = 'Semua tanggal';

/** The field's text: 'from - to'; a range from the first day of all reads "Semua tanggal" (up to today) or "Semua tanggal s.d. <to>". */
export function rangeText(
  value: DateRangeValue,
  today: string = businessDate(new Date(), DEFAULT_BUSINESS_TZ),
): string {
  if (!value.from && !value.to) return '';
  if (value.from === NOTIFICATIONS_EPOCH)
    return value.to && value.to < today ? `${ALL_DAYS_TEXT} s.d. ${value.to}` : ALL_DAYS_TEXT;
  return `${value.from ?? '…'} - ${value.to ?? '…'}`;
}

/** A range calendar (react-day-picker) in a popover under a read-only text field. */
export function DateRangeField({
  value,
  onChange,
  onClear,
  placeholder = 'Select Date Range',
  label,
  clearable = true,
  width = 260,
}: DateRangeFieldProps) {
  const anchor = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState(false);
  const selected: DateRange | undefined =
    value.from || value.to ? { from: toDate(value.from), to: toDate(value.to) } : undefined;
  const text = rangeText(value);

  // The first click after opening starts a new range; the second one ends it and closes.
  const [draftFrom, setDraftFrom] = useState<Date | null>(null);
  const openPicker = () => {
    setDraftFrom(null);
    setOpen(true);
  };
  const pickDay = (_range: DateRange | undefined, day: Date) => {
    if (!draftFrom) {
      setDraftFrom(day);
      return;
    }
    const [start, end] = day < draftFrom ? [day, draftFrom] : [draftFrom, day];
    setDraftFrom(null);
    setOpen(false);
    onChange({ from: toDay(start), to: toDay(end) });
  };
  const clear = () => (onClear ? onClear() : onChange({}));

  return (
    <>
      <TextField
        ref={anchor}
        size="small"
        label={label}
        value={text}
        placeholder={placeholder}
        onClick={openPicker}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
            event.preventDefault();
            openPicker();
          }
        }}
        sx={{ width, maxWidth: '100%' }}
        slotProps={{
          htmlInput: {
            readOnly: true,
            'aria-label': label ?? placeholder,
            'aria-haspopup': 'dialog',
            style: { cursor: 'pointer' },
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <DateRangeIcon fontSize="small" />
              </InputAdornment>
            ),
            endAdornment:
              clearable && text ? (
                <InputAdornment position="end">
                  <IconButton
                    size="small"
                    edge="end"
                    aria-label="Clear date range"
                    onClick={(event) => {
                      event.stopPropagation();
                      clear();
                    }}
                  >
                    <ClearIcon fontSize="small" />
                  </IconButton>
                </InputAdornment>
              ) : undefined,
          },
        }}
      />
      <Popover
        open={open}
        anchorEl={anchor.current}
        onClose={() => setOpen(false)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        slotProps={{ paper: { role: 'dialog', 'aria-label': placeholder } }}
      >
        <Box
          // react-day-picker sets its colours on .rdp-root (blue by default): set the theme's there.
          sx={(theme) => ({
            p: 1,
            '& .rdp-root': {
              '--rdp-accent-color': theme.palette.primary.main,
              '--rdp-accent-background-color': alpha(theme.palette.primary.main, 0.12),
              '--rdp-range_middle-color': theme.palette.text.primary,
            },
            '& .rdp-day_button:focus-visible': {
              outline: `2px solid ${theme.palette.info.main}`,
              outlineOffset: 1,
            },
          })}
        >
          <Suspense
            fallback={<CircularProgress size={24} aria-label="Memuat kalender" sx={{ m: 2 }} />}
          >
            <DateRangeCalendar
              selected={draftFrom ? { from: draftFrom, to: undefined } : selected}
              onSelect={pickDay}
              defaultMonth={selected?.from ?? selected?.to ?? new Date()}
            />
          </Suspense>
        </Box>
      </Popover>
    </>
  );
}
