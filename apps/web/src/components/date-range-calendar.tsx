import { id as idLocale } from 'date-fns/locale';
import { DayPicker, type DateRange } from 'react-day-picker';
import 'react-day-picker/style.css';

export type { DateRange };

export interface DateRangeCalendarProps {
  selected: DateRange | undefined;
  onSelect: (range: DateRange | undefined, day: Date) => void;
  defaultMonth: Date;
}

/**
 * The range calendar itself (react-day-picker, Indonesian): its own chunk, loaded when a date
 * field is first opened, so a list screen's first load does not carry it.
 */
export default function DateRangeCalendar({
  selected,
  onSelect,
  defaultMonth,
}: DateRangeCalendarProps) {
  return (
    <DayPicker
      mode="range"
      locale={idLocale}
      selected={selected}
      onSelect={onSelect}
      defaultMonth={defaultMonth}
      numberOfMonths={1}
    />
  );
}
