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

/** Gzip size of the entry chunk, of each lazily loaded page chunk and of the shared chunks they load. */
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
  const shared = Object.entries(manifest)
    .filter(([key, c]) => key.startsWith('_') && c.file.endsWith('.js'))
    .map(([, c]) => c)
    .sort((a, b) => a.file.localeCompare(b.file));
  return {
    rows: [
      { chunk: 'entry', file: entry.file, gzipKb: gzipKb(entry.file) },
      ...(entry.css ?? []).map((css) => ({ chunk: 'entry css', file: css, gzipKb: gzipKb(css) })),
      ...pages.map((p) => ({
        chunk: (p.src ?? p.file).replace(/^.*src\/areas\//, '').replace(/\.tsx?$/, ''),
        file: p.file,
        gzipKb: gzipKb(p.file),
      })),
      ...shared.map((c) => ({
        chunk: `shared: ${c.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')}`,
        file: c.file,
        gzipKb: gzipKb(c.file),
      })),
    ],
  };
}
