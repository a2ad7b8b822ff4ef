import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BULK_MAX_IDS, type TransactionAction } from '@tagih/contract';
import { ACTION_BUTTONS } from '../actions/action-buttons.tsx';

export interface BulkBarProps {
  /** Rows picked one by one; null = every row that matches. */
  pickedCount: number | null;
  /** Rows the list matches (every page). */
  total: number;
  /** More rows match than `total`: it is said as "lebih dari". */
  totalCapped?: boolean;
  /** Every row of this page is picked and there are more: offer all that match. */
  canSelectAll: boolean;
  /** The actions offered (the user may act: the screen offers none otherwise). */
  actions: readonly TransactionAction[];
  onAction: (action: TransactionAction) => void;
  onSelectAll: () => void;
  onClear: () => void;
}

/** Above the table while rows are picked: how many, "all that match", the actions, and un-pick. */
export function BulkBar({
  pickedCount,
  total,
  totalCapped = false,
  canSelectAll,
  actions,
  onAction,
  onSelectAll,
  onClear,
}: BulkBarProps) {
  const count = pickedCount ?? total;
  const matching = `${totalCapped ? 'lebih dari ' : ''}${total.toLocaleString('id-ID')}`;
  const tooMany = pickedCount !== null && pickedCount > BULK_MAX_IDS;
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-label="Aksi massal"
      sx={{ px: 2, py: 1, mb: 1, bgcolor: 'action.hover' }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 500 }}>
          {pickedCount === null
            ? `Semua ${matching} baris yang cocok dipilih`
            : `${count.toLocaleString('id-ID')} baris dipilih`}
        </Typography>
        {canSelectAll && (
          <Button size="small" onClick={onSelectAll}>
            Pilih semua {matching} yang cocok
          </Button>
        )}
        {tooMany && (
          <Typography variant="body2" color="error">
            Maksimal {BULK_MAX_IDS.toLocaleString('id-ID')} baris satu per satu; pakai "Pilih
            semua".
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ ml: 'auto' }}>
          {actions.map((action) => {
            const ActionButton = ACTION_BUTTONS[action];
            return (
              <ActionButton
                key={action}
                place="bulk"
                picked={!tooMany && count > 0}
                permitted
                onClick={() => onAction(action)}
              />
            );
          })}
          <Button size="small" color="inherit" onClick={onClear}>
            Batal pilih
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
