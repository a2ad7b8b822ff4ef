import { TRANSACTION_KINDS } from '@tagih/contract';
import { TransactionScreen } from '../../components/transactions/transaction-screen.tsx';

export function TransactionQrisScreen() {
  return <TransactionScreen kind={TRANSACTION_KINDS.qris} title="Transaction BRI QRIS" />;
}
