import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { startServerProcess } from '../apps/api/src/test/server-process.ts';
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
  /** CPU the server's process used during the measured requests, in % of one core. */
  cpuPercent: number;
  /** The same per request (ms): the server's cost, less skewed than its rates by other work on the machine. */
  cpuMsPerRequest: number;
}

/** CPU time used so far (ms): this process's, and another's (the worker's) from /proc when it can be read. */
interface CpuSample {
  at: number;
  ownMs: number;
  workerMs: number | undefined;
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
 * the two, measured in the same run, means something on a small shared machine. Our API runs in this
 * process (as the bare server does) and the worker, which processes the stored events meanwhile, in
 * its own (main.ts --role=worker), as in production; each server's CPU use during its measured
 * requests is printed beside its figures, and the worker's.
 */
export async function webhookIngestBench() {
  const bench = await startBenchConsole({ role: 'api' });
  const worker = await startServerProcess(bench.serverEnv(), { role: 'worker' });
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
    const sample = (): CpuSample => {
      const { user, system } = process.cpuUsage();
      return { at: performance.now(), ownMs: (user + system) / 1000, workerMs: processCpuMs(worker.pid) };
    };
    const samples = new Map<number, { start: CpuSample; end?: CpuSample }>();
    const results = await runLoad(
      [...all.map((scenario) => job(bare.url, scenario)), ...all.map((scenario) => job(oursUrl, scenario))],
      (index, phase) => {
        if (phase === 'start') samples.set(index, { start: sample() });
        else samples.get(index)!.end = sample();
      },
    );
    if (!worker.alive()) throw new Error(`the worker process exited:\n${worker.output()}`);
    console.log(
      `\n# Webhook ingest (PostgreSQL, concurrency ${CONCURRENCY}, keep-alive, load generator in its own process,` +
        ` each run measured after ${warmupMs} ms of warm-up)` +
        `\n  anchor "bare": Fastify ${bare.fastifyVersion} checking the signature and parsing, no database` +
        `\n  ours: the API (role api) in the benchmark's process, as the bare server; the worker in its own process` +
        ` (main.ts --role=worker) on the same database; cpu % = of one core, during the measured requests`,
    );
    console.log(
      'events/request  server  requests   events/s   p50 ms   p99 ms   cpu %  cpu ms/req  worker cpu %  ours/bare  goal',
    );
    all.forEach((scenario, index) => {
      const bareIndex = index;
      const oursIndex = all.length + index;
      const bareFigures = figures(results[bareIndex]!, scenario.eventsPerRequest, samples.get(bareIndex)!);
      const ours = figures(results[oursIndex]!, scenario.eventsPerRequest, samples.get(oursIndex)!);
      console.log(row(scenario, 'bare', bareFigures), ''.padStart(13));
      console.log(
        row(scenario, 'ours', ours),
        workerCpuPercent(samples.get(oursIndex)!).padStart(13),
        (ours.eventsPerSecond / bareFigures.eventsPerSecond).toFixed(2).padStart(10),
        ` ${scenario.goal}: ${scenario.met(ours, bareFigures) ? 'met' : 'not met'}`,
      );
    });
  } finally {
    await bare.stop();
    await worker.kill('SIGTERM');
    await bench.stop();
  }
}

/** User + system CPU time of a process (ms), from /proc (Linux); undefined elsewhere. */
function processCpuMs(pid: number): number | undefined {
  try {
    // The fields after the command's name (which may hold spaces) start at the process state: utime and stime are the 12th and 13th of them.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticksPerSecond = 100;
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

function workerCpuPercent({ start, end }: { start: CpuSample; end?: CpuSample }): string {
  if (!end || start.workerMs === undefined || end.workerMs === undefined) return '-';
  return ((100 * (end.workerMs - start.workerMs)) / (end.at - start.at)).toFixed(0);
}

function figures(
  { elapsedMs, latenciesMs }: LoadResult,
  eventsPerRequest: number,
  { start, end }: { start: CpuSample; end?: CpuSample },
): Figures {
  const sorted = [...latenciesMs].sort((a, b) => a - b);
  return {
    requests: sorted.length,
    eventsPerSecond: (sorted.length * eventsPerRequest) / (elapsedMs / 1000),
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    cpuPercent: end ? (100 * (end.ownMs - start.ownMs)) / (end.at - start.at) : NaN,
    cpuMsPerRequest: end ? (end.ownMs - start.ownMs) / sorted.length : NaN,
  };
}

function row(
  scenario: Scenario,
  server: string,
  { requests, eventsPerSecond, p50, p99, cpuPercent, cpuMsPerRequest }: Figures,
) {
  return [
    String(scenario.eventsPerRequest).padStart(14),
    server.padStart(6),
    String(requests).padStart(9),
    eventsPerSecond.toFixed(0).padStart(10),
    p50.toFixed(1).padStart(8),
    p99.toFixed(1).padStart(8),
    cpuPercent.toFixed(0).padStart(7),
    cpuMsPerRequest.toFixed(2).padStart(10),
  ].join(' ');
}
