import { DateRangeField } from '../components/date-range-field.tsx';
import type { DayRange } from './use-day-range.ts';

/** The date range of a monitoring toolbar, wired to its useDayRange state (spec §2, §5). */
export function DayRangeField({ range }: { range: DayRange }) {
  return <DateRangeField value={range.value} onChange={range.onChange} onClear={range.onClear} width={290} />;
}
