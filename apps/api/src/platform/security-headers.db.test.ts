/**
 * Browser hardening headers on every kind of answer (issue 12 §5): console pages, the public
 * tracked-link page, the API (success, error, redirect lookup), stored files, static assets, the
 * API documentation, and HSTS only over https as a configured proxy reports it.
 */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { makePng } from '@linq/line-simulator';
import { useTestApp } from '../test/kit.ts';

let storedFile: string;

/** The plain bytes of the fake build's files, to compare what each encoding decompresses to. */
const builtFiles = {
  indexHtml: Buffer.from(
    `<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body>${'<p>console</p>'.repeat(100)}</body></html>`,
  ),
  appJs: Buffer.from(`export const labels = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `label ${i}`))};`),
  tinyJs: Buffer.from('export {};'),
};

/**
 * A built console: index.html without inline script, module assets; beside the larger files their
 * brotli and gzip copies, as the web build writes them (apps/web/precompress-plugin.ts).
 */
function consoleBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'linq-web-'));
  mkdirSync(path.join(dir, 'assets'));
  const write = (file: string, content: Buffer, compressed: boolean) => {
    writeFileSync(path.join(dir, file), content);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(content));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(content));
  };
  write('index.html', builtFiles.indexHtml, true);
  write('assets/app.js', builtFiles.appJs, true);
  write('assets/tiny.js', builtFiles.tinyJs, false);
  return dir;
}

const t = useTestApp({
  config: { WEB_DIST_DIR: consoleBuild(), trustProxy: ['127.0.0.1'] },
  simulator: true,
});

