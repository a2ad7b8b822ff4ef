import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function CompanyGroupManagementScreen() {
  return <ScreenPlaceholder title="Company Group Management" />;
}
