import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startLineSimulator } from '@linq/line-simulator';
import {
  enqueueAudienceSend,
  MULTICAST_REQUESTS_PER_SECOND,
  RECIPIENTS_PER_MULTICAST,
} from '../apps/api/src/modules/delivery/service.ts';
import { lineClient } from '../apps/api/src/platform/line.ts';
import { channelScope } from '../apps/api/src/platform/principal.ts';
import { deliveries } from '../apps/api/src/modules/delivery/schema.ts';
import { friends } from '../apps/api/src/modules/friends/schema.ts';
import { ciScale, startBenchConsole } from './support/console.ts';

/** LINE's ceiling for one channel: 200 multicast requests a second of 500 recipients each. */
const LINE_CEILING_PER_S = MULTICAST_REQUESTS_PER_SECOND * RECIPIENTS_PER_MULTICAST;
const RSS_GOAL_MIB = 300;

/**
 * One message to every friend of a channel (100,000; 10,000 with BENCH_SCALE=ci) through the
 * delivery service's audience send and the in-process simulator, on PostgreSQL: the time to
 * enqueue (friends read in batches, deliveries and jobs written), to send (until LINE took every
 * request) and to settle (every delivery row marked sent), recipients per second against LINE's
 * ceiling, and peak memory.
 */
export async function multicastBench() {
  const count = ciScale() ? 10_000 : 100_000;
  const rssAtStart = process.memoryUsage.rss();
  const sim = await startLineSimulator();
  const bench = await startBenchConsole({ simulator: sim });
  const { ctx } = bench.runtime;
  try {
    const account = await bench.factory.account();
    const { row, channel, token } = await bench.factory.simulatedChannel(account.id, sim);
    const userIds = channel.createFriends(count).map((f) => f.userId);
    await ctx.database.db.execute(sql`
      insert into ${friends} (line_account_id, line_user_id)
      select ${row.id}, u from unnest(${sql.param(userIds)}::text[]) as u`);
    // The simulator compiles its multicast validator on first use: not part of the figure.
    await lineClient(ctx.lineEndpoints(true), token).multicast(
      userIds.slice(0, 2),
      [{ type: 'text', text: '準備' }],
      randomUUID(),
    );
    const warmUp = channel.sentMessageCount();

    const rssBefore = process.memoryUsage.rss();
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const started = performance.now();
    // The path of a send to an audience: the channel's friends read in batches, never all at once.
    const { ids, recipients } = await enqueueAudienceSend(ctx, channelScope(row.id), {
      audience: { kind: 'everyone' },
      messages: [{ type: 'text', text: '新商品のお知らせ' }],
      source: 'bench',
    });
    const enqueuedAt = performance.now();
    if (recipients !== count) throw new Error(`the send reached ${recipients} friends, expected ${count}`);
    // Sent: LINE (the simulator) took every request; settled: every delivery row is marked sent.
    while (channel.sentMessageCount() - warmUp < count) await new Promise((resolve) => setTimeout(resolve, 5));
    const sentAt = performance.now();
    for (;;) {
      const [pending] = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deliveries)
        .where(sql`${deliveries.lineAccountId} = ${row.id} and ${deliveries.status} <> 'sent'`);
      if (pending!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const settledAt = performance.now();
    clearInterval(sampler);
    const recorded = channel.sentMessageCount() - warmUp;
    if (recorded !== count) throw new Error(`the simulator recorded ${recorded} messages, expected ${count}`);

    const totalMs = settledAt - started;
    const perSecond = (count / totalMs) * 1000;
    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    const ms = (from: number, to: number) => `${(to - from).toFixed(0)} ms`;
    console.log(`\n# Multicast of one message to ${count.toLocaleString('en')} friends (PostgreSQL, simulator)`);
    console.log(
      `deliveries: ${ids.length}; enqueue (friends read, rows + jobs written) ${ms(started, enqueuedAt)}, ` +
        `send (until LINE took every request) ${ms(enqueuedAt, sentAt)}, settle (every row sent) ${ms(sentAt, settledAt)}`,
    );
    console.log(
      `all sent in ${(totalMs / 1000).toFixed(2)} s (goal ${((2 * count) / LINE_CEILING_PER_S).toFixed(2)} s; ` +
        `${(count / LINE_CEILING_PER_S).toFixed(2)} s at LINE's ceiling): ` +
        `${perSecond.toFixed(0)} recipients/s = ${((perSecond / LINE_CEILING_PER_S) * 100).toFixed(0)}% of LINE's ` +
        `${LINE_CEILING_PER_S.toLocaleString('en')}/s (concurrency ${ctx.config.DELIVERY_MULTICAST_CONCURRENCY} per channel)`,
    );
    console.log(
      `peak RSS ${mib(peakRss)} MiB during the run (goal ${RSS_GOAL_MIB} MiB; ${mib(rssAtStart)} MiB ` +
        `before the console and simulator started, ${mib(rssBefore)} MiB once they and the friends were seeded), ${mib(process.resourceUsage().maxRSS * 1024)} MiB for the process`,
    );
  } finally {
    await bench.stop();
    await sim.stop();
  }
}
