import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './platform/context.ts';
import { startRuntime, type ProcessRole } from './runtime.ts';
import { bindSimulatedChannels, type BindResult } from './modules/simulator/bind.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

export interface Server {
  ctx: AppContext;
  /** The HTTP server (null for the worker role). */
  app: FastifyInstance | null;
  /** The port it listens on. */
  port: number;
  /** Demo data was seeded by this start. */
  seeded: boolean;
  /** Simulated channels bound to the embedded simulator (null without HTTP or simulator). */
  simulated: BindResult | null;
  stop(): Promise<void>;
}

/**
 * Starts one process of the console: database and job queue, the demo seed, the HTTP server, the
 * simulated channels bound to the embedded simulator and, last, the job handlers. The order matters:
 * after a restart the embedded simulator is new and empty, and a job calling it for a channel not yet
 * bound would get LINE's 401 for an unknown token. main.ts runs it; tests start it in-process.
 */
export async function startServer(config: Config, role: ProcessRole): Promise<Server> {
  const runtime = await startRuntime(config, { role, deferJobs: true });
  const { ctx } = runtime;
  const seeded = config.seedDemo ? await seedDemoIfEmpty(ctx) : false;

  const app = role === 'worker' ? null : await buildApp(ctx, runtime.modules);
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  const address = app?.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  // Simulated (demo) channels: into the embedded simulator, webhooks back to this server.
  const simulated: BindResult | null =
    app && ctx.simulator ? await bindSimulatedChannels(ctx, `http://${loopbackHost(config.HOST)}:${port}`) : null;
  await runtime.startJobs();

  return {
    ctx,
    app,
    port,
    seeded,
    simulated,
    async stop() {
      simulated?.stop();
      await app?.close();
      await runtime.stop();
    },
  };
}

/** How the simulator in this process reaches the server: loopback unless it listens on one address only. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}
