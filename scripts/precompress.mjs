// Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) file beside every compressible file of the built
// storefront, so the server sends compressed bytes without compressing per request (on a Fast 3G
// profile the 100,000-seat page spent most of its first second downloading ~1.2 MB of uncompressed script).
// The server picks the variant by Accept-Encoding (@fastify/static `preCompressed`, server/src/common/static-assets.ts).
//
// `node scripts/precompress.mjs DIR` or `import { precompress }`; scripts/build.mjs runs it after every build.
// Incremental: a file whose two siblings are newer than it is skipped, so a build with nothing new costs a few stats.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text formats only: images, fonts (woff2 is brotli inside already) and the hidden source maps are left alone (the
 * maps are fetched by developer tools only, and brotli 11 over their 4 MB would take most of the build's extra time).
 */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.xml', '.webmanifest']);
/** Below this a compressed answer saves less than the bytes of its extra headers: fastify sends the file itself. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

function fresh(file, sibling) {
  return existsSync(sibling) && statSync(sibling).mtimeMs >= statSync(file).mtimeMs;
}

/**
 * Compresses what needs it under `dir`; returns one line per written file with its sizes. zlib's async calls run on
 * libuv's thread pool, so the files are compressed in parallel.
 */
export async function precompress(dir) {
  const todo = [...filesUnder(dir)].filter(
    (file) =>
      COMPRESSIBLE.has(path.extname(file)) &&
      statSync(file).size >= MIN_BYTES &&
      !(fresh(file, `${file}.br`) && fresh(file, `${file}.gz`)),
  );
  return Promise.all(
    todo.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
      return { file: path.relative(dir, file), raw: raw.length, gz: gz.length, br: br.length };
    }),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir || !existsSync(dir)) {
    process.stderr.write('usage: node scripts/precompress.mjs DIR\n');
    process.exit(2);
  }
  const written = await precompress(path.resolve(dir));
  process.stdout.write(`precompressed ${written.length} files in ${dir}\n`);
}
