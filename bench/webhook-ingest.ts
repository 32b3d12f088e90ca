import { createHmac, randomBytes } from 'node:crypto';
import { ciScale, percentile, pool, startBenchConsole } from './support/console.ts';

const CONCURRENCY = 16;

/**
 * Webhook ingest on PostgreSQL: signed requests of 1 and of 100 events sent to the
 * console as LINE would, timing each request until its 200 (events are stored before it).
 */
export async function webhookIngestBench() {
  const bench = await startBenchConsole();
  try {
    const account = await bench.factory.account();
    const secret = randomBytes(16).toString('hex');
    const channel = await bench.factory.lineAccount(account.id, {
      channelId: '1234567890',
      channelSecretSealed: bench.runtime.ctx.secrets.seal(secret),
    });
    const endpoint = `${bench.url}/webhooks/line/${channel.webhookKey}`;
    console.log('\n# Webhook ingest (PostgreSQL, concurrency 16)');
    console.log('events/request  requests  events/s   p50 ms   p99 ms');
    const scenarios: [eventsPerRequest: number, requests: number][] = ciScale()
      ? [
          [1, 400],
          [100, 40],
        ]
      : [
          [1, 4000],
          [100, 400],
        ];
    for (const [eventsPerRequest, requests] of scenarios) {
      const bodies = Array.from({ length: requests }, (_, r) => signedBody(secret, r, eventsPerRequest));
      const latencies: number[] = [];
      const started = performance.now();
      await pool(requests, CONCURRENCY, async (index) => {
        const { body, signature } = bodies[index]!;
        const sent = performance.now();
        const response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-line-signature': signature },
          body,
        });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`webhook answered ${response.status}`);
        latencies.push(performance.now() - sent);
      });
      const seconds = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      console.log(
        String(eventsPerRequest).padStart(14),
        String(requests).padStart(9),
        ((requests * eventsPerRequest) / seconds).toFixed(0).padStart(9),
        percentile(latencies, 50).toFixed(1).padStart(8),
        percentile(latencies, 99).toFixed(1).padStart(8),
      );
    }
  } finally {
    await bench.stop();
  }
}

function signedBody(secret: string, request: number, events: number) {
  const now = Date.now();
  const body = JSON.stringify({
    destination: `U${'0'.repeat(32)}`,
    events: Array.from({ length: events }, (_, i) => ({
      type: 'message',
      mode: 'active',
      timestamp: now + i,
      webhookEventId: `bench-${request}-${i}-${randomBytes(4).toString('hex')}`,
      deliveryContext: { isRedelivery: false },
      source: { type: 'user', userId: `U${randomBytes(16).toString('hex')}` },
      replyToken: randomBytes(16).toString('hex'),
      message: { id: String(now + request * 1000 + i), type: 'text', text: 'ベンチマーク🍣', quoteToken: 'q' },
    })),
  });
  return { body, signature: createHmac('sha256', secret).update(body).digest('base64') };
}
