import {
  RICH_MENU_NOT_SHOWN,
  SIMULATOR_NOT_CONNECTED,
  VIRTUAL_FRIEND_NOT_FOUND,
  type ConversationEntry,
  type SimulatorStatus,
  type VirtualFriend,
  type VirtualRichMenu,
  type WebhookOutcome,
} from '@linq/contract';
import type { LineSimulator, SimChannel, SimFriend, WebhookDelivery } from '@linq/line-simulator';
import type { AppContext } from '../../platform/context.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import type { ChannelRequest, ChannelScope } from '../../platform/principal.ts';
import { boundChannel, isSeeding } from './bind.ts';
import * as repo from './repository.ts';
import { demoTimeOf } from './time-warp.ts';

/*
 * The phone panel: a person acts as a virtual friend of the selected channel. Friends are looked
 * up in the channel's own simulator channel, so another channel's user id is simply not found.
 */

const notConnected = () => new AppError('not_found', SIMULATOR_NOT_CONNECTED);
const friendNotFound = () => new AppError('not_found', VIRTUAL_FRIEND_NOT_FOUND);
export const NOT_FOLLOWING = 'この友だちはチャネルを友だち追加していません。先に友だち追加してください。';
const ALREADY_FOLLOWING = 'この友だちはすでに友だち追加しています。';

/** The panel's friend list shows the newest virtual friends first, at most this many. */
const FRIEND_LIST_LIMIT = 500;
/** An action answers once the console has processed its webhook, or after this long. */
const PROCESSED_WAIT_MS = 3_000;
/** Images a friend sent are shown inline up to this size. */
const INLINE_IMAGE_MAX_BYTES = 256 * 1024;

interface Bound {
  sim: LineSimulator;
  row: repo.SimulatedChannelRow;
  channel: SimChannel;
}

/** The selected channel in the simulator of this process; `refusal` (404 by default) when it is not there. */
export async function bound(ctx: AppContext, scope: ChannelRequest, refusal = notConnected): Promise<Bound> {
  const sim = ctx.simulator;
  if (!sim) throw refusal();
  const row = await repo.simulatedChannel(ctx.database.db, scope);
  if (!row) throw refusal();
  const channel = await boundChannel(ctx, sim, row);
  if (!channel) throw refusal();
  return { sim, row, channel };
}

export function friendOf(channel: SimChannel, userId: string): SimFriend {
  const friend = channel.friend(userId);
  if (!friend) throw friendNotFound();
  return friend;
}

const toVirtualFriend = (friend: SimFriend): VirtualFriend => ({
  user_id: friend.userId,
  display_name: friend.profile.displayName,
  picture_url: friend.profile.pictureUrl ?? null,
  status_message: friend.profile.statusMessage || null,
  following: friend.following,
});

export async function status(ctx: AppContext, scope: ChannelRequest): Promise<SimulatorStatus> {
  const { sim, channel } = await bound(ctx, scope);
  return {
    simulated: true,
    bot_name: channel.botName,
    basic_id: channel.basicId,
    seeding: isSeeding(sim, scope.lineAccountId),
  };
}

export async function listFriends(ctx: AppContext, scope: ChannelRequest): Promise<VirtualFriend[]> {
  const { channel } = await bound(ctx, scope);
  return channel.friends().slice(-FRIEND_LIST_LIMIT).reverse().map(toVirtualFriend);
}

export async function createFriend(
  ctx: AppContext,
  scope: ChannelRequest,
  displayName: string | undefined,
): Promise<VirtualFriend> {
  const { channel } = await bound(ctx, scope);
  return toVirtualFriend(channel.createFriend(displayName ? { displayName } : {}));
}

export type FriendAction =
  | { kind: 'follow' }
  | { kind: 'unfollow' }
  | { kind: 'text'; text: string }
  | { kind: 'image' }
  | { kind: 'sticker'; packageId: string; stickerId: string }
  | { kind: 'postback'; data: string; params?: Record<string, string> };

/** The friend acts; the answer is the webhook's first delivery, once the console has processed it. */
export async function act(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
  action: FriendAction,
): Promise<WebhookOutcome> {
  const { channel } = await bound(ctx, scope);
  const friend = friendOf(channel, userId);
  if (action.kind === 'follow' && friend.following) throw conflict(ALREADY_FOLLOWING);
  if (action.kind !== 'follow' && !friend.following) throw conflict(NOT_FOLLOWING);
  let delivery: WebhookDelivery;
  try {
    delivery = await perform(friend, action);
  } catch (error) {
    // The simulator refuses what the friend's state does not allow (e.g. two follows at once).
    if ((error as { status?: unknown }).status === 409)
      throw conflict(friend.following ? ALREADY_FOLLOWING : NOT_FOLLOWING);
    throw error;
  }
  return outcome(ctx, scope, delivery);
}

function perform(friend: SimFriend, action: FriendAction): Promise<WebhookDelivery> {
  switch (action.kind) {
    case 'follow':
      return friend.follow();
    case 'unfollow':
      return friend.unfollow();
    case 'text':
      return friend.sendText(action.text);
    case 'image':
      return friend.sendImage();
    case 'sticker':
      return friend.sendSticker(action.packageId, action.stickerId);
    case 'postback':
      return friend.postback(action.data, action.params);
  }
}

