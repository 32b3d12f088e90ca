import type { LineSimulator, SimChannel, SimFriend } from '@linq/line-simulator';
import type { AppContext } from '../../platform/context.ts';
import { credentialsFixed } from '../delivery/service.ts';
import { channelScope } from '../../platform/principal.ts';
import { DEMO_BASIC_ID_PREFIX, demoFriendsAdded } from '../../seed/demo.ts';
import { demoFriendCount, demoFriendPlan, type DemoFriend } from './demo-friends.ts';
import * as repo from './repository.ts';

/*
 * Simulated channels live in the database; the simulator keeps its state in memory. On every start
 * each simulated channel is added to the simulator with its (decrypted) credentials and webhook URL,
 * and its known friends are restored from the friends table. The demo channels get their virtual
 * friends on the first start: they really follow and write through signed webhooks, so the console
 * ingests them like LINE's.
 */

interface Binding {
  consoleUrl: string;
  /** Channels (line account ids) whose demo friends are still being created. */
  seeding: Set<number>;
  stopped: boolean;
}

const bindings = new WeakMap<LineSimulator, Binding>();

export interface BindOptions {
  /** Give demo channels without friends their virtual friends (default: when demo data is on). */
  seedDemoFriends?: boolean;
  /** The background seeding stops starting new actions after this long (default 60 s). */
  seedTimeLimitMs?: number;
}

export interface BindResult {
  /** Channels now in the simulator. */
  channels: number;
  restoredFriends: number;
  /** Demo channels getting virtual friends in the background. */
  seedingChannels: number;
  /** Settles when the background seeding is over (never rejects). */
  seeding: Promise<void>;
  /** Stops the background seeding (before the simulator or the server stops). */
  stop(): void;
}

const DEFAULT_SEED_TIME_LIMIT_MS = 60_000;
const SEED_CONCURRENCY = 4;

/** The webhook URL the simulator posts a channel's events to. */
export const webhookUrlOf = (consoleUrl: string, webhookKey: string) => `${consoleUrl}/webhooks/line/${webhookKey}`;

/**
 * Binds every simulated channel of the database to `ctx.simulator` (nothing when there is none),
 * posting webhooks to `consoleUrl` (the console as the simulator reaches it, e.g. http://127.0.0.1:3000).
 */
export async function bindSimulatedChannels(
  ctx: AppContext,
  consoleUrl: string,
  options: BindOptions = {},
): Promise<BindResult> {
  const sim = ctx.simulator;
  const idle: BindResult = {
    channels: 0,
    restoredFriends: 0,
    seedingChannels: 0,
    seeding: Promise.resolve(),
    stop() {},
  };
  if (!sim) return idle;
  const binding: Binding = bindings.get(sim) ?? { consoleUrl, seeding: new Set(), stopped: false };
  binding.consoleUrl = consoleUrl;
  binding.stopped = false;
  bindings.set(sim, binding);

  const seedDemoFriends = options.seedDemoFriends ?? ctx.config.seedDemo;
  const deadline = Date.now() + (options.seedTimeLimitMs ?? DEFAULT_SEED_TIME_LIMIT_MS);
  let channels = 0;
  let restoredFriends = 0;
  let planOffset = 0;
  const seedings: Promise<void>[] = [];
  for (const row of await repo.simulatedChannelsUnscoped(ctx.database.db)) {
    const bound = await bindRow(ctx, sim, binding, row);
    if (!bound) continue;
    channels++;
    restoredFriends += bound.restored;
    const isDemo = row.basicId?.startsWith(DEMO_BASIC_ID_PREFIX) ?? false;
    const hasFriends = bound.known > 0 || bound.channel.friends().length > 0;
    if (seedDemoFriends && isDemo && !hasFriends && !binding.seeding.has(row.id)) {
      const count = demoFriendCount(row.basicId);
      // Each demo channel gets other names.
      const plan = demoFriendPlan(count, planOffset);
      planOffset += count;
      binding.seeding.add(row.id);
      seedings.push(
        seedVirtualFriends(ctx, binding, row.id, bound.channel, plan, deadline).finally(() =>
          binding.seeding.delete(row.id),
        ),
      );
    }
  }
  return {
    channels,
    restoredFriends,
    seedingChannels: seedings.length,
    seeding: Promise.all(seedings).then(() => undefined),
    stop() {
      binding.stopped = true;
    },
  };
}

/**
 * The request's simulated channel in the simulator, added now when it was connected after the start
 * (an administrator created it); undefined when it cannot be bound.
 */
export async function boundChannel(
  ctx: AppContext,
  sim: LineSimulator,
  row: repo.SimulatedChannelRow,
): Promise<SimChannel | undefined> {
  const known = row.channelId ? sim.channel(row.channelId) : undefined;
  if (known) return known;
  const binding = bindings.get(sim);
  if (!binding) return undefined;
  return (await bindRow(ctx, sim, binding, row))?.channel;
}

/** A simulated channel an administrator created or changed after the start, bound now (no-op without a simulator). */
export async function bindChannelById(ctx: AppContext, lineAccountId: number): Promise<void> {
  if (!ctx.simulator) return;
  const row = await repo.simulatedChannelByIdUnscoped(ctx.database.db, lineAccountId);
  if (row) await boundChannel(ctx, ctx.simulator, row);
}

