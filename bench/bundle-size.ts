import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

const distDir = path.resolve(import.meta.dirname, '../apps/web/dist');

const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 9 }).length / 1024;

/** Gzip size of the entry chunk and of each lazily loaded page chunk of the built console. */
export function bundleSizes(): { rows: { chunk: string; file: string; gzipKb: number }[] } {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build:web first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const chunks = Object.values(manifest);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const pages = chunks
    .filter((c) => c.isDynamicEntry && c.src?.includes('/areas/'))
    .sort((a, b) => (a.src ?? '').localeCompare(b.src ?? ''));
  return {
    rows: [
      { chunk: 'entry', file: entry.file, gzipKb: gzipKb(entry.file) },
      ...(entry.css ?? []).map((css) => ({ chunk: 'entry css', file: css, gzipKb: gzipKb(css) })),
      ...pages.map((p) => ({
        chunk: (p.src ?? p.file).replace(/^.*src\/areas\//, '').replace(/\.tsx?$/, ''),
        file: p.file,
        gzipKb: gzipKb(p.file),
      })),
    ],
  };
}
