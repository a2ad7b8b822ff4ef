import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { ReactNode } from 'react';
import { useIsMobile } from '../hooks/use-is-mobile.ts';

export interface ToolbarButtonProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  variant?: 'contained' | 'outlined';
}

/** A toolbar button: icon and text on desktop, icon only (same accessible name) on mobile. */
export function ToolbarButton({
  label,
  icon,
  onClick,
  disabled,
  variant = 'outlined',
}: ToolbarButtonProps) {
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} onClick={onClick} disabled={disabled} color="primary">
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button variant={variant} startIcon={icon} onClick={onClick} disabled={disabled}>
      {label}
    </Button>
  );
}
