import { MasterScreen } from '../../components/master/master-screen.tsx';
import { rolePermissionConfig } from './role-permission-config.ts';

export function RolePermissionManagementScreen() {
  return <MasterScreen config={rolePermissionConfig} />;
}
