/**
 * What running in production adds to the app: request ids in logs and answers, request
 * metrics, readiness that turns 503 as soon as shutdown begins, /api/health/* and /api/metrics.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { registerRequestIdHeader } from '../http/request-id.ts';
import { registerRequestMetrics } from '../http/request-metrics.ts';
import { healthRoutes } from '../modules/health/routes.ts';
import { Lifecycle } from './lifecycle.ts';
import { AppMetrics } from './metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Call beginShutdown() to fail readiness before closing (app.close() does it too). */
    lifecycle: Lifecycle;
  }
}

export interface Operations {
  lifecycle: Lifecycle;
  metrics: AppMetrics;
}

/** Call after the access guard, so the health routes get its 'public' check like every route. */
export async function registerOperations(app: FastifyInstance, deps: AppDeps): Promise<Operations> {
  const metrics = deps.metrics ?? new AppMetrics();
  const lifecycle = new Lifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => lifecycle.beginShutdown());
  registerRequestIdHeader(app);
  registerRequestMetrics(app, metrics);
  await app.register(healthRoutes(deps, { lifecycle, metrics }), { prefix: '/api' });
  return { lifecycle, metrics };
}
