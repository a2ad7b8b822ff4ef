import { NOTI_STATUS, notificationStatusLabel } from '@tagih/contract';
import { EMPTY_CELL } from '../components/empty-cell.ts';
import { StatusChip } from '../components/status-chip.tsx';

/** 1 Pending, 2 Sukses; anything else N/A (spec §4). */
export function NotificationStatusChip({ status }: { status: number | null | undefined }) {
  const label = notificationStatusLabel(status);
  if (!label) return <>{EMPTY_CELL}</>;
  return (
    <StatusChip label={label} color={status === NOTI_STATUS.DELIVERED ? 'success' : 'warning'} />
  );
}
