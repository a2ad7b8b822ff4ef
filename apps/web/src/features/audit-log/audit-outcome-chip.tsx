import type { AuditOutcome } from '@tagih/contract';
import { EMPTY_CELL } from '../../components/data-table.tsx';
import { StatusChip, type StatusChipColor } from '../../components/status-chip.tsx';

/** success green, failure orange, denied red. */
const OUTCOME_COLORS: Readonly<Record<AuditOutcome, StatusChipColor>> = {
  success: 'success',
  failure: 'warning',
  denied: 'error',
};

export function AuditOutcomeChip({ outcome }: { outcome: string | null | undefined }) {
  if (!outcome) return <>{EMPTY_CELL}</>;
  const color = OUTCOME_COLORS[outcome as AuditOutcome];
  return color ? <StatusChip label={outcome} color={color} /> : <>{outcome}</>;
}
