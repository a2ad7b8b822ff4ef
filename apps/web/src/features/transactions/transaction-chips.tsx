import { isTransactionStatus, TRANSACTION_STATUS } from '@tagih/contract';
import { EMPTY_CELL } from '../../components/empty-cell.ts';
import { StatusChip } from '../../components/status-chip.tsx';
import { NotificationStatusChip } from '../../monitoring/notification-status-chip.tsx';

/** Belum Lunas (orange), Lunas (green), Kadaluarsa (red); an unknown code as it is (spec §4). */
export function TransactionStatusChip({ status }: { status: string | null | undefined }) {
  if (!isTransactionStatus(status)) return <>{status || EMPTY_CELL}</>;
  const known = TRANSACTION_STATUS[status];
  return <StatusChip label={known.label} color={known.color} />;
}

/** A transaction's notification: `{ notiStatus }`, or [] / nothing, which shows N/A (spec §4). */
export function NotificationRefChip({ value }: { value: unknown }) {
  const status =
    value && typeof value === 'object' && !Array.isArray(value) && 'notiStatus' in value
      ? Number((value as { notiStatus: unknown }).notiStatus)
      : null;
  return <NotificationStatusChip status={status} />;
}
