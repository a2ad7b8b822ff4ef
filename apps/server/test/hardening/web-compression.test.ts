/**
 * The web app's files go out compressed: the build's brotli/gzip copies (apps/web/build/
 * precompress.mjs) are sent by Accept-Encoding, with `Vary: Accept-Encoding`; hashed assets
 * are cached for a year, index.html and the client-side routes that answer with it are
 * revalidated. No database work is involved, so SQLite alone.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../../web/build/precompress.mjs';
import { buildApp } from '../../src/app.ts';
import { ASSET_CACHE_CONTROL, PAGE_CACHE_CONTROL } from '../../src/http/web-app.ts';
import { createTestContext, type TestContext } from '../support/test-app.ts';

const INDEX = `<!doctype html><html lang="id"><head><title>Tagih</title>${'<link rel="modulepreload" href="/assets/x.js">'.repeat(20)}</head><body><div id="root"></div></body></html>`;
const SCRIPT = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'tagih-${i}';`).join(
  '\n',
);
const STYLE = Array.from({ length: 200 }, (_, i) => `.row-${i} { color: #3e8a41; }`).join('\n');

describe('web app files: precompressed copies and caching', () => {
  let ctx: TestContext;
  let web: FastifyInstance;
  let webRoot: string;

  beforeAll(async () => {
    ctx = await createTestContext('sqlite');
    webRoot = mkdtempSync(join(tmpdir(), 'tagih-web-'));
    mkdirSync(join(webRoot, 'assets'));
    writeFileSync(join(webRoot, 'index.html'), INDEX);
    writeFileSync(join(webRoot, 'assets', 'app-1234.js'), SCRIPT);
    writeFileSync(join(webRoot, 'assets', 'app-1234.css'), STYLE);
    for (const file of ['index.html', 'assets/app-1234.js', 'assets/app-1234.css'])
      await precompressFile(join(webRoot, file));
    web = await buildApp(ctx.deps, { webRoot });
    await web.ready();
  });
  afterAll(async () => {
    await web.close();
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    web.inject({
      method: 'GET',
      url,
      headers: { accept: '*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
    });

  it('the build step wrote smaller brotli and gzip copies beside each file', () => {
    for (const file of ['index.html', 'assets/app-1234.js', 'assets/app-1234.css']) {
      const original = readFileSync(join(webRoot, file));
      expect(
        brotliDecompressSync(readFileSync(join(webRoot, `${file}.br`))).equals(original),
        file,
      ).toBe(true);
      expect(gunzipSync(readFileSync(join(webRoot, `${file}.gz`))).equals(original), file).toBe(
        true,
      );
      expect(readFileSync(join(webRoot, `${file}.br`)).length).toBeLessThan(original.length);
    }
  });

  it('sends brotli to a browser that accepts it: the same bytes once decompressed, cached for a year', async () => {
    const answer = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/javascript/);
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(answer.rawPayload.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(answer.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends gzip when brotli is not accepted, and the file itself when nothing is', async () => {
    const gzipped = await get('/assets/app-1234.css', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers['content-type']).toMatch(/text\/css/);
    expect(gzipped.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(STYLE);

    const plain = await get('/assets/app-1234.css');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
    expect(plain.body).toBe(STYLE);

    const identityOnly = await get('/assets/app-1234.js', 'identity');
    expect(identityOnly.headers['content-encoding']).toBeUndefined();
    expect(identityOnly.body).toBe(SCRIPT);
  });

  it('serves index.html compressed and never cached, at / and at every client-side route', async () => {
    for (const url of ['/', '/login', '/dashboard/transaction-va']) {
      const answer = await get(url, 'br;q=1.0, gzip;q=0.8');
      expect(answer.statusCode, url).toBe(200);
      expect(answer.headers['content-encoding'], url).toBe('br');
      expect(answer.headers['content-type'], url).toMatch(/text\/html/);
      expect(answer.headers['cache-control'], url).toBe(PAGE_CACHE_CONTROL);
      expect(answer.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(answer.rawPayload).toString(), url).toBe(INDEX);
    }
    const gzipped = await get('/dashboard/home', 'gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(INDEX);
  });

  it('does not cache a missing asset for long, and leaves the API answers alone', async () => {
    const missing = await get('/assets/next-build-9999.js', 'br');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).not.toBe(ASSET_CACHE_CONTROL);

    const api = await get('/api/no/such/thing', 'br');
    expect(api.statusCode).toBe(404);
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-encoding']).toBeUndefined();
  });
});
