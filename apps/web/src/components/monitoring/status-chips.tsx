import {
  notificationStatusLabel,
  TRANSACTION_STATUS,
  type TransactionStatus,
} from '@tagih/contract';
import { EMPTY_CELL } from '../data-table.tsx';
import { StatusChip } from '../status-chip.tsx';

/** '03' Belum Lunas (orange), '00' Lunas (green), '05' Kadaluarsa (red) (spec §4). */
export function TransactionStatusChip({ status }: { status: string | null | undefined }) {
  const known = status ? TRANSACTION_STATUS[status as TransactionStatus] : undefined;
  if (!known) return <>{status || EMPTY_CELL}</>;
  return <StatusChip label={known.label} color={known.color} />;
}

/** 1 Pending, 2 Sukses; anything else N/A (spec §4). */
export function NotificationStatusChip({ status }: { status: number | null | undefined }) {
  const label = notificationStatusLabel(status);
  if (!label) return <>{EMPTY_CELL}</>;
  return <StatusChip label={label} color={status === 2 ? 'success' : 'warning'} />;
}

/** A transaction's notification: `{ notiStatus }`, or [] / nothing, which shows N/A (spec §4). */
export function NotificationRefChip({ value }: { value: unknown }) {
  const status =
    value && typeof value === 'object' && !Array.isArray(value) && 'notiStatus' in value
      ? Number((value as { notiStatus: unknown }).notiStatus)
      : null;
  return <NotificationStatusChip status={status} />;
}
