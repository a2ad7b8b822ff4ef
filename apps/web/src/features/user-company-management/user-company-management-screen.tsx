import { MasterScreen } from '../../components/master/master-screen.tsx';
import { userCompanyConfig } from './user-company-config.ts';

export function UserCompanyManagementScreen() {
  return <MasterScreen config={userCompanyConfig} />;
}
