import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROUTE_PRELOADS_FILE, type RoutePreload } from '../apps/web/route-preloads-plugin.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export interface BundleRow {
  chunk: string;
  file: string;
  rawKb: number;
  gzipKb: number;
}

const defaultDistDir = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The root layout: every screen loads it, with the chunks it imports, before its first paint. */
const ROOT_LAYOUT = 'src/app/layout/RootLayout.tsx';
/**
 * Addresses whose direct visit is counted whole: a login page, the console pages console-load.ts opens, and
 * the public form and inflow landing page that friends open on their phones.
 */
const FIRST_LOAD_ROUTES = ['/service/login', '/service', '/service/friends', '/service/talks', '/form', '/inflow'];

/**
 * Raw and gzip size of the entry chunk, of what every screen loads before its first paint (the entry,
 * the root layout and the chunks they import), of what a direct visit of some addresses fetches before its
 * first paint (the entry's chunks and the route's preloads), of each lazily loaded page chunk and of the
 * shared chunks.
 */
export function bundleSizes(distDir = defaultDistDir): { rows: BundleRow[] } {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`${manifestPath} missing: run npm run build:web first`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const bytes = (file: string) => fs.readFileSync(path.join(distDir, file));
  const sizes = (files: string[]) => ({
    rawKb: files.reduce((sum, file) => sum + bytes(file).length, 0) / 1024,
    gzipKb: files.reduce((sum, file) => sum + gzipSync(bytes(file), { level: 9 }).length, 0) / 1024,
  });
  const row = (chunk: string, file: string) => ({ chunk, file, ...sizes([file]) });

  const chunks = Object.values(manifest);
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('no entry chunk in the Vite manifest');
  const startFiles = new Set<string>();
  const collect = (chunk: ManifestChunk | undefined) => {
    if (!chunk || startFiles.has(chunk.file)) return;
    startFiles.add(chunk.file);
    for (const key of chunk.imports ?? []) collect(manifest[key]);
  };
  collect(entry);
  const entryFiles = [...startFiles];
  collect(manifest[ROOT_LAYOUT]);
  const { routes } = JSON.parse(fs.readFileSync(path.join(distDir, ROUTE_PRELOADS_FILE), 'utf8')) as {
    routes: RoutePreload[];
  };
  const firstLoads = FIRST_LOAD_ROUTES.map((address) => {
    const route = routes.find((r) => r.path === address);
    if (!route) throw new Error(`the route table has no ${address}`);
    const files = new Set([...entryFiles, ...route.scripts]);
    return { chunk: `first load ${address}`, file: `${files.size} files`, ...sizes([...files]) };
  });
  const pages = chunks
    .filter((c) => c.isDynamicEntry && c.src?.includes('/areas/'))
    .sort((a, b) => (a.src ?? '').localeCompare(b.src ?? ''));
  const shared = Object.entries(manifest)
    .filter(([key, c]) => key.startsWith('_') && c.file.endsWith('.js'))
    .map(([, c]) => c)
    .sort((a, b) => a.file.localeCompare(b.file));
  return {
    rows: [
      row('entry', entry.file),
      ...(entry.css ?? []).map((css) => row('entry css', css)),
      { chunk: 'start-up (entry + root layout)', file: `${startFiles.size} files`, ...sizes([...startFiles]) },
      ...firstLoads,
      ...pages.map((p) => row((p.src ?? p.file).replace(/^.*src\/areas\//, '').replace(/\.tsx?$/, ''), p.file)),
      ...shared.map((c) => row(`shared: ${c.file.replace(/^assets\//, '').replace(/-[\w-]{8}\.js$/, '')}`, c.file)),
    ],
  };
}
