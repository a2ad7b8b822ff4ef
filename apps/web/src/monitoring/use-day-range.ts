import { businessDate, DEFAULT_BUSINESS_TZ } from '@tagih/contract';
import { useState } from 'react';
import type { DateRangeValue } from '../components/date-range-field.tsx';

/** Today in the business time zone (Asia/Jakarta), 'YYYY-MM-DD'. */
export const businessToday = (): string => businessDate(new Date(), DEFAULT_BUSINESS_TZ);

/** A range the list can be asked for: both days known, else null (spec §5: no fetch). */
export function completeRange(value: DateRangeValue): { from: string; to: string } | null {
  return value.from && value.to ? { from: value.from, to: value.to } : null;
}

/**
 * The date-range filter of the monitoring screens (spec §5, §9): starts at `from`..today,
 * and clearing it goes back there. `from` 'today' gives today..today.
 */
export function useDayRange(from: 'today' | string) {
  const initial = (): DateRangeValue => {
    const today = businessToday();
    return { from: from === 'today' ? today : from, to: today };
  };
  const [value, setValue] = useState<DateRangeValue>(initial);
  return {
    value,
    onChange: setValue,
    onClear: () => setValue(initial()),
    range: completeRange(value),
  };
}

export type DayRange = ReturnType<typeof useDayRange>;
