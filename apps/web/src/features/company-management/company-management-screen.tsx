import { MasterScreen } from '../../components/master/master-screen.tsx';
import { companyConfig } from './company-config.ts';

export function CompanyManagementScreen() {
  return <MasterScreen config={companyConfig} />;
}
