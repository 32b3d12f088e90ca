import { ConfigError, loadConfig } from './config.ts';
import type { ProcessRole } from './runtime.ts';
import { installProcessGuard } from './platform/process-guard.ts';
import { startServer } from './server.ts';
import { DEMO_LOGINS, DEMO_PASSWORD } from './seed/demo.ts';

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
  const { ctx, app, port, seeded, simulated, stop } = await startServer(config, role);
  installProcessGuard(ctx.log, { role, pid: process.pid, database: ctx.database.kind });

  const shutdown = async (signal: string) => {
    ctx.log.info({ signal }, 'shutting down');
    await stop();
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
    lines.push(`  White-label demo: http://partner.localhost:${port}/ (partner-admin@demo.example logs in there)`);
  }
  if (simulated && simulated.channels > 0) {
    const seeding = simulated.seedingChannels > 0 ? '; virtual friends are being added in the background' : '';
    lines.push(
      `  LINE simulator: ${simulated.channels} simulated channel(s) bound${seeding}. Act as a friend with the phone panel (service area header).`,
      `  LINE simulator control routes: ${ctx.simulator!.url}/_sim/ (loopback only)`,
    );
  }
  // The server runs in the foreground of the terminal: say how it ends.
  lines.push('  Press Ctrl+C to stop the server.');
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
