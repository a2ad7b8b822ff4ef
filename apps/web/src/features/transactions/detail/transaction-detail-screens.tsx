/** The detail views of Transaction VA and Transaction BRI QRIS: one screen, told its kind. */
import { TRANSACTION_KINDS } from '@tagih/contract';
import { TransactionDetailScreen } from './transaction-detail-screen.tsx';

export function TransactionVaDetailScreen() {
  return <TransactionDetailScreen kind={TRANSACTION_KINDS.va} listTitle="Transaction VA" />;
}

export function TransactionQrisDetailScreen() {
  return <TransactionDetailScreen kind={TRANSACTION_KINDS.qris} listTitle="Transaction BRI QRIS" />;
}
