/** /api/master/*: every master resource of spec §7 through the one generic route set, and unlocking a user. */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, MESSAGES, envelopeSchema } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { actorOf } from '../../http/audit-context.ts';
import { ok } from '../../http/envelope.ts';
import { registerResource } from './crud-routes.ts';
import type { MasterResource } from './resource-config.ts';
import { permissions, rolePermissions, roles } from './resources/access.ts';
import { clients, companies, companyGroups } from './resources/companies.ts';
import { bankAccounts } from './resources/bank-accounts.ts';
import { userCompanies, userRoles } from './resources/links.ts';
import { userLogins, users } from './resources/users.ts';
import { loginWrites } from './users/login-service.ts';
import { userWrites } from './users/service.ts';
import { unlockUser } from './users/unlock.ts';
import { resetUserTwoFactor } from './users/two-factor-reset.ts';

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
  bankAccounts,
];

export const masterRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const resource of MASTER_RESOURCES) registerResource(app, deps, resource);

    app.post(API_PATHS.users.unlock, {
      config: { access: { area: users.def.access.write, action: 'update' } },
      schema: {
        tags: ['master'],
        summary: "End a user's sign-in lockout (Superadmin only; recorded)",
        params: z.strictObject({ id: z.string().trim().min(1).max(50) }),
        response: { 200: envelopeSchema(z.object({ userId: z.string(), username: z.string() })) },
      },
      handler: async (request) =>
        ok(await unlockUser(deps, actorOf(request), request.params.id), MESSAGES.userUnlocked),
    });

    app.post(API_PATHS.users.resetTwoFactor, {
      config: { access: { area: users.def.access.write, action: 'update' } },
      schema: {
        tags: ['master'],
        summary: "Turn off a user's two-factor sign-in (Superadmin only; recorded)",
        params: z.strictObject({ id: z.string().trim().min(1).max(50) }),
        response: { 200: envelopeSchema(z.object({ userId: z.string(), username: z.string() })) },
      },
      handler: async (request) =>
        ok(
          await resetUserTwoFactor(deps, actorOf(request), request.params.id),
          MESSAGES.twoFactorReset,
        ),
    });
  };
