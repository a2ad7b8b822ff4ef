import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReactElement } from 'react';

export type StatusChipColor = NonNullable<ChipProps['color']>;

export interface StatusChipProps {
  label: string;
  color?: StatusChipColor;
  variant?: ChipProps['variant'];
  /** A small icon before the word. */
  icon?: ReactElement;
}

/** A small coloured word: a status, a tag; the caller picks the label and colour. */
export function StatusChip({
  label,
  color = 'default',
  variant = 'filled',
  icon,
}: StatusChipProps) {
  return (
    <Chip
      size="small"
      label={label}
      color={color}
      variant={variant}
      icon={icon}
      sx={{ fontWeight: 500 }}
    />
  );
}
