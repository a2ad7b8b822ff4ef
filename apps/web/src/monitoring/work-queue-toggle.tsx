import PendingActionsIcon from '@mui/icons-material/PendingActions';
import Chip from '@mui/material/Chip';
import { BULK_TEXT } from '@tagih/contract';

/**
 * "Perlu tindakan": narrows the list to its work queue and back. A toggle button for
 * assistive technology (aria-pressed), a chip to the eye: filled when on.
 */
export function WorkQueueToggle({
  on,
  onChange,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Chip
      component="button"
      type="button"
      aria-pressed={on}
      icon={<PendingActionsIcon />}
      label={BULK_TEXT.queueLabel}
      color={on ? 'warning' : 'default'}
      variant={on ? 'filled' : 'outlined'}
      onClick={() => onChange(!on)}
      sx={{ fontWeight: 500, alignSelf: 'center' }}
    />
  );
}
