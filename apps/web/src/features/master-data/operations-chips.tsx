import Stack from '@mui/material/Stack';
import { OPERATION_COLORS, parseOperations } from '../../components/form-fields/operations.ts';
import { StatusChip } from '../../components/status-chip.tsx';

/** A permission's operations as coloured chips; nothing to show gives N/A. */
export function OperationsChips({ value }: { value: unknown }) {
  const actions = parseOperations(value);
  if (actions.length === 0) return <>N/A</>;
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
      {actions.map((action) => (
        <StatusChip key={action} label={action} color={OPERATION_COLORS[action]} />
      ))}
    </Stack>
  );
}
