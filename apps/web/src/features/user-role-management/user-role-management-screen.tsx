import { MasterScreen } from '../../components/master/master-screen.tsx';
import { userRoleConfig } from './user-role-config.ts';

export function UserRoleManagementScreen() {
  return <MasterScreen config={userRoleConfig} />;
}
