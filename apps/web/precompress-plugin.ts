import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text formats worth compressing; images and fonts (png, jpg, woff2...) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
/** Below this the encoded answer saves less than a packet, and a request's headers weigh more. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipLevel9 = promisify(gzip);

/**
 * Writes a `.br` (brotli, quality 11) and a `.gz` (gzip, level 9) beside every compressible file of
 * the build, once, so the API serves them as they are (@fastify/static's `preCompressed`) instead of
 * compressing each answer at a lower level or sending the full bytes.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'linq:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After Vite has copied the public folder too, so its files (the favicons) are covered.
    async closeBundle() {
      const files = await compressibleFiles(outDir);
      await Promise.all(
        files.map(async (file) => {
          const content = await readFile(file);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
                [zlibConstants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipLevel9(content, { level: zlibConstants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

/** The build's files to compress; dot folders (Vite's manifest) are not served, so skipped. */
async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter(
      (file) =>
        !path
          .relative(dir, file)
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    );
}
