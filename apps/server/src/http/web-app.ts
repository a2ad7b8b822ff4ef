/**
 * Serves the built web app at /: files are looked up per request (a rebuild needs no
 * restart), and any other GET outside /api falls back to index.html (client-side routes).
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside each text file; the copy the
 * browser accepts (Accept-Encoding) is sent as is, so nothing is compressed per request.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

export const DEFAULT_WEB_ROOT = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/** Hashed file names change with their content: cached for a year, never revalidated. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** index.html (and every client-side route) names the current assets: always revalidated. */
export const PAGE_CACHE_CONTROL = 'no-cache';

const isApiUrl = (url: string): boolean => /^\/api(?:[/?]|$)/.test(url);

/** Registers the files; false when there is no build to serve. */
export async function serveWebApp(app: FastifyInstance, root = DEFAULT_WEB_ROOT): Promise<boolean> {
  if (!existsSync(`${root}/index.html`)) return false;
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: 'index.html',
    cacheControl: false,
    preCompressed: true,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (isApiUrl(request.url)) return payload;
    // The answer depends on Accept-Encoding (a precompressed copy or the file itself).
    reply.header('vary', 'Accept-Encoding');
    // Only a found asset is cached for long: a 404 for a file of the next build must not stick.
    const isAsset = request.url.startsWith('/assets/') && reply.statusCode < 400;
    reply.header('cache-control', isAsset ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL);
    return payload;
  });
  return true;
}

/** A client-side route of the web app (not the API, not a missing asset). */
export const isPageRequest = (request: FastifyRequest): boolean =>
  request.method === 'GET' &&
  !request.url.startsWith('/api/') &&
  !request.url.startsWith('/assets/');
