import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function PermissionManagementScreen() {
  return <ScreenPlaceholder title="Permission" />;
}
