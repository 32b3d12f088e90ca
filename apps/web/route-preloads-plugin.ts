import path from 'node:path';
import type { RouteObject } from 'react-router';
import { parseAst, runnerImport, type Plugin } from 'vite';

/** Where the build writes the route → chunks map that the API reads (a dot folder: never served). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** What the preloads need to know of one script chunk of the build. */
export interface BuiltChunk {
  fileName: string;
  isEntry: boolean;
  /** The source modules bundled into it, relative to the web root (src/...). */
  modules: string[];
  /** The chunks it imports statically. */
  imports: string[];
  css: string[];
}

/** One route of the client's table: its full path pattern and the files its first paint needs. */
export interface RoutePreload {
  path: string;
  /** Script chunks (the route's layouts, its page and their static imports) the entry does not load itself. */
  scripts: string[];
  styles: string[];
}

/** The route table's source files as Vite's manifest names them (relative to the web root). */
export interface RouteSources {
  path: string;
  sources: string[];
}

const RECORDER = '__linqRecordRouteImport';
type Recorder = (specifier: unknown) => Promise<never>;

/**
 * Writes `.vite/route-preloads.json`: for every route of the client's own table (src/routes.tsx), the
 * chunks a direct visit needs, so the server can name them in the index.html it answers with and the
 * browser fetches them at once instead of in waves (entry, then the lazy layouts and page, then theirs).
 *
 * The table is not parsed from text: the real `routes` array is loaded (Vite's module runner), and each
 * route's `lazy` is called with `import()` in routes.tsx rewritten to record its specifier. Whatever
 * shape routes.tsx takes (helpers, shared importers, per-area layouts), the map lists what the router
 * itself would load; an import that names no chunk of the build fails the build.
 */
export function routePreloads(): Plugin {
  let root = '';
  return {
    name: 'linq:route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const chunks: BuiltChunk[] = Object.values(bundle)
        .filter((output) => output.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          modules: chunk.moduleIds.map((id) => path.relative(root, id).split(path.sep).join('/')),
          imports: chunk.imports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
        }));
      const routes = await routeSources(root);
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_PRELOADS_FILE,
        source: JSON.stringify({ routes: preloadsOf(routes, chunks) }),
      });
    },
  };
}

/** Each route with a path, with the sources its `lazy` and its ancestors' `lazy` import. */
export async function routeSources(root: string): Promise<RouteSources[]> {
  const routesFile = path.join(root, 'src/routes.tsx');
  const recorded: string[] = [];
  const recorder: Recorder = (specifier) => {
    if (typeof specifier !== 'string') throw new Error('routes.tsx: import() of a computed specifier');
    recorded.push(
      path
        .relative(root, path.resolve(path.dirname(routesFile), specifier))
        .split(path.sep)
        .join('/'),
    );
    return Promise.reject(new Error('recorded, not loaded'));
  };
  const global = globalThis as { [RECORDER]?: Recorder };
  global[RECORDER] = recorder;
  try {
    const { module } = await runnerImport<{ routes: RouteObject[] }>(routesFile, {
      root,
      configFile: false,
      logLevel: 'silent',
      oxc: { jsx: { runtime: 'automatic' } },
      plugins: [recordDynamicImports(routesFile)],
    });
    const importsOf = async (route: RouteObject): Promise<string[]> => {
      if (typeof route.lazy !== 'function') return [];
      recorded.length = 0;
      // Every lazy calls its importers before its first await; the recorder's rejection is expected.
      await Promise.resolve(route.lazy()).catch(() => undefined);
      return [...recorded];
    };
    const result: RouteSources[] = [];
    const walk = async (routes: RouteObject[], parentPath: string, parentSources: string[]) => {
      for (const route of routes) {
        const fullPath = joinPaths(parentPath, route.path);
        const sources = [...parentSources, ...(await importsOf(route))];
        if (route.path !== undefined) result.push({ path: fullPath, sources });
        if (route.children) await walk(route.children, fullPath, sources);
      }
    };
    await walk(module.routes, '', []);
    return result;
  } finally {
    delete global[RECORDER];
  }
}

/** React Router's joining: an absolute child path stands alone, a relative one extends its parent's. */
function joinPaths(parent: string, child: string | undefined): string {
  if (child === undefined) return parent;
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}

/** Rewrites routes.tsx's `import(x)` into a call of the recorder (only inside the module runner). */
function recordDynamicImports(routesFile: string): Plugin {
  return {
    name: 'linq:record-route-imports',
    enforce: 'post',
    transform(code, id) {
      if (id.split('?')[0] !== routesFile) return null;
      const starts: { start: number; end: number }[] = [];
      const visit = (node: unknown) => {
        if (!node || typeof node !== 'object') return;
        if (Array.isArray(node)) return node.forEach(visit);
        const record = node as { type?: string; start: number; end: number };
        if (record.type === 'ImportExpression') starts.push({ start: record.start, end: record.end });
        for (const value of Object.values(node)) visit(value);
      };
      visit(parseAst(code));
      let out = code;
      // From the last to the first, so earlier offsets stay valid.
      for (const { start } of starts.sort((a, b) => b.start - a.start)) {
        out = `${out.slice(0, start)}globalThis.${RECORDER}${out.slice(start + 'import'.length)}`;
      }
      return { code: out, map: null };
    },
  };
}

/**
 * The files to preload for each route: the chunks holding its sources and their static imports,
 * transitively, less what the entry loads already (index.html names those itself). A splat route (the
 * catch-all) is left out: an unknown address is preloaded nothing.
 */
export function preloadsOf(routes: RouteSources[], chunks: BuiltChunk[]): RoutePreload[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const bySource = new Map(chunks.flatMap((chunk) => chunk.modules.map((source) => [source, chunk] as const)));
  const closure = (start: BuiltChunk[]) => {
    const seen = new Set<BuiltChunk>();
    const visit = (chunk: BuiltChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported) visit(imported);
      }
    };
    start.forEach(visit);
    return [...seen];
  };
  const entry = chunks.find((chunk) => chunk.isEntry);
  if (!entry) throw new Error('the build has no entry chunk');
  const loadedByEntry = new Set(closure([entry]).map((chunk) => chunk.fileName));
  return routes
    .filter((route) => !route.path.split('/').includes('*'))
    .map((route) => {
      const found = route.sources.map((source) => {
        const chunk = bySource.get(source);
        if (!chunk) throw new Error(`routes.tsx imports ${source}, which no chunk of the build holds`);
        return chunk;
      });
      const needed = closure(found);
      return {
        path: route.path,
        scripts: needed.map((chunk) => chunk.fileName).filter((file) => !loadedByEntry.has(file)),
        styles: [...new Set(needed.flatMap((chunk) => chunk.css))],
      };
    });
}