beforeAll(async () => {
  const png = makePng(4, 3);
  const boundary = '----linqheaders';
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/service/files/images',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${t.tenant.tokens.staff}`,
      lineaccountid: String(t.tenant.channels[0]!.id),
    },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
  expect(upload.statusCode).toBe(201);
  storedFile = new URL(upload.json<{ data: { originalContentUrl: string } }>().data.originalContentUrl).pathname;
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('security headers', () => {
  it('are sent on every kind of answer, with a policy that allows no inline script and no framing', async () => {
    const pages: Record<string, string> = {
      'console page': '/service/talks',
      'console login': '/service/login',
      'public tracked-link page': '/redirects/abc123',
      'static asset': '/assets/app.js',
      'missing asset (404)': '/assets/missing.js',
      'API success': '/api/oems',
      'API error (401)': '/api/service/tags',
      'API public redirect lookup': '/api/public/redirects/nope',
      'stored file': storedFile,
      'missing file': '/files/missing.png',
      health: '/health',
      'API documentation': '/api/docs/',
    };
    for (const [kind, url] of Object.entries(pages)) {
      const response = await get(url);
      const csp = String(response.headers['content-security-policy'] ?? '');
      expect(csp, `${kind} ${url}`).toMatch(/frame-ancestors 'none'|sandbox/);
      expect(csp, kind).not.toContain("'unsafe-eval'");
      expect(csp.match(/script-src[^;]*/)?.[0] ?? '', kind).not.toContain("'unsafe-inline'");
      expect(response.headers['x-frame-options'], kind).toBe('DENY');
      expect(response.headers['x-content-type-options'], kind).toBe('nosniff');
      expect(response.headers['referrer-policy'], kind).toBe('strict-origin-when-cross-origin');
      expect(response.headers['strict-transport-security'], `${kind} over http`).toBeUndefined();
    }
  });

  it('the console policy: own scripts only, images the features show, the API and socket of this host', async () => {
    const csp = String(
      (await get('/service/talks', { host: 'partner.localhost:3000' })).headers['content-security-policy'],
    );
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toMatch(/img-src 'self' data: blob: https: http:\/\/localhost:\d+/);
    expect(csp).toContain("connect-src 'self' ws://partner.localhost:3000 wss://partner.localhost:3000");
    expect(csp).toContain("object-src 'none'");
    // A forged Host header cannot add directives.
    const forged = String(
      (await get('/service/talks', { host: "evil; script-src 'unsafe-inline'" })).headers['content-security-policy'],
    );
    expect(forged).not.toContain('unsafe-inline;');
    expect(forged).toContain("connect-src 'self';");
  });

  it("allows the embedded LINE simulator's images (virtual friends' avatars) however the console is reached", async () => {
    const simulatorOrigin = new URL(t.sim.url).origin;
    expect(simulatorOrigin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    for (const host of ['127.0.0.1:3000', 'localhost:3000', 'console.example.com']) {
      const csp = String((await get('/service/friends', { host })).headers['content-security-policy']);
      const sources = (csp.match(/img-src ([^;]*)/)?.[1] ?? '').split(' ');
      expect(sources, host).toContain(simulatorOrigin);
      // Only that origin: plain http in general stays refused.
      expect(sources, host).not.toContain('http:');
      expect(sources.filter((source) => source.startsWith('http://')).sort(), host).toEqual(
        [simulatorOrigin, `http://localhost:${t.ctx.config.PORT}`].sort(),
      );
    }
  });

  it('hashed console chunks are kept by the browser; the page itself is asked for again', async () => {
    expect((await get('/assets/app.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/assets/tiny.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await get('/service/talks')).headers['cache-control']).toBe('no-cache');
    expect((await get('/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it("console files are sent in the build's brotli or gzip copy the browser accepts, else as they are", async () => {
    const cases = [
      { url: '/assets/app.js', plain: builtFiles.appJs, type: 'javascript', cache: 'immutable' },
      { url: '/index.html', plain: builtFiles.indexHtml, type: 'text/html', cache: 'no-cache' },
      // Client-side routes: the not-found handler sends index.html the same way.
      { url: '/service/talks', plain: builtFiles.indexHtml, type: 'text/html', cache: 'no-cache' },
      { url: '/', plain: builtFiles.indexHtml, type: 'text/html', cache: 'no-cache' },
    ];
    const decoders: Record<string, ((body: Buffer) => Buffer) | undefined> = {
      br: brotliDecompressSync,
      gzip: gunzipSync,
    };
    const encodings: Record<string, string | undefined> = {
      br: 'br',
      gzip: 'gzip',
      // What Chromium sends: brotli preferred.
      'gzip, deflate, br, zstd': 'br',
      identity: undefined,
      none: undefined,
    };
    for (const { url, plain, type, cache } of cases) {
      for (const [accepted, expected] of Object.entries(encodings)) {
        const label = `${url} accept-encoding: ${accepted}`;
        const response = await get(url, accepted === 'none' ? {} : { 'accept-encoding': accepted });
        expect(response.statusCode, label).toBe(200);
        expect(response.headers['content-encoding'], label).toBe(expected);
        expect(response.headers['vary'], label).toContain('accept-encoding');
        expect(response.headers['content-type'], label).toContain(type);
        expect(response.headers['cache-control'], label).toContain(cache);
        expect(response.headers['x-content-type-options'], label).toBe('nosniff');
        expect(response.headers['content-security-policy'], label).toContain("frame-ancestors 'none'");
        const decode = expected ? decoders[expected] : (body: Buffer) => body;
        expect(decode!(response.rawPayload).equals(plain), label).toBe(true);
      }
    }
    // A file the build left uncompressed (too small to gain) is sent as it is.
    const tiny = await get('/assets/tiny.js', { 'accept-encoding': 'br, gzip' });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.rawPayload.equals(builtFiles.tinyJs)).toBe(true);
    // The copies are not addressable by their own names; a missing chunk stays a 404.
    expect((await get('/assets/app.js.br')).statusCode).toBe(404);
    expect((await get('/assets/missing.js', { 'accept-encoding': 'br' })).statusCode).toBe(404);
  });

  it('stored files are sandboxed', async () => {
    const response = await get(storedFile);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain('sandbox');
  });

  it('sends HSTS when a configured proxy reports https, not when a client claims it', async () => {
    const viaProxy = await t.app.inject({
      method: 'GET',
      url: '/service/login',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/service/login',
      remoteAddress: '192.0.2.7',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
  });
});
