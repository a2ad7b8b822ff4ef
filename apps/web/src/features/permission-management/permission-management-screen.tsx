import { MasterScreen } from '../../components/master/master-screen.tsx';
import { permissionConfig } from './permission-config.ts';

export function PermissionManagementScreen() {
  return <MasterScreen config={permissionConfig} />;
}
