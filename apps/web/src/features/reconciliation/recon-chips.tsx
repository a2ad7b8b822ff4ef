import {
  RECON_CATEGORY_LABEL,
  RECON_RESOLUTION_LABEL,
  RECON_STATUS_LABEL,
  type BreakResolution,
  type BreakStatus,
  type ListedCategory,
} from '@tagih/contract';
import { StatusChip, type StatusChipColor } from '../../components/status-chip.tsx';

const CATEGORY_COLOR: Record<ListedCategory, StatusChipColor> = {
  missing_at_bank: 'error',
  missing_in_tagih: 'error',
  amount: 'warning',
  status: 'warning',
  duplicate: 'info',
  expected: 'default',
};

export const categoryColor = (category: string): StatusChipColor =>
  CATEGORY_COLOR[category as ListedCategory] ?? 'default';

export function CategoryChip({ category }: { category: string }) {
  return (
    <StatusChip
      label={RECON_CATEGORY_LABEL[category as ListedCategory] ?? category}
      color={categoryColor(category)}
      variant="filled"
    />
  );
}

export function BreakStatusChip({
  status,
  resolution,
}: {
  status: BreakStatus;
  resolution: BreakResolution | null;
}) {
  if (status === 'open') return <StatusChip label={RECON_STATUS_LABEL.open} variant="outlined" />;
  return (
    <StatusChip
      label={
        resolution
          ? `${RECON_STATUS_LABEL.resolved}: ${RECON_RESOLUTION_LABEL[resolution]}`
          : RECON_STATUS_LABEL.resolved
      }
      color="success"
    />
  );
}
