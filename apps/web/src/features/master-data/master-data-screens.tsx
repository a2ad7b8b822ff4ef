/**
 * The master-data screens: each is the generic MasterScreen told its entity's config (User
 * Management adds the sign-in lockout: users-screen.tsx); Client only lists, with API access (clients-screen.tsx).
 */
import { companiesConfig } from './configs/companies.ts';
import { companyGroupsConfig } from './configs/company-groups.ts';
import { permissionsConfig } from './configs/permissions.ts';
import { rolePermissionsConfig } from './configs/role-permissions.ts';
import { rolesConfig } from './configs/roles.ts';
import { userCompaniesConfig } from './configs/user-companies.ts';
import { userRolesConfig } from './configs/user-roles.ts';
import { MasterScreen } from './master-screen.tsx';

export { ClientsScreen } from './clients-screen.tsx';
export { UsersScreen } from './users-screen.tsx';

export const UserCompaniesScreen = () => <MasterScreen config={userCompaniesConfig} />;
export const UserRolesScreen = () => <MasterScreen config={userRolesConfig} />;
export const CompaniesScreen = () => <MasterScreen config={companiesConfig} />;
export const CompanyGroupsScreen = () => <MasterScreen config={companyGroupsConfig} />;
export const PermissionsScreen = () => <MasterScreen config={permissionsConfig} />;
export const RolePermissionsScreen = () => <MasterScreen config={rolePermissionsConfig} />;
export const RolesScreen = () => <MasterScreen config={rolesConfig} />;
