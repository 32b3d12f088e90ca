import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startRuntime, type ProcessRole } from './runtime.ts';
import { bindSimulatedChannels, type BindResult } from './modules/simulator/bind.ts';
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemoIfEmpty } from './seed/demo.ts';

function parseRole(argv: string[]): ProcessRole {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg?.slice('--role='.length) ?? 'all';
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new ConfigError(`--role must be api, worker or all (got "${role}")`);
  }
  return role;
}

async function main() {
  const config = loadConfig();
  const role = parseRole(process.argv.slice(2));
  if (!config.DATABASE_URL && role !== 'all') {
    throw new ConfigError('The embedded database lives inside one process: --role=api|worker needs DATABASE_URL.');
  }
  const runtime = await startRuntime(config, { role });
  const { ctx } = runtime;
  const seeded = config.seedDemo ? await seedDemoIfEmpty(ctx) : false;

  const app = role === 'worker' ? null : await buildApp(ctx);
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  const address = app?.server.address();
  const port = address && typeof address === 'object' ? address.port : config.PORT;
  // Simulated (demo) channels: into the embedded simulator, webhooks back to this server.
  const simulated: BindResult | null =
    app && ctx.simulator ? await bindSimulatedChannels(ctx, `http://${loopbackHost(config.HOST)}:${port}`) : null;

  const shutdown = async (signal: string) => {
    ctx.log.info({ signal }, 'shutting down');
    simulated?.stop();
    await app?.close();
    await runtime.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  const lines = [
    '',
    `LinQ console (${role}) on ${ctx.database.kind === 'pglite' ? `embedded database in ${config.DATA_DIR}` : 'PostgreSQL'}`,
  ];
  if (app) lines.push(`  Console:  http://localhost:${port}/`, `  API docs: http://localhost:${port}/api/docs`);
  if (config.seedDemo) {
    lines.push(seeded ? '  Demo data seeded.' : '  Demo data present (seeded on first start).');
    lines.push(`  Demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of DEMO_LOGINS) lines.push(`    ${login.area.padEnd(8)} ${login.url.padEnd(16)} ${login.email}`);
    lines.push(`  White-label demo: http://partner.localhost:${port}/`);
  }
  if (simulated && simulated.channels > 0) {
    const seeding = simulated.seedingChannels > 0 ? '; virtual friends are being added in the background' : '';
    lines.push(
      `  LINE simulator: ${simulated.channels} simulated channel(s) bound${seeding}. Act as a friend with the phone panel (service area header).`,
    );
  }
  console.log(lines.join('\n'));
}

/** How the simulator in this process reaches the server: loopback unless it listens on one address only. */
function loopbackHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
