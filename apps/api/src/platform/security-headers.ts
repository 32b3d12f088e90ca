import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/*
 * Browser hardening for every answer: the console, its public pages (tracked-link redirects), the
 * API, stored files, errors. The spec keeps the access token in local storage, so what the page may
 * run and load is what protects it: no inline or foreign script, no framing (clickjacking).
 */

/**
 * Where images come from: the console's own files (also under PUBLIC_URL, which may be another
 * origin than a white-label domain), data: and blob: previews (the friend simulator, images friends
 * sent, uploads before saving), https images anywhere (LINE profile pictures and stickers, template
 * images at the addresses staff enter) and the embedded LINE simulator's own origin (its virtual
 * friends' profile pictures, plain http on loopback): named exactly, whichever host the console is
 * opened at, so no other http origin is allowed.
 */
function imageSources(config: Config, simulatorUrl: string | null): string[] {
  const filesOrigin = new URL(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).origin;
  const simulatorOrigin = simulatorUrl ? [new URL(simulatorUrl).origin] : [];
  return ["'self'", 'data:', 'blob:', 'https:', filesOrigin, ...simulatorOrigin];
}

export function contentSecurityPolicy(
  config: Config,
  request: FastifyRequest,
  simulatorUrl: string | null = null,
): string {
  // The Host header as sent: only a plain host[:port] goes into the policy.
  const host = /^[A-Za-z0-9.\-:[\]]+$/.test(request.host) ? request.host : null;
  return [
    "default-src 'self'",
    // The built console is modules from /assets only: no inline script, no eval.
    "script-src 'self'",
    // Ant Design writes its styles at run time.
    "style-src 'self' 'unsafe-inline'",
    `img-src ${imageSources(config, simulatorUrl).join(' ')}`,
    "font-src 'self' data:",
    // The API and the talk WebSocket, on this host.
    host ? `connect-src 'self' ws://${host} wss://${host}` : "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    // No page of the console or its public pages is meant to be embedded anywhere.
    "frame-ancestors 'none'",
  ].join('; ');
}

/** One year; sent only over https (a plain-http demo must not pin itself). */
const HSTS = 'max-age=31536000; includeSubDomains';

/** `simulator`: the LINE simulator running in this process (its URL is known once it listens). */
export function installSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  simulator: { url: string } | null = null,
): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('content-security-policy', contentSecurityPolicy(config, request, simulator?.url ?? null));
    reply.header('x-frame-options', 'DENY');
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('cross-origin-opener-policy', 'same-origin');
    // request.protocol believes X-Forwarded-Proto only from the proxies TRUST_PROXY names.
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
  });
}
