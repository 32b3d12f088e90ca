import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The console's public origin, without a trailing slash: PUBLIC_URL, or this server on localhost
 * (the port it listens on when known). Webhook URLs, uploaded files, tracked links and mailed links
 * are built on it.
 */
export function publicOrigin(config: Config, listeningPort?: number): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  return `http://localhost:${listeningPort || config.PORT}`;
}

/** `publicOrigin` of the server `app` runs, on the port it actually listens on. */
export function serverOrigin(app: FastifyInstance, config: Config): string {
  const address = app.server.address();
  return publicOrigin(config, typeof address === 'object' ? address?.port : undefined);
}
