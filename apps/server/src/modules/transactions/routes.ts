/**
 * /api/dashboard/transactionVa/* and /api/dashboard/transactionQr/* (spec §7 "Dashboard"),
 * registered once per kind: each room's routes (list/, export/, detail/); the two actions,
 * inquiry and resend, are in actions/routes.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { timelineRoutes } from './detail/timeline-routes.ts';
import { exportRoutes } from './export/export-routes.ts';
import { SERVER_KINDS } from './kinds.ts';
import { listRoutes } from './list/list-routes.ts';

export const transactionRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of SERVER_KINDS) {
      listRoutes(app, deps, kind);
      exportRoutes(app, deps, kind);
    }
  };

/** Each transaction's page: its detail and timeline (registered after the lists and the actions). */
export const transactionDetailRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    for (const kind of SERVER_KINDS) timelineRoutes(app, deps, kind);
  };
