import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function TransactionVaScreen() {
  return <ScreenPlaceholder title="Transaction Virtual Account" crumb="Transaction VA" />;
}
