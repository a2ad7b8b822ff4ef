import Chip, { type ChipProps } from '@mui/material/Chip';

export type StatusChipColor = NonNullable<ChipProps['color']>;

export interface StatusChipProps {
  label: string;
  color?: StatusChipColor;
  variant?: ChipProps['variant'];
}

/** A small coloured status word (transaction status, notification status, operations). */
export function StatusChip({ label, color = 'default', variant = 'filled' }: StatusChipProps) {
  return (
    <Chip size="small" label={label} color={color} variant={variant} sx={{ fontWeight: 500 }} />
  );
}
