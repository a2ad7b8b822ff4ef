/** /api/master/*: every master resource of spec §7 through the one generic route set. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { registerResource } from './crud-routes.ts';
import type { MasterResource } from './resource-config.ts';
import { permissions, rolePermissions, roles } from './resources/access.ts';
import { clients, companies, companyGroups } from './resources/companies.ts';
import { userCompanies, userRoles } from './resources/links.ts';
import { userLogins, users } from './resources/users.ts';
import { loginWrites } from './users/login-service.ts';
import { userWrites } from './users/service.ts';

export const MASTER_RESOURCES: readonly MasterResource[] = [
  { ...users, writes: userWrites },
  { ...userLogins, writes: loginWrites },
  roles,
  permissions,
  rolePermissions,
  userRoles,
  userCompanies,
  companyGroups,
  companies,
  clients,
];

export const masterRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const resource of MASTER_RESOURCES) registerResource(app, deps, resource);
  };
