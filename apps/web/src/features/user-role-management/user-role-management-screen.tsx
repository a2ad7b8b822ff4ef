import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function UserRoleManagementScreen() {
  return <ScreenPlaceholder title="User Role" />;
}
