import { randomUUID } from 'node:crypto';
import { lineClient, type LineMessage } from '../../platform/line.ts';
import type { TestAppHandle } from '../../test/kit.ts';

/**
 * Sends once through each simulator operation the delivery tests use. The simulator compiles an
 * operation's validator on its first request (up to ~1 s): not a time-out any test should see.
 */
export async function warmSimulator(t: TestAppHandle, accountId: number, messages: LineMessage[]): Promise<void> {
  const { channel, token } = await t.factory.simulatedChannel(accountId, t.sim);
  const to = channel.createFriends(2).map((f) => f.userId);
  const warm = lineClient({ ...t.ctx.lineEndpoints(true), timeoutMs: 10_000 }, token);
  await Promise.all([
    warm.push(to[0]!, messages, randomUUID()),
    warm.multicast(to, messages, randomUUID()),
    warm.remainingQuota(),
  ]);
}
