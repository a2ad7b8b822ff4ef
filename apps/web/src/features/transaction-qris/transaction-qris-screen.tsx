import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function TransactionQrisScreen() {
  return <ScreenPlaceholder title="Transaction BRI QRIS" />;
}
