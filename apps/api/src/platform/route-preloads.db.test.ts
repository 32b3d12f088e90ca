/**
 * A console address opened directly: the index.html answered names, as modulepreload links, the chunks
 * of the route it opens (from the build's route map, only files the build holds), and nothing extra for
 * an address outside the route table.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/kit.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/runtime.js"></head><body><div id="root"></div></body></html>';

/** The route map as apps/web/route-preloads-plugin.ts writes it, for a few routes of the table. */
const routeMap = {
  routes: [
    { path: '/service/talks', scripts: ['assets/Talks.js', 'assets/Area.js', 'assets/gone.js'], styles: [] },
    { path: '/service/talks/:id', scripts: ['assets/Talks.js', 'assets/Area.js'], styles: [] },
    { path: '/service/plans/:id', scripts: ['assets/PlanDetail.js'], styles: [] },
    { path: '/service/plans/create', scripts: ['assets/PlanEdit.js'], styles: ['assets/flow.css'] },
    { path: '/service/inflows/:id/Chart', scripts: ['assets/InflowChart.js'], styles: [] },
  ],
};

/** A built console whose route map names one chunk the build lacks (assets/gone.js). */
function consoleBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linq-web-preloads-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  for (const file of ['index', 'runtime', 'Talks', 'Area', 'PlanDetail', 'PlanEdit', 'InflowChart']) {
    writeFileSync(path.join(dir, 'assets', `${file}.js`), 'export {};');
  }
  writeFileSync(path.join(dir, 'assets/flow.css'), '.flow{}');
  writeFileSync(path.join(dir, '.vite/route-preloads.json'), JSON.stringify(routeMap));
  return dir;
}

const t = useTestApp({ config: { WEB_DIST_DIR: consoleBuild() } });

async function page(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  const html = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(res.rawPayload).toString() : res.body;
  const hrefs = (rel: string) =>
    [...html.matchAll(new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`, 'g'))].map((m) => m[1]);
  return { res, html, modulepreloads: hrefs('modulepreload'), stylePreloads: hrefs('preload') };
}

describe('route preloads in the console page', () => {
  it("name the chunks of the address's route that the build holds, after the built links", async () => {
    const { res, modulepreloads } = await page('/service/talks');
    expect(modulepreloads).toEqual(['/assets/runtime.js', '/assets/Talks.js', '/assets/Area.js']);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('match parameters, a query string, a trailing slash and letter case as the router does', async () => {
    expect((await page('/service/talks/42?laid=7')).modulepreloads).toEqual([
      '/assets/runtime.js',
      '/assets/Talks.js',
      '/assets/Area.js',
    ]);
    expect((await page('/service/inflows/3/chart/')).modulepreloads).toEqual([
      '/assets/runtime.js',
      '/assets/InflowChart.js',
    ]);
  });

  it('prefer a static segment to a parameter, and preload the styles of the route', async () => {
    const create = await page('/service/plans/create');
    expect(create.modulepreloads).toEqual(['/assets/runtime.js', '/assets/PlanEdit.js']);
    expect(create.stylePreloads).toEqual(['/assets/flow.css']);
    expect((await page('/service/plans/9')).modulepreloads).toEqual(['/assets/runtime.js', '/assets/PlanDetail.js']);
  });

  it('add nothing for an address outside the route table', async () => {
    const { html } = await page('/service/nowhere/at/all');
    expect(html).toBe(indexHtml);
  });

  it('come brotli-encoded to a browser that accepts it, unencoded to one that does not', async () => {
    const encoded = await page('/service/talks', { 'accept-encoding': 'gzip, deflate, br' });
    expect(encoded.res.headers['content-encoding']).toBe('br');
    expect(encoded.res.headers.vary).toMatch(/accept-encoding/i);
    expect(encoded.modulepreloads).toContain('/assets/Talks.js');
    const refused = await page('/service/talks', { 'accept-encoding': 'br;q=0, identity' });
    expect(refused.res.headers['content-encoding']).toBeUndefined();
    expect(refused.modulepreloads).toContain('/assets/Talks.js');
  });

  it('leave hashed assets immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/Talks.js' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
