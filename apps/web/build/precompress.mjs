// A build step: writes a brotli (`name.br`) and a gzip (`name.gz`) copy beside every text file
// of the build (JavaScript, CSS, HTML, SVG, JSON), so that the server sends the copy a browser
// accepts without compressing per request (apps/server/src/http/web-app.ts). A copy that would
// not be smaller is not written. Fonts (woff2) and images are compressed already.
// Plain JavaScript on purpose: the web app's TypeScript project has browser types only.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Both copies of one file, each written only when smaller than the file. */
export async function precompressFile(path) {
  const content = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await writeFile(`${path}.br`, br);
  if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
}

/** The Vite plugin: compresses the written build (production builds only; not the manifest). */
export function precompress() {
  let outDir = '';
  return {
    name: 'tagih-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = isAbsolute(config.build.outDir)
        ? config.build.outDir
        : join(config.root, config.build.outDir);
    },
    async writeBundle() {
      const entries = await readdir(outDir, { withFileTypes: true, recursive: true });
      const files = entries
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        .filter((file) => !relative(outDir, file).startsWith('.vite'));
      await Promise.all(files.map(precompressFile));
    },
  };
}
