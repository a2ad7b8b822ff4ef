/** Transaction VA and Transaction BRI QRIS: the one transaction screen, told its kind. */
import { TRANSACTION_KINDS } from '@tagih/contract';
import { TransactionScreen } from './transaction-screen.tsx';

/** Shorter table headers than the CSV's (spec §2 issue text). */
const VA_HEADERS = {
  trctTotalAmount: 'Total',
  trctTotalAmountPaid: 'Dibayar',
  trvaExpiredDate: 'Kadaluarsa',
};

export function TransactionVaScreen() {
  return (
    <TransactionScreen
      kind={TRANSACTION_KINDS.va}
      title="Transaction Virtual Account"
      crumb="Transaction VA"
      headers={VA_HEADERS}
    />
  );
}

export function TransactionQrisScreen() {
  return <TransactionScreen kind={TRANSACTION_KINDS.qris} title="Transaction BRI QRIS" />;
}
