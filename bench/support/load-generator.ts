/**
 * The webhook load generator, run as a child process of the benchmark (`startLoad` forks it)
 * so that building, signing and sending requests does not take CPU from the server it measures.
 * It receives its `LoadJob`s over IPC and runs them one after the other (one process for all, so
 * the client itself is warm): for each it signs its own bodies as LINE would, sends the warm-up
 * and then the measured requests (signed beforehand) with keep-alive at the given concurrency.
 * It reports the latencies of every job and exits by itself. Any answer other than 200 fails the run.
 */
import { fork } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

export interface LoadJob {
  /** The webhook endpoint, http on loopback. */
  url: string;
  /** The channel secret the bodies are signed with. */
  secret: string;
  eventsPerRequest: number;
  /** For this long the same load is sent first and not measured, so that both servers are timed warm (JIT, connections). */
  warmupMs: number;
  requests: number;
  concurrency: number;
  /** Prefix of every webhookEventId: the console dedupes by it, so each run needs its own. */
  runId: string;
}

export interface LoadResult {
  /** Wall time of the measured requests, from the first sent to the last answered. */
  elapsedMs: number;
  /** Time of each measured request until its whole answer was read, in the order they finished. */
  latenciesMs: number[];
}

type ChildMessage =
  | { kind: 'measuring' | 'measured'; job: number }
  | { kind: 'done'; results: LoadResult[] }
  | { kind: 'failed'; message: string };

/**
 * Runs `jobs` in order in a new child process and resolves with their figures; the child is killed
 * if this process ends first. `onMeasured` is told as each job's measured requests start and end
 * (after its warm-up), so that the caller can sample what the servers used meanwhile.
 */
export function runLoad(
  jobs: LoadJob[],
  onMeasured?: (job: number, phase: 'start' | 'end') => void,
): Promise<LoadResult[]> {
  const child = fork(fileURLToPath(import.meta.url), [], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const killChild = () => child.kill();
  process.once('exit', killChild);
  return new Promise<LoadResult[]>((resolve, reject) => {
    let answer: ChildMessage | undefined;
    child.on('message', (message: ChildMessage) => {
      if (message.kind === 'measuring' || message.kind === 'measured') {
        onMeasured?.(message.job, message.kind === 'measuring' ? 'start' : 'end');
      } else answer = message;
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      process.off('exit', killChild);
      if (answer?.kind === 'done') resolve(answer.results);
      else if (answer?.kind === 'failed') reject(new Error(`load generator: ${answer.message}`));
      else reject(new Error(`load generator exited (${signal ?? code}) without a result`));
    });
    child.send(jobs);
  });
}

function signedBody(job: LoadJob, request: number) {
  const now = Date.now();
  const body = Buffer.from(
    JSON.stringify({
      destination: `U${'0'.repeat(32)}`,
      events: Array.from({ length: job.eventsPerRequest }, (_, i) => ({
        type: 'message',
        mode: 'active',
        timestamp: now + i,
        webhookEventId: `${job.runId}-${request}-${i}`,
        deliveryContext: { isRedelivery: false },
        source: { type: 'user', userId: `U${randomBytes(16).toString('hex')}` },
        replyToken: randomBytes(16).toString('hex'),
        message: { id: String(now + request * 1000 + i), type: 'text', text: 'ベンチマーク🍣', quoteToken: 'q' },
      })),
    }),
  );
  return { body, signature: createHmac('sha256', job.secret).update(body).digest('base64') };
}

function post(agent: http.Agent, url: URL, body: Buffer, signature: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': body.length,
          'x-line-signature': signature,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.once('error', reject);
        response.once('end', () => {
          if (response.statusCode === 200) resolve();
          else
            reject(
              new Error(`webhook answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 200)}`),
            );
        });
      },
    );
    request.once('error', reject);
    request.end(body);
  });
}

async function run(job: LoadJob, index: number): Promise<LoadResult> {
  const url = new URL(job.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.concurrency });
  const senders = (send: () => Promise<void>) => Promise.all(Array.from({ length: job.concurrency }, send));
  // Warm-up bodies are signed as they go (their cost is not measured); numbered after the measured ones.
  const bodies = Array.from({ length: job.requests }, (_, request) => signedBody(job, request));
  let warmup = job.requests;
  const warmupEnd = performance.now() + job.warmupMs;
  const latenciesMs: number[] = [];
  let next = 0;
  try {
    await senders(async () => {
      while (performance.now() < warmupEnd) {
        const { body, signature } = signedBody(job, warmup++);
        await post(agent, url, body, signature);
      }
    });
    process.send!({ kind: 'measuring', job: index } satisfies ChildMessage);
    const started = performance.now();
    await senders(async () => {
      while (next < job.requests) {
        const { body, signature } = bodies[next++]!;
        const sent = performance.now();
        await post(agent, url, body, signature);
        latenciesMs.push(performance.now() - sent);
      }
    });
    const elapsedMs = performance.now() - started;
    process.send!({ kind: 'measured', job: index } satisfies ChildMessage);
    return { elapsedMs, latenciesMs };
  } finally {
    agent.destroy();
  }
}

async function runAll(jobs: LoadJob[]) {
  const results: LoadResult[] = [];
  try {
    for (const [index, job] of jobs.entries()) results.push(await run(job, index));
    reply({ kind: 'done', results });
  } catch (error) {
    reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

function reply(message: Extract<ChildMessage, { kind: 'done' | 'failed' }>) {
  // Disconnecting once the message is out lets the process end by itself.
  process.send!(message, () => process.disconnect());
}

if (process.send && process.argv[1] === fileURLToPath(import.meta.url)) {
  // The parent going away (crash or kill) ends the load at once.
  process.once('disconnect', () => process.exit());
  process.once('message', (jobs: LoadJob[]) => void runAll(jobs));
}
