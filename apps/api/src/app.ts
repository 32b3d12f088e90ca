import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from './platform/context.ts';
import { answerFrameworkError, installErrorHandling, installJsonParser, validatorCompiler } from './platform/http.ts';
import { requestLogController } from './platform/logger.ts';
import { parseQueryString } from './platform/querystring.ts';
import { installSecurityHeaders } from './platform/security-headers.ts';
import { loadConsolePages, type ConsolePage } from './platform/route-preloads.ts';
import { startRealtimeHub, type RealtimeHub } from './platform/realtime-hub.ts';
import type { ModuleManifest } from './platform/module.ts';

export const API_PREFIX = '/api';

export interface RouteEntry {
  method: string;
  url: string;
}
declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the server answers, read by the isolation matrix test. */
    routeTable: RouteEntry[];
    /** This process's LISTEN on realtime events, fanned out to WebSocket subscribers. */
    realtimeHub: RealtimeHub;
  }
}

/**
 * Builds the HTTP server: the modules' API under /api and their routes outside it (webhooks, public
 * pages, files), /health, and the built SPA. Tests use it too.
 */
export async function buildApp(ctx: AppContext, modules: readonly ModuleManifest[]): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    logController: requestLogController(ctx.config),
    // X-Forwarded-For is believed only from the configured proxies (TRUST_PROXY), never from anyone.
    trustProxy: ctx.config.trustProxy.length > 0 ? ctx.config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { querystringParser: parseQueryString },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  const routeTable: RouteEntry[] = [];
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) if (method !== 'HEAD') routeTable.push({ method, url: r.url });
  });
  app.decorate('routeTable', routeTable);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  installJsonParser(app);
  installSecurityHeaders(app, ctx.config, ctx.simulator);

  await app.register(swagger, {
    openapi: {
      info: { title: 'LinQ console API', version: '1.0.0' },
      servers: [{ url: API_PREFIX }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  const realtimeHub = await startRealtimeHub(ctx.database, ctx.log);
  app.decorate('realtimeHub', realtimeHub);
  app.addHook('onClose', () => realtimeHub.stop());

  await app.register(
    async (api) => {
      for (const module of modules) module.routes?.(api, ctx);
    },
    { prefix: API_PREFIX },
  );
  for (const module of modules) await module.rootRoutes?.(app, ctx);
  app.get('/health', { schema: { hide: true } }, async (_request, reply) => {
    await ctx.database.sql.executeSql('select 1');
    return reply.send({ status: 'ok', database: ctx.database.kind });
  });

  await serveWebConsole(app, ctx.config.WEB_DIST_DIR);
  return app;
}

/**
 * The SPA's files, with index.html for every other GET so client-side routes load: naming, for an
 * address of the route table, the chunks that route needs (platform/route-preloads.ts). The build
 * writes a brotli and a gzip copy beside each text file (apps/web/precompress-plugin.ts); each answer
 * is the smallest one the browser accepts.
 */
async function serveWebConsole(app: FastifyInstance, distDir: string) {
  const hasBuild = fs.existsSync(path.join(distDir, 'index.html'));
  if (hasBuild) {
    const assetsDir = path.join(distDir, 'assets') + path.sep;
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed copies are chosen by accept-encoding, not addressed by their own URLs.
      globIgnore: ['**/*.br', '**/*.gz'],
      // Chunks are named by their content's hash: a browser keeps them and never asks again, so a page
      // opened or reloaded fetches only what it has not seen; the rest (index.html) is revalidated.
      setHeaders: (reply, filePath) => {
        reply.header(
          'cache-control',
          filePath.startsWith(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  const pages = hasBuild ? loadConsolePages(distDir) : null;
  app.setNotFoundHandler((request, reply) => {
    // A missing hashed asset (a stale chunk after a deploy) must be a 404, not the page.
    const isPage =
      request.method === 'GET' && !request.url.startsWith(`${API_PREFIX}/`) && !request.url.startsWith('/assets/');
    if (isPage && pages) {
      return sendConsolePage(reply, pages.pageFor(request.url.split('?')[0]!), request.headers['accept-encoding']);
    }
    if (isPage && hasBuild) return reply.sendFile('index.html');
    return reply.status(404).send({ success: false, errors: 'Not Found' });
  });
}

/** index.html as built for this address; revalidated on every visit, as the chunks it names change. */
function sendConsolePage(reply: FastifyReply, page: ConsolePage, acceptEncoding: string | undefined) {
  const encoding = preferredEncoding(acceptEncoding);
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.body);
}

/** brotli, else gzip, when the browser accepts it (a q=0 refuses). */
function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name!.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
