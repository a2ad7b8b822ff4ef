import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function RolePermissionManagementScreen() {
  return <ScreenPlaceholder title="Role Permission" />;
}
