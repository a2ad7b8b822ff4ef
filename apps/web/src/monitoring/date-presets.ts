/**
 * Date presets beside a monitoring list's range picker: business days in the app's
 * business time zone, counting today.
 */
import { addDays } from '@tagih/contract';

export const DATE_PRESETS = [
  { key: 'today', label: 'Hari ini' },
  { key: 'yesterday', label: 'Kemarin' },
  { key: 'last7', label: '7 hari' },
  { key: 'last30', label: '30 hari' },
  { key: 'thisMonth', label: 'Bulan ini' },
] as const;

export type DatePreset = (typeof DATE_PRESETS)[number]['key'];

/** The range of a preset, given today's business day. */
export function presetRange(preset: DatePreset, today: string): { from: string; to: string } {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case 'last7':
      return { from: addDays(today, -6), to: today };
    case 'last30':
      return { from: addDays(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
  }
}

/** The preset a range is, if any (shown as selected). */
export function presetOf(range: { from?: string; to?: string }, today: string): DatePreset | null {
  return (
    DATE_PRESETS.find(({ key }) => {
      const days = presetRange(key, today);
      return days.from === range.from && days.to === range.to;
    })?.key ?? null
  );
}
