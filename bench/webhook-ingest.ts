import { randomBytes } from 'node:crypto';
import { startBareWebhookServer } from './support/bare-webhook-server.ts';
import { ciScale, percentile, startBenchConsole } from './support/console.ts';
import { runLoad, type LoadJob, type LoadResult } from './support/load-generator.ts';

const CONCURRENCY = 16;

interface Scenario {
  eventsPerRequest: number;
  requests: number;
  /** Issue 31's goal for our console in this scenario, and whether a measurement meets it. */
  goal: string;
  met(ours: Figures, bare: Figures): boolean;
}

interface Figures {
  requests: number;
  eventsPerSecond: number;
  p50: number;
  p99: number;
}

const scenarios = (): Scenario[] => {
  const ci = ciScale();
  return [
    {
      eventsPerRequest: 1,
      requests: ci ? 400 : 10_000,
      goal: 'ours/bare ≥ 0.30, p99 ≤ 50 ms',
      met: (ours, bare) => ours.eventsPerSecond >= 0.3 * bare.eventsPerSecond && ours.p99 <= 50,
    },
    {
      eventsPerRequest: 100,
      requests: ci ? 40 : 1000,
      goal: '≥ 50,000 events/s',
      met: (ours) => ours.eventsPerSecond >= 50_000,
    },
  ];
};

/**
 * Webhook ingest on PostgreSQL beside its anchor: signed requests of 1 and of 100 events, sent as
 * LINE would by a load generator in its own process, to our console (events stored before the
 * 200) and to a bare Fastify handler that only checks the signature and parses. Only the ratio of
 * the two, measured in the same run, means something on a small shared machine.
 */
export async function webhookIngestBench() {
  const bench = await startBenchConsole();
  const secret = randomBytes(16).toString('hex');
  const bare = await startBareWebhookServer(secret);
  try {
    if (bare.fastifyVersion !== bench.app.version) {
      throw new Error(`the anchor runs Fastify ${bare.fastifyVersion}, the API ${bench.app.version}`);
    }
    const account = await bench.factory.account();
    const channel = await bench.factory.lineAccount(account.id, {
      channelId: '1234567890',
      channelSecretSealed: bench.runtime.ctx.secrets.seal(secret),
    });
    const warmupMs = ciScale() ? 300 : 2000;
    const oursUrl = `${bench.url}/webhooks/line/${channel.webhookKey}`;
    const job = (url: string, scenario: Scenario): LoadJob => ({
      url,
      secret,
      eventsPerRequest: scenario.eventsPerRequest,
      warmupMs,
      requests: scenario.requests,
      concurrency: CONCURRENCY,
      runId: `bench-${randomBytes(6).toString('hex')}`,
    });
    // Both anchor runs go first: our worker, still processing the events of a measured run,
    // would otherwise take CPU from them.
    const all = scenarios();
    const results = await runLoad([
      ...all.map((scenario) => job(bare.url, scenario)),
      ...all.map((scenario) => job(oursUrl, scenario)),
    ]);
    console.log(
      `\n# Webhook ingest (PostgreSQL, concurrency ${CONCURRENCY}, keep-alive, load generator in its own process,` +
        ` each run measured after ${warmupMs} ms of warm-up)` +
        `\n  anchor "bare": Fastify ${bare.fastifyVersion} checking the signature and parsing, no database`,
    );
    console.log('events/request  server  requests   events/s   p50 ms   p99 ms  ours/bare  goal');
    all.forEach((scenario, index) => {
      const bareFigures = figures(results[index]!, scenario.eventsPerRequest);
      const ours = figures(results[all.length + index]!, scenario.eventsPerRequest);
      console.log(row(scenario, 'bare', bareFigures));
      console.log(
        row(scenario, 'ours', ours),
        (ours.eventsPerSecond / bareFigures.eventsPerSecond).toFixed(2).padStart(10),
        ` ${scenario.goal}: ${scenario.met(ours, bareFigures) ? 'met' : 'not met'}`,
      );
    });
  } finally {
    await bare.stop();
    await bench.stop();
  }
}

function figures({ elapsedMs, latenciesMs }: LoadResult, eventsPerRequest: number): Figures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    eventsPerSecond: (sorted.length * eventsPerRequest) / (elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
  };
}

function row(scenario: Scenario, server: string, { requests, eventsPerSecond, p50, p99 }: Figures) {
  return [
    String(scenario.eventsPerRequest).padStart(14),
    server.padStart(6),
    String(requests).padStart(9),
    eventsPerSecond.toFixed(0).padStart(10),
    p50.toFixed(1).padStart(8),
    p99.toFixed(1).padStart(8),
  ].join(' ');
}
