/**
 * Serves the built web app at /: files are looked up per request (a rebuild needs no
 * restart), and any other GET outside /api falls back to index.html (client-side routes).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Registers the files; false when there is no build to serve. */
export async function serveWebApp(app: FastifyInstance, root = DEFAULT_WEB_ROOT): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false;
  await app.register(fastifyStatic, { root, wildcard: true, index: 'index.html', cacheControl: false });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) {
      // Hashed assets never change; everything else (index.html) is revalidated.
      reply.header('cache-control', request.url.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    }
    return payload;
  });
  return true;
}

/** A client-side route of the web app (not the API, not a missing asset). */
export const isPageRequest = (request: FastifyRequest): boolean =>
  request.method === 'GET' && !request.url.startsWith('/api/') && !request.url.startsWith('/assets/');
