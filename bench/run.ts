/**
 * `npm run bench`: every benchmark, each printing its figures. BENCH_SCALE=ci runs
 * the reduced sizes CI can afford; BENCH_ONLY=<name>[,<name>] runs only those of
 * bundle-size, webhook-ingest, multicast and large-channel.
 */
import { bundleSizes } from './bundle-size.ts';
import { largeChannelBench } from './large-channel.ts';
import { multicastBench } from './multicast.ts';
import { postgresReachable } from './support/console.ts';
import { webhookIngestBench } from './webhook-ingest.ts';

function printBundleSizes() {
  const { rows } = bundleSizes();
  console.log('\n# SPA bundle sizes (gzip -9)');
  console.log('chunk'.padEnd(48), 'gzip KiB'.padStart(9), ' file');
  for (const row of rows) console.log(row.chunk.padEnd(48), row.gzipKb.toFixed(1).padStart(9), '', row.file);
  const pages = rows.filter((r) => !r.chunk.startsWith('entry') && !r.chunk.startsWith('shared'));
  const largest = pages.reduce((max, r) => (r.gzipKb > max.gzipKb ? r : max), pages[0] ?? rows[0]!);
  console.log(
    `entry: ${rows[0]!.gzipKb.toFixed(1)} KiB gzip; ${pages.length} page chunks; largest page: ${largest.chunk} ${largest.gzipKb.toFixed(1)} KiB`,
  );
}

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const selected = (name: string) => !only || only.includes(name);
const databaseBenches = (
  [
    ['webhook-ingest', webhookIngestBench],
    ['multicast', multicastBench],
    ['large-channel', largeChannelBench],
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
