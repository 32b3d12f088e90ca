import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * The console's index.html with, for a direct address, `<link rel="modulepreload">` for the chunks its
 * route needs (layouts, page and their imports), so the browser fetches them together with the entry
 * instead of in waves. The route → chunks map is written by the web build from the client's own route
 * table (apps/web/route-preloads-plugin.ts); this side only matches an address against its patterns.
 */

/** As apps/web/route-preloads-plugin.ts writes it. */
const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

interface RoutePreload {
  path: string;
  scripts: string[];
  styles: string[];
}

export interface ConsolePage {
  body: Buffer;
  /** The same page brotli- and gzip-encoded, for browsers that accept them. */
  br: Buffer;
  gzip: Buffer;
}

export interface ConsolePages {
  /** index.html for this address: with the preloads of the route it matches, or as built. */
  pageFor(pathname: string): ConsolePage;
}

interface CompiledRoute {
  preload: RoutePreload;
  segments: string[];
  score: number;
}

/** null when the build has no route map (an older build): then index.html is served as it is. */
export function loadConsolePages(distDir: string): ConsolePages | null {
  const mapFile = path.join(distDir, ROUTE_PRELOADS_FILE);
  if (!fs.existsSync(mapFile)) return null;
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const { routes } = JSON.parse(fs.readFileSync(mapFile, 'utf8')) as { routes: RoutePreload[] };
  // Only files the build holds: a link to a missing file would cost the browser a request for nothing.
  const exists = (file: string) => fs.existsSync(path.join(distDir, file));
  const compiled: CompiledRoute[] = routes.map((route) => ({
    preload: {
      path: route.path,
      scripts: route.scripts.filter(exists),
      styles: route.styles.filter(exists),
    },
    segments: splitPath(route.path),
    score: scoreOf(splitPath(route.path)),
  }));
  const plain = encode(html);
  const byRoute = new Map<CompiledRoute, ConsolePage>();
  return {
    pageFor(pathname) {
      const route = matchRoute(compiled, pathname);
      if (!route) return plain;
      let page = byRoute.get(route);
      if (!page) {
        page = encode(withPreloads(html, route.preload));
        byRoute.set(route, page);
      }
      return page;
    },
  };
}

function encode(html: string): ConsolePage {
  const body = Buffer.from(html);
  return {
    body,
    br: brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(body, { level: 9 }),
  };
}

/** The links go before `</head>`, after Vite's own (the entry's imports), as the browser should order them. */
export function withPreloads(html: string, preload: Pick<RoutePreload, 'scripts' | 'styles'>): string {
  const links = [
    ...preload.styles.map((file) => `<link rel="preload" as="style" href="/${file}">`),
    // crossorigin as Vite's own links and script tag, or the browser fetches the chunk twice.
    ...preload.scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ];
  if (links.length === 0) return html;
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}

function splitPath(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

/** React Router's ranking: a static segment outweighs a parameter, a parameter a splat (never matched here). */
function scoreOf(segments: string[]): number {
  return segments.reduce((score, segment) => score + (segment.startsWith(':') ? 3 : 10), segments.length);
}

/**
 * The route an address opens, matched as React Router does (whole path, case-insensitive, a trailing
 * slash ignored, the highest-ranked pattern winning). The catch-all is not in the map: none for an
 * unknown address.
 */
function matchRoute(routes: CompiledRoute[], pathname: string): CompiledRoute | undefined {
  let segments: string[];
  try {
    segments = splitPath(pathname).map((segment) => decodeURIComponent(segment));
  } catch {
    return undefined;
  }
  let best: CompiledRoute | undefined;
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const matches = route.segments.every(
      (pattern, i) => pattern.startsWith(':') || pattern.toLowerCase() === segments[i]!.toLowerCase(),
    );
    if (matches && (!best || route.score > best.score)) best = route;
  }
  return best;
}
