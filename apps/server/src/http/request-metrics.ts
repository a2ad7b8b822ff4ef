/** Times every request by its route pattern (never the raw URL: ids would make endless series). */
import type { FastifyInstance } from 'fastify';
import type { AppMetrics } from '../ops/metrics.ts';

export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    // The not-found handler also serves the web app's pages: one series for all of them.
    const route = request.is404 ? '(no route)' : (request.routeOptions.url ?? '(no route)');
    metrics.httpRequestDuration.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
}
