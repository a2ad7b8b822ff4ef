import { MasterScreen } from '../../components/master/master-screen.tsx';
import { rolesConfig } from './roles-config.ts';

export function RolesManagementScreen() {
  return <MasterScreen config={rolesConfig} />;
}
