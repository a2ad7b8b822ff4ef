import Chip, { type ChipProps } from '@mui/material/Chip';

export type StatusChipColor = NonNullable<ChipProps['color']>;

export interface StatusChipProps {
  label: string;
  color?: StatusChipColor;
  variant?: ChipProps['variant'];
}

/** A small coloured word: a status, a tag; the caller picks the label and colour. */
export function StatusChip({ label, color = 'default', variant = 'filled' }: StatusChipProps) {
  return (
    <Chip size="small" label={label} color={color} variant={variant} sx={{ fontWeight: 500 }} />
  );
}
