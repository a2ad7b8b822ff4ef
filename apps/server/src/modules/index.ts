/** Every API module, mounted under /api, and the SNAP endpoints banks call, under /snap. Add a module here and nowhere else. */
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps.ts';
import { accountRoutes } from './account/routes.ts';
import { auditRoutes } from './audit/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { bulkActionRoutes } from './bulk-actions/routes.ts';
import { homeRoutes } from './home/routes.ts';
import { liveRoutes } from './live/routes.ts';
import { masterRoutes } from './master/routes.ts';
import { notificationRoutes } from './notifications/routes.ts';
import { preferenceRoutes } from './preferences/routes.ts';
import { merchantAccessRoutes } from './snap/merchant-access/merchant-access-routes.ts';
import { reconRoutes } from './recon/routes.ts';
import { snapRoutes } from './snap/routes.ts';
import { transactionActionRoutes } from './transactions/actions/routes.ts';
import { transactionDetailRoutes, transactionRoutes } from './transactions/routes.ts';

export const apiModules: ((deps: AppDeps) => FastifyPluginAsyncZod)[] = [
  authRoutes,
  accountRoutes,
  masterRoutes,
  transactionRoutes,
  transactionActionRoutes,
  transactionDetailRoutes,
  notificationRoutes,
  auditRoutes,
  preferenceRoutes,
  homeRoutes,
  bulkActionRoutes,
  liveRoutes,
  merchantAccessRoutes,
  reconRoutes,
];

/** Under /snap: partners (banks and merchants) authenticate with SNAP BI tokens and signatures, not sessions (modules/snap/routes.ts). */
export const snapModules: ((deps: AppDeps) => (app: FastifyInstance) => Promise<void>)[] = [
  snapRoutes,
];
