import { MasterScreen } from '../../components/master/master-screen.tsx';
import { userConfig } from './user-config.ts';

export function UserManagementScreen() {
  return <MasterScreen config={userConfig} />;
}
