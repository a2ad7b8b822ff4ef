import FiberNewIcon from '@mui/icons-material/FiberNew';
import Button from '@mui/material/Button';

export interface NewRowsButtonProps {
  /** Rows changed since the view loaded; nothing is shown at 0. */
  count: number;
  /** What the rows are called: "transaksi", "notifikasi". */
  noun: string;
  onClick: () => void;
}

/** "3 transaksi baru": changes the operator's view does not show yet, loaded when asked (the view stays where it is). */
export function NewRowsButton({ count, noun, onClick }: NewRowsButtonProps) {
  return (
    <div role="status" aria-live="polite">
      {count > 0 && (
        <Button
          size="small"
          variant="contained"
          color="info"
          startIcon={<FiberNewIcon />}
          onClick={onClick}
          sx={{ my: 1 }}
        >
          {`${count} ${noun} baru`}
        </Button>
      )}
    </div>
  );
}