/** Whether the channel's demo friends are still being created. */
export function isSeeding(sim: LineSimulator, lineAccountId: number): boolean {
  return bindings.get(sim)?.seeding.has(lineAccountId) ?? false;
}

async function bindRow(
  ctx: AppContext,
  sim: LineSimulator,
  binding: Binding,
  row: repo.SimulatedChannelRow,
): Promise<{ channel: SimChannel; known: number; restored: number } | undefined> {
  const db = ctx.database.db;
  if (!row.channelId || !row.channelSecretSealed || !row.channelAccessTokenSealed) {
    ctx.log.warn({ lineAccountId: row.id }, 'simulated channel without credentials: not bound to the simulator');
    return undefined;
  }
  let channelSecret: string;
  let channelAccessToken: string;
  try {
    channelSecret = ctx.secrets.open(row.channelSecretSealed);
    channelAccessToken = ctx.secrets.open(row.channelAccessTokenSealed);
  } catch (error) {
    ctx.log.warn({ err: error, lineAccountId: row.id }, 'cannot open the channel’s credentials (another SECRETS_KEY?)');
    return undefined;
  }
  const webhookUrl = webhookUrlOf(binding.consoleUrl, row.webhookKey);
  let channel = sim.channel(row.channelId);
  if (channel) {
    channel.setWebhookUrl(webhookUrl);
  } else {
    try {
      channel = sim.addChannel({
        channelId: row.channelId,
        channelSecret,
        channelAccessToken,
        webhookUrl,
        botName: row.name,
        ...(row.basicId ? { basicId: row.basicId } : {}),
      });
    } catch (error) {
      ctx.log.warn({ err: error, lineAccountId: row.id }, 'could not add the channel to the simulator');
      return undefined;
    }
    // The simulator now accepts the stored token: a 401 recorded before (a previous simulator, or
    // one not yet bound) no longer holds, and what waited for it goes out.
    await credentialsFixed(ctx, channelScope(row.id));
  }
  if (row.botUserId !== channel.botUserId || !row.basicId) {
    await repo.recordBotUnscoped(db, row.id, { botUserId: channel.botUserId, basicId: channel.basicId });
  }

  let restored = 0;
  const knownFriends = await repo.knownFriendsUnscoped(db, row.id);
  for (const known of knownFriends) {
    if (channel.friend(known.lineUserId)) continue;
    try {
      channel.createFriend({
        userId: known.lineUserId,
        displayName: known.displayName,
        ...(known.pictureUrl && !repo.isSimulatorAvatar(known.pictureUrl) ? { pictureUrl: known.pictureUrl } : {}),
        statusMessage: known.statusMessage ?? '',
        language: known.language ?? 'ja',
        following: known.status === 'following',
      });
      restored++;
    } catch (error) {
      // Not a LINE user id (rows written by hand) or already another channel's friend.
      ctx.log.debug({ err: error, lineUserId: known.lineUserId }, 'friend not restored in the simulator');
    }
  }
  if (restored > 0) await repo.repointSimulatorAvatarsUnscoped(db, row.id, sim.url);
  return { channel, known: knownFriends.length, restored };
}

/**
 * Creates the planned virtual friends: each follows (a signed follow webhook) and writes as planned,
 * a few at a time; once the console has processed that, the planned ones block the channel (so
 * their profile was fetched while they still followed). Nothing new starts after `deadline` or
 * once stopped.
 */
async function seedVirtualFriends(
  ctx: AppContext,
  binding: Binding,
  lineAccountId: number,
  channel: SimChannel,
  plan: DemoFriend[],
  deadline: number,
): Promise<void> {
  const over = () => binding.stopped || Date.now() > deadline;
  const inTurns = async <T>(items: T[], run: (item: T) => Promise<void>) => {
    const queue = [...items];
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined && !over(); next = queue.shift()) await run(next);
    };
    await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
  };
  const processed = async () => {
    while (!over() && (await repo.pendingEventCountUnscoped(ctx.database.db, lineAccountId)) > 0) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const blockers: SimFriend[] = [];
  try {
    await inTurns(plan, async (planned) => {
      const friend = channel.createFriend({ displayName: planned.displayName });
      await friend.follow();
      for (const action of planned.actions) {
        if (action.kind === 'text') await friend.sendText(action.text);
        else if (action.kind === 'sticker') await friend.sendSticker(action.packageId, action.stickerId);
        else if (action.kind === 'image') await friend.sendImage();
        else blockers.push(friend);
      }
    });
    await processed();
    await inTurns(blockers, async (friend) => {
      await friend.unfollow();
    });
    await processed();
    // The demo labels, info values and scores go on the friends once they exist.
    if (!binding.stopped) await demoFriendsAdded(ctx, lineAccountId);
    ctx.log.info({ lineAccountId, friends: channel.friends().length }, 'demo channel: virtual friends added');
  } catch (error) {
    if (!binding.stopped) ctx.log.warn({ err: error, lineAccountId }, 'demo channel: adding virtual friends stopped');
  }
}
