/**
 * `npm run bench`: every benchmark, each printing its figures. BENCH_SCALE=ci runs
 * the reduced sizes CI can afford; BENCH_ONLY=<name>[,<name>] runs only those of
 * bundle-size, webhook-ingest, multicast, large-channel, plan-engine, dashboard, friend-import,
 * console-load and soak.
 * The soak (soak.ts) is the product's promise in one run: a campaign of broadcasts with branches and
 * wall-clock timings to 350,000 friends (about a million sends; 3,500 with BENCH_SCALE=ci, under 3
 * minutes) while the worker process is killed 3 times, LINE fails in bursts and the database
 * connections are cut twice; it fails the run unless, by the simulator's record, nothing was lost,
 * sent twice, sent outside the target or sent more than 60 s after its due time.
 */
import { bundleSizes } from './bundle-size.ts';
import { consoleLoadBench } from './console-load.ts';
import { dashboardBench } from './dashboard.ts';
import { friendImportBench } from './friend-import.ts';
import { largeChannelBench } from './large-channel.ts';
import { multicastBench } from './multicast.ts';
import { planEngineBench } from './plan-engine.ts';
import { soakBench } from './soak.ts';
import { postgresReachable } from './support/console.ts';
import { webhookIngestBench } from './webhook-ingest.ts';

function printBundleSizes() {
  const { rows } = bundleSizes();
  console.log('\n# SPA bundle sizes (raw and gzip -9)');
  console.log('chunk'.padEnd(48), 'raw KiB'.padStart(9), 'gzip KiB'.padStart(9), ' file');
  for (const row of rows) {
    console.log(
      row.chunk.padEnd(48),
      row.rawKb.toFixed(1).padStart(9),
      row.gzipKb.toFixed(1).padStart(9),
      '',
      row.file,
    );
  }
  const [entry] = rows;
  const startUp = rows.find((r) => r.chunk.startsWith('start-up'))!;
  const pages = rows.filter((r) => !/^(entry|start-up|first load|shared)/.test(r.chunk));
  const login = rows.find((r) => r.chunk.startsWith('first load') && r.chunk.endsWith('/login'))!;
  const largest = pages.reduce((max, r) => (r.gzipKb > max.gzipKb ? r : max), pages[0] ?? entry!);
  console.log(
    `entry: ${entry!.rawKb.toFixed(1)} KiB raw, ${entry!.gzipKb.toFixed(1)} KiB gzip; start-up: ${startUp.rawKb.toFixed(1)} KiB raw, ${startUp.gzipKb.toFixed(1)} KiB gzip; a login page's first load: ${login.gzipKb.toFixed(1)} KiB gzip (${login.file}); ${pages.length} page chunks; largest page: ${largest.chunk} ${largest.gzipKb.toFixed(1)} KiB`,
  );
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const selected = (name: string) => !only || only.includes(name);
const databaseBenches = (
  [
    ['webhook-ingest', webhookIngestBench],
    ['multicast', multicastBench],
    ['large-channel', largeChannelBench],
    ['plan-engine', planEngineBench],
    ['dashboard', dashboardBench],
    ['friend-import', friendImportBench],
    ['console-load', consoleLoadBench],
    ['soak', soakBench],
  ] as const
).filter(([name]) => selected(name));

if (selected('bundle-size')) printBundleSizes();
if (databaseBenches.length === 0) {
  // Only the bundle sizes were asked for.
} else if (await postgresReachable()) {
  for (const [, run] of databaseBenches) await run();
} else {
  console.log('\n(PostgreSQL not reachable: set BENCH_DATABASE_URL for the database benchmarks)');
}
