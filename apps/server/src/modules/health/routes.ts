/**
 * /api/health/live, /api/health/ready (public: load balancers hold no session) and
 * /api/metrics (Prometheus text, behind its own bearer token METRICS_TOKEN; 404 without one).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PATHS, envelopeSchema } from '@tagih/contract';
import type { AppDeps } from '../../deps.ts';
import { failure, ok } from '../../http/envelope.ts';
import type { Lifecycle } from '../../ops/lifecycle.ts';
import type { AppMetrics } from '../../ops/metrics.ts';
import { Unauthorized } from '../../shared/errors.ts';
import { readiness } from './readiness.ts';
import { scrapeBacklog } from './backlog.ts';

const checks = z.object({
  database: z.string(),
  migrations: z.string(),
  worker: z.string(),
  shutdown: z.string(),
});

const digest = (text: string) => createHash('sha256').update(text).digest();
/** Constant-time comparison (of digests, so the lengths match too). */
const sameToken = (given: string, expected: string) =>
  timingSafeEqual(digest(given), digest(expected));

export interface HealthRouteOptions {
  lifecycle: Lifecycle;
  metrics: AppMetrics;
}

export const healthRoutes =
  (deps: AppDeps, { lifecycle, metrics }: HealthRouteOptions): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(API_PATHS.health.live, {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'The process is up (no database check)',
        response: { 200: envelopeSchema(z.object({ uptimeSeconds: z.number() })) },
      },
      handler: async () => ok({ uptimeSeconds: Math.round(process.uptime()) }, 'live'),
    });

    app.get(API_PATHS.health.ready, {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Worth sending traffic to: database, migrations, retry worker, not shutting down',
        response: { 200: envelopeSchema(checks), 503: envelopeSchema(checks) },
      },
      handler: async (_request, reply) => {
        const { ready, checks: found } = await readiness(deps, lifecycle);
        if (ready) return ok(found, 'ready');
        const problems = Object.entries(found)
          .filter(([, v]) => !['ok', 'off', 'no', 'not checked'].includes(v))
          .map(([k, v]) => `${k} ${v}`);
        return reply
          .code(503)
          .send({ ...failure(`Not ready: ${problems.join('; ')}`), data: found });
      },
    });

    app.get(API_PATHS.metrics, {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Prometheus metrics (Authorization: Bearer METRICS_TOKEN)',
        response: { 200: z.string() },
      },
      handler: async (request, reply) => {
        const token = deps.config.metricsToken;
        // Unset: as if there were no such route, so a scanner learns nothing.
        if (!token) return reply.callNotFound();
        const given =
          /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1]?.trim() ?? '';
        if (!sameToken(given, token))
          throw new Unauthorized('Metrics need Authorization: Bearer <METRICS_TOKEN>');
        metrics.setBacklog(await scrapeBacklog(deps));
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    });
  };
