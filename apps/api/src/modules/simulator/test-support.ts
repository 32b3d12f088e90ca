import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { startLineSimulator, type LineSimulator } from '@linq/line-simulator';
import type { TestApp } from '../../test/harness.ts';
import { lineAccounts } from '../line-accounts/schema.ts';

/**
 * For suites whose app started without a simulator (the isolation matrix): starts one, attaches it
 * to the running app and binds existing channels to it (sealed credentials, no webhook URL), each
 * with one following virtual friend. Returns those friends' user ids by channel id.
 */
export async function simulateChannels(t: TestApp, lineAccountIds: number[]) {
  const sim: LineSimulator = await startLineSimulator();
  t.runtime.ctx.simulator = sim;
  const friendOf = new Map<number, string>();
  for (const id of lineAccountIds) {
    const channelId = String(1_000_000_000 + Math.floor(Math.random() * 8_999_999_999));
    const channelSecret = randomBytes(16).toString('hex');
    const channelAccessToken = randomBytes(32).toString('base64url');
    await t.runtime.ctx.database.db
      .update(lineAccounts)
      .set({
        simulated: true,
        channelId,
        channelSecretSealed: t.runtime.ctx.secrets.seal(channelSecret),
        channelAccessTokenSealed: t.runtime.ctx.secrets.seal(channelAccessToken),
      })
      .where(eq(lineAccounts.id, id));
    const channel = sim.addChannel({ channelId, channelSecret, channelAccessToken, webhookUrl: null });
    friendOf.set(id, channel.createFriend({ following: true }).userId);
  }
  return {
    sim,
    /** The virtual friend of the channel (throws for a channel not simulated here). */
    friendOf(lineAccountId: number): string {
      const userId = friendOf.get(lineAccountId);
      if (!userId) throw new Error(`channel ${lineAccountId} has no virtual friend`);
      return userId;
    },
    async stop() {
      t.runtime.ctx.simulator = null;
      await sim.stop();
    },
  };
}
