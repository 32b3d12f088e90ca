import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { startLineSimulator } from '@linq/line-simulator';
import { enqueueSend } from '../apps/api/src/modules/delivery/service.ts';
import { lineClient } from '../apps/api/src/platform/line.ts';
import { channelScope } from '../apps/api/src/platform/principal.ts';
import { deliveries } from '../apps/api/src/modules/delivery/schema.ts';
import { friends } from '../apps/api/src/modules/friends/schema.ts';
import { ciScale, startBenchConsole } from './support/console.ts';

/**
 * One message to every friend of a channel (100,000; 10,000 with BENCH_SCALE=ci) through the
 * delivery service and the in-process simulator, on PostgreSQL: time from the call until every
 * recipient is logged as sent, and peak memory.
 */
export async function multicastBench() {
  const count = ciScale() ? 10_000 : 100_000;
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
    const friendIds = (
      await ctx.database.db.select({ id: friends.id }).from(friends).where(eq(friends.lineAccountId, row.id))
    ).map((f) => f.id);
    // The simulator compiles its multicast validator on first use: not part of the figure.
    await lineClient(ctx.lineEndpoints(true), token).multicast(
      userIds.slice(0, 2),
      [{ type: 'text', text: '準備' }],
      randomUUID(),
    );
    const warmUp = channel.sentMessageCount();

    let peakRss = process.memoryUsage.rss();
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 50);
    const started = performance.now();
    const ids = await enqueueSend(ctx, channelScope(row.id), {
      friendIds,
      messages: [{ type: 'text', text: '新商品のお知らせ' }],
      source: 'bench',
    });
    const enqueuedMs = performance.now() - started;
    for (;;) {
      const [pending] = await ctx.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(deliveries)
        .where(sql`${deliveries.lineAccountId} = ${row.id} and ${deliveries.status} <> 'sent'`);
      if (pending!.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const totalMs = performance.now() - started;
    clearInterval(sampler);
    const recorded = channel.sentMessageCount() - warmUp;
    if (recorded !== count) throw new Error(`the simulator recorded ${recorded} messages, expected ${count}`);

    const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);
    console.log(`\n# Multicast of one message to ${count.toLocaleString('en')} friends (PostgreSQL, simulator)`);
    console.log(`deliveries: ${ids.length}; enqueued (rows + jobs) in ${enqueuedMs.toFixed(0)} ms`);
    console.log(
      `all sent in ${(totalMs / 1000).toFixed(2)} s (${((count / totalMs) * 1000).toFixed(0)} recipients/s); ` +
        `peak RSS ${mib(peakRss)} MiB during the run, ${mib(process.resourceUsage().maxRSS * 1024)} MiB for the process`,
    );
  } finally {
    await bench.stop();
    await sim.stop();
  }
}
