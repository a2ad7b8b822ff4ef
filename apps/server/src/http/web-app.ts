/** Serves the built web app at / with a single-page fallback to index.html. */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export async function serveWebApp(app: FastifyInstance, root = DEFAULT_WEB_ROOT): Promise<void> {
  if (!existsSync(`${root}/index.html`)) return;
  await app.register(fastifyStatic, { root, wildcard: false, index: 'index.html', maxAge: '1h', immutable: false });
  app.route({
    method: 'GET',
    url: '/*',
    config: { access: 'public' },
    handler: (request, reply) => {
      if (request.url.startsWith('/api/')) return reply.callNotFound();
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    },
  });
}
