import { MasterScreen } from '../../components/master/master-screen.tsx';
import { companyGroupConfig } from './company-group-config.ts';

export function CompanyGroupManagementScreen() {
  return <MasterScreen config={companyGroupConfig} />;
}
