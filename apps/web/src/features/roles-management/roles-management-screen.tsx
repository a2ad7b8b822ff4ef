import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function RolesManagementScreen() {
  return <ScreenPlaceholder title="Roles" />;
}
