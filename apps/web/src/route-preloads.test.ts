import path from 'node:path';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { preloadsOf, routeSources, type BuiltChunk } from '../route-preloads-plugin.ts';
import { routes } from './routes.tsx';

/** Every path of the route table (all absolute but the catch-all, which the router joins to its parent's, /). */
function tablePaths(table: RouteObject[]): string[] {
  return table.flatMap((route) => [
    ...(route.path ? [route.path.startsWith('/') ? route.path : `/${route.path}`] : []),
    ...tablePaths(route.children ?? []),
  ]);
}

describe('route preloads map', () => {
  it("holds every route of the client's table, each with the root layout, its area's layout and a page", async () => {
    const sources = await routeSources(path.resolve(import.meta.dirname, '..'));
    expect(sources.map((route) => route.path).sort()).toEqual(tablePaths(routes).sort());
    const byPath = new Map(sources.map((route) => [route.path, route.sources]));
    expect(byPath.get('/service/talks/:id')).toEqual([
      'src/app/layout/RootLayout.tsx',
      'src/app/layout/AreaLayout.tsx',
      'src/areas/service/phone-panel/ServiceHeaderTools.tsx',
      'src/areas/service/talks/TalksPage.tsx',
    ]);
    expect(byPath.get('/service/login')).toEqual([
      'src/app/layout/RootLayout.tsx',
      'src/app/layout/AuthLayout.tsx',
      'src/areas/service/login/ServiceLoginPage.tsx',
    ]);
    for (const [routePath, files] of byPath) {
      expect(files[0], routePath).toBe('src/app/layout/RootLayout.tsx');
      expect(files.at(-1), routePath).toMatch(/^src\/areas\/.+Page\.tsx$/);
    }
  }, 60_000);

  const chunk = (fileName: string, modules: string[], imports: string[] = [], css: string[] = []): BuiltChunk => ({
    fileName,
    isEntry: fileName === 'assets/index.js',
    modules,
    imports,
    css,
  });
  const build = [
    chunk('assets/index.js', ['index.html', 'src/main.tsx'], ['assets/runtime.js']),
    chunk('assets/runtime.js', ['rolldown:runtime']),
    chunk('assets/Root.js', ['src/app/layout/RootLayout.tsx'], ['assets/runtime.js', 'assets/antd.js']),
    chunk('assets/antd.js', ['node_modules/antd/es/button.js']),
    // A page that another page imports too: the bundler merges it into a shared chunk of its own name.
    chunk('assets/Shared.js', ['src/areas/a/APage.tsx', 'src/areas/a/part.ts'], ['assets/antd.js'], ['assets/a.css']),
  ];

  it("names the chunks holding a route's sources and their imports, less what the entry loads", () => {
    const [preload] = preloadsOf(
      [{ path: '/a', sources: ['src/app/layout/RootLayout.tsx', 'src/areas/a/APage.tsx'] }],
      build,
    );
    expect(preload).toEqual({
      path: '/a',
      scripts: ['assets/Root.js', 'assets/antd.js', 'assets/Shared.js'],
      styles: ['assets/a.css'],
    });
  });

  it('gives the catch-all route nothing, and fails the build for a source no chunk holds', () => {
    expect(preloadsOf([{ path: '/*', sources: ['src/app/layout/RootLayout.tsx'] }], build)).toEqual([]);
    expect(() => preloadsOf([{ path: '/b', sources: ['src/areas/b/Gone.tsx'] }], build)).toThrow(/Gone\.tsx/);
  });
});
