import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function UserCompanyManagementScreen() {
  return <ScreenPlaceholder title="User Company Management" />;
}
