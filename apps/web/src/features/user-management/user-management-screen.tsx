import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function UserManagementScreen() {
  return <ScreenPlaceholder title="User Management" />;
}
