import Stack from '@mui/material/Stack';
import { parseOperations, type Action } from '@tagih/contract';
import { StatusChip } from '../../components/status-chip.tsx';

/** Spec §2: read green, create blue, update yellow, delete red. */
const OPERATION_COLORS = {
  read: 'success',
  create: 'info',
  update: 'warning',
  delete: 'error',
} as const satisfies Record<Action, string>;

/** A permission's operations as coloured chips; nothing to show gives N/A. */
export function OperationsChips({ value }: { value: unknown }) {
  const actions = parseOperations(value);
  if (actions.length === 0) return <>N/A</>;
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center', height: '100%', flexWrap: 'wrap' }}
    >
      {actions.map((action) => (
        <StatusChip key={action} label={action} color={OPERATION_COLORS[action]} />
      ))}
    </Stack>
  );
}