async function outcome(ctx: AppContext, scope: ChannelScope, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const ids = delivery.webhookEventIds;
  let processed = false;
  if (delivery.ok && ids.length > 0) {
    const deadline = Date.now() + PROCESSED_WAIT_MS;
    for (;;) {
      processed = (await repo.processedEventCount(ctx.database.db, scope, ids)) === ids.length;
      if (processed || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    ok: delivery.ok,
    status_code: delivery.statusCode,
    error: delivery.error,
    webhook_event_ids: ids,
    processed,
  };
}

export async function conversation(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
): Promise<ConversationEntry[]> {
  const { sim, channel } = await bound(ctx, scope);
  const friend = friendOf(channel, userId);
  const demoTime = await demoTimeOf(ctx, scope, userId);
  const entries: ConversationEntry[] = [];
  for (const entry of friend.conversation()) {
    const at = new Date(entry.at).toISOString();
    const demo_at = demoTime(new Date(entry.at))?.toISOString() ?? null;
    if (entry.direction === 'toFriend') {
      entries.push({
        direction: 'to_friend',
        at,
        demo_at,
        message_id: entry.messageId,
        endpoint: entry.endpoint,
        message: entry.message,
      });
      continue;
    }
    const m = entry.message;
    entries.push({
      direction: 'from_friend',
      at,
      demo_at,
      message_id: m.messageId || null,
      type: m.type,
      text: m.text ?? null,
      package_id: m.packageId ?? null,
      sticker_id: m.stickerId ?? null,
      data: m.data ?? null,
      image_url: m.type === 'image' ? await imageDataUrl(sim, channel.channelId, m.messageId) : null,
    });
  }
  return entries;
}

/** LINE's area as the simulator keeps it (validated against LINE's schema when created). */
interface LineArea {
  bounds: { x: number; y: number; width: number; height: number };
  action: { type: string; uri?: string };
}
interface ShownMenu {
  richMenuId: string;
  chatBarText: string;
  selected: boolean;
  size: { width: number; height: number };
  areas: LineArea[];
  imageUrl: string | null;
}

/** Menu images by LINE's menu id: a menu on LINE never changes, so neither does its image. */
const menuImageCache = new Map<string, string | null>();
const MENU_IMAGE_CACHE_SIZE = 50;

/** The menu the friend sees, read from the simulator as LINE's app would show it; null when none. */
export async function richMenu(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
): Promise<VirtualRichMenu | null> {
  const { sim, channel } = await bound(ctx, scope);
  friendOf(channel, userId);
  const response = await fetch(`${sim.url}/_sim/friends/${encodeURIComponent(userId)}/richmenu`, {
    signal: AbortSignal.timeout(2_000),
  });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`simulator answered ${response.status} for the friend's rich menu`);
  const menu = (await response.json()) as ShownMenu;
  return {
    chat_bar_text: menu.chatBarText,
    selected: menu.selected,
    width: menu.size.width,
    height: menu.size.height,
    image_url: menu.imageUrl ? await menuImage(`${sim.url} ${menu.richMenuId}`, menu.imageUrl) : null,
    areas: menu.areas.map(({ bounds, action }) => ({
      ...bounds,
      action_type: action.type,
      uri: action.type === 'uri' ? (action.uri ?? null) : null,
    })),
  };
}

async function menuImage(key: string, url: string): Promise<string | null> {
  if (menuImageCache.has(key)) return menuImageCache.get(key) ?? null;
  const response = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  const type = response.headers.get('content-type') ?? '';
  const image =
    response.ok && /^image\/(png|jpeg)$/.test(type)
      ? `data:${type};base64,${Buffer.from(await response.arrayBuffer()).toString('base64')}`
      : null;
  if (menuImageCache.size >= MENU_IMAGE_CACHE_SIZE) menuImageCache.delete(menuImageCache.keys().next().value!);
  menuImageCache.set(key, image);
  return image;
}

/** The friend taps an area; the answer is the webhook's outcome (null when the action sends nothing). */
export async function tapRichMenu(
  ctx: AppContext,
  scope: ChannelRequest,
  userId: string,
  areaIndex: number,
): Promise<WebhookOutcome | null> {
  const { channel } = await bound(ctx, scope);
  const friend = friendOf(channel, userId);
  if (!friend.following) throw conflict(NOT_FOLLOWING);
  let tap;
  try {
    tap = await friend.tapRichMenu(areaIndex);
  } catch (error) {
    // 409: no menu is shown any more; 400: the menu changed and has no such area.
    const status = (error as { status?: unknown }).status;
    if (status === 409 || status === 400) throw conflict(RICH_MENU_NOT_SHOWN);
    throw error;
  }
  return tap.delivery ? outcome(ctx, scope, tap.delivery) : null;
}

/** Data URLs of images friends sent, by simulator message id (they never change). */
const imageCache = new Map<string, string | null>();
const IMAGE_CACHE_SIZE = 200;

/** The bytes a friend sent, from the simulator (the content LINE keeps), as a data: URL. */
async function imageDataUrl(sim: LineSimulator, channelId: string, messageId: string): Promise<string | null> {
  const key = `${sim.url} ${channelId} ${messageId}`;
  if (imageCache.has(key)) return imageCache.get(key) ?? null;
  let url: string | null = null;
  try {
    const response = await fetch(`${sim.url}/_sim/channels/${channelId}/content/${encodeURIComponent(messageId)}`, {
      signal: AbortSignal.timeout(2_000),
    });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && /^image\/(png|jpeg|gif|webp)$/.test(type)) {
      const bytes = Buffer.from(await response.arrayBuffer());
      if (bytes.length <= INLINE_IMAGE_MAX_BYTES) url = `data:${type};base64,${bytes.toString('base64')}`;
    }
  } catch {
    return null;
  }
  if (imageCache.size >= IMAGE_CACHE_SIZE) imageCache.delete(imageCache.keys().next().value!);
  imageCache.set(key, url);
  return url;
}
