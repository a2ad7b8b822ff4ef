import { TRANSACTION_KINDS } from '@tagih/contract';
import { TransactionScreen } from '../../components/transactions/transaction-screen.tsx';

/** Shorter table headers than the CSV's (spec §2 issue text). */
const HEADERS = { trctTotalAmount: 'Total', trctTotalAmountPaid: 'Dibayar', trvaExpiredDate: 'Kadaluarsa' };

export function TransactionVaScreen() {
  return (
    <TransactionScreen
      kind={TRANSACTION_KINDS.va}
      title="Transaction Virtual Account"
      crumb="Transaction VA"
      headers={HEADERS}
    />
  );
}
