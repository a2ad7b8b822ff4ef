import { ScreenPlaceholder } from '../../components/screen-placeholder.tsx';

export function CompanyManagementScreen() {
  return <ScreenPlaceholder title="Company" />;
}
