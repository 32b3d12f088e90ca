import type { AppContext } from '../../platform/context.ts';
import { findChannelByWebhookKeyUnscoped } from '../line-accounts/repository.ts';

/** What a webhook request needs of the channel its key names. */
export interface WebhookChannel {
  id: number;
  /** The channel secret, unsealed; null when the channel has none (every signature fails). */
  secret: string | null;
}

/** Where the database announces a channel whose webhook key or secret changed, or that was deleted (migration 0046). */
const CHANGED_CHANNEL = 'line_account_changed';

export interface ChannelCache {
  /**
   * The channel of `webhookKey`, from what this process keeps when it may, else read (and unsealed)
   * from the database; `fresh` reads it in any case (a signature failed on what was kept).
   */
  find(webhookKey: string, options?: { fresh?: boolean }): Promise<WebhookChannel | undefined>;
  stop(): Promise<void>;
}

/**
 * The channels named by webhook requests, kept by this process so that a request costs neither a
 * read nor an unseal. Whatever writes a channel's key or secret, or deletes it, the database
 * announces it at commit (a trigger) and the entry goes at once. Nothing is kept while that could be
 * missed: before listening, and from a lost listening connection until its replacement listens.
 * A read that ran while an announcement came is not kept (it may hold what was just replaced).
 */
export async function startChannelCache(ctx: AppContext): Promise<ChannelCache> {
  const kept = new Map<string, WebhookChannel>();
  /** Moves with every announcement and loss: a read started before it is not kept. */
  let generation = 0;
  let listening = false;
  const forgetAll = () => {
    generation++;
    kept.clear();
  };
  const forget = (payload: string) => {
    generation++;
    const id = Number(payload);
    for (const [webhookKey, channel] of kept) if (channel.id === id) kept.delete(webhookKey);
  };
  let lostWhileStarting = false;
  const unlisten = await ctx.database.listen(
    CHANGED_CHANNEL,
    forget,
    () => {
      forgetAll();
      listening = true;
    },
    () => {
      forgetAll();
      listening = false;
      lostWhileStarting = true;
    },
  );
  // Listening unless the first attempt failed (then the reconnection turns it on).
  if (!lostWhileStarting) listening = true;

  return {
    async find(webhookKey, options) {
      const cached = options?.fresh ? undefined : kept.get(webhookKey);
      if (cached && listening) return cached;
      const readAt = generation;
      const row = await findChannelByWebhookKeyUnscoped(ctx.database.db, webhookKey);
      if (!row) return undefined;
      const channel = {
        id: row.id,
        secret: row.channelSecretSealed ? ctx.secrets.open(row.channelSecretSealed) : null,
      };
      if (listening && readAt === generation) kept.set(webhookKey, channel);
      return channel;
    },
    async stop() {
      listening = false;
      kept.clear();
      await unlisten();
    },
  };
}
