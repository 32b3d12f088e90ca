import { richMenuLinkPath, richMenuPagePath } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { publicOrigin } from '../../platform/public-origin.ts';
import {
  LineApiError,
  type LineClient,
  type LineRichMenu,
  type LineRichMenuBatchOperation,
} from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import type { JobPayloads } from '../../platform/queue.ts';
import { channelLine, relink, requestRelink, UNKNOWN_LINK } from './relink.ts';
import * as repo from './repository.ts';
import { SWITCH_TARGET_ALIAS_MESSAGE } from './service.ts';
import { tapData } from './taps.ts';

/*
 * The rich-menus module's jobs: everything that calls LINE runs here, never in a request. LINE's
 * rate limits (create/delete 100 per hour, batch 3 per hour) answer 429 without a Retry-After: the
 * job is sent again for later, backing off, rather than waiting in a loop.
 */

/** The first wait after a 429, doubled each time up to an hour (LINE's hourly windows). */
const RATE_LIMIT_FIRST_MS = 2_000;
const RATE_LIMIT_MAX_MS = 60 * 60 * 1000;
/** Attempts before a publish gives up and says why (about 5 hours of waiting in all). */
const MAX_ATTEMPTS = 15;
export const RATE_LIMITED_MESSAGE = 'LINEの回数制限（リッチメニューの作成・削除は1時間に100回まで）に達しました';
export const NO_TOKEN_MESSAGE = 'チャネルアクセストークンが設定されていません';
/** How often the period sweep looks for rule and menu periods that started or ended. */
const PERIOD_SWEEP_MS = 15_000;

declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'rich-menus.publish': { lineAccountId: number; richMenuId: number; attempt: number };
    'rich-menus.delete-on-line': {
      lineAccountId: number;
      lineRichMenuIds: string[];
      aliasId: string | null;
      attempt: number;
    };
    'rich-menus.relink': { lineAccountId: number; friendIds?: number[]; attempt: number };
    'rich-menus.clean-exit': { lineAccountId: number; attempt: number; requestId?: string };
    /** A batch LINE accepted: its progress followed, resumed by its key when it failed. */
    'rich-menus.batch': {
      lineAccountId: number;
      operations: LineRichMenuBatchOperation[];
      resumeRequestKey: string;
      requestId: string;
      attempt: number;
      /** Relink the whole channel once LINE has run it (the clean cutover's unlinkAll: our own menus come back). */
      relinkAfter?: boolean;
    };
  }
}

export const RICH_MENU_QUEUES = [
  { name: 'rich-menus.publish' },
  { name: 'rich-menus.delete-on-line' },
  { name: 'rich-menus.relink' },
  { name: 'rich-menus.clean-exit' },
  { name: 'rich-menus.batch' },
] as const;

const backoff = (attempt: number) => Math.min(RATE_LIMIT_MAX_MS, RATE_LIMIT_FIRST_MS * 2 ** (attempt - 1));
const rateLimited = (error: unknown) => error instanceof LineApiError && error.rateLimited;

/** A 429: the same job again later with the next attempt number; true when it was sent. */
type RetriedJob =
  | 'rich-menus.publish'
  | 'rich-menus.delete-on-line'
  | 'rich-menus.relink'
  | 'rich-menus.clean-exit'
  | 'rich-menus.batch';
async function later<N extends RetriedJob>(ctx: AppContext, name: N, payload: JobPayloads[N]): Promise<boolean> {
  if (payload.attempt >= MAX_ATTEMPTS) return false;
  const startAfter = new Date(Date.now() + backoff(payload.attempt));
  await ctx.queue.send(name, { ...payload, attempt: payload.attempt + 1 }, { startAfter });
  return true;
}

/** LINE's copy of the menu: its size, chat bar and areas with their actions. */
/**
 * Whether friends' phones can open the console's pages: an https console, or a simulated channel
 * (its friends open them in the console's own browser). Else a link area sends its address itself,
 * uncounted.
 */
async function consoleReachable(ctx: AppContext, scope: ChannelScope, origin: string): Promise<boolean> {
  return (
    new URL(origin).protocol === 'https:' ||
    ((await repo.channelCredentials(ctx.database.db, scope))?.simulated ?? false)
  );
}

async function lineMenu(ctx: AppContext, scope: ChannelScope, menu: repo.MenuRow): Promise<LineRichMenu | string> {
  const areas = await repo.areasOf(ctx.database.db, scope, [menu.id]);
  const result: LineRichMenu['areas'] = [];
  const origin = publicOrigin(ctx.config);
  const counted = await consoleReachable(ctx, scope, origin);
  for (const area of areas) {
    const label = area.action.label ? { label: area.action.label } : {};
    const bounds = { x: area.x, y: area.y, width: area.width, height: area.height };
    const action = area.action;
    switch (action.type) {
      case 'uri': {
        // Through our redirect, which counts the tap (LINE says nothing of a uri opened).
        const uri = counted ? `${origin}${richMenuLinkPath(area.publicToken)}` : action.uri;
        result.push({ bounds, action: { type: 'uri', uri, ...label } });
        break;
      }
      case 'page':
        result.push({
          bounds,
          action: { type: 'uri', uri: `${origin}${richMenuPagePath(area.publicToken)}`, ...label },
        });
        break;
      case 'message':
        result.push({ bounds, action: { type: 'message', text: action.text, ...label } });
        break;
      case 'richmenuswitch': {
        const target = area.switchRichMenuId
          ? await repo.findMenu(ctx.database.db, scope, area.switchRichMenuId)
          : undefined;
        if (!target?.aliasId) return SWITCH_TARGET_ALIAS_MESSAGE;
        result.push({
          bounds,
          action: { type: 'richmenuswitch', richMenuAliasId: target.aliasId, data: tapData(area.id), ...label },
        });
        break;
      }
      case 'postback':
        result.push({
          bounds,
          action: {
            type: 'postback',
            data: tapData(area.id),
            ...(action.display_text ? { displayText: action.display_text } : {}),
            ...label,
          },
        });
        break;
      default:
        result.push({ bounds, action: { type: 'postback', data: tapData(area.id), ...label } });
    }
  }
  return {
    size: { width: menu.width!, height: menu.height! },
    selected: menu.selected,
    name: menu.name.slice(0, 300),
    chatBarText: menu.chatBarText,
    areas: result,
  };
}

/**
 * Publishes a menu: creates it on LINE, uploads the image, points its tab alias at it, moves the
 * friends linked to its previous copy (and the default) over, then deletes the previous copy; so an
 * edited menu is replaced without a gap.
 */
export async function publishMenu(
  ctx: AppContext,
  payload: { lineAccountId: number; richMenuId: number; attempt: number },
) {
  const scope = channelScope(payload.lineAccountId);
  const db = ctx.database.db;
  const menu = await repo.findMenu(db, scope, payload.richMenuId);
  if (!menu || menu.publishState !== 'publishing') return;
  const fail = (message: string) =>
    repo.setPublishState(db, scope, menu.id, { publishState: 'failed', publishError: message });
  const client = await channelLine(ctx, scope);
  if (!client) return fail(NO_TOKEN_MESSAGE);
  const body = await lineMenu(ctx, scope, menu);
  if (typeof body === 'string') return fail(body);
  const image = menu.imageKey ? await ctx.files.get(menu.imageKey) : null;
  if (!image) return fail('リッチメニューの画像をアップロードしてください');
  let created: string | null = null;
  try {
    created = await client.createRichMenu(body);
    await client.setRichMenuImage(created, image, menu.imageType ?? 'image/png');
    if (menu.aliasId) await client.setRichMenuAlias(menu.aliasId, created);
  } catch (error) {
    if (!(error instanceof LineApiError)) throw error;
    if (created) await client.deleteRichMenu(created).catch(() => undefined);
    if (rateLimited(error) && (await later(ctx, 'rich-menus.publish', payload))) return;
    return fail(rateLimited(error) ? RATE_LIMITED_MESSAGE : error.message);
  }
  const previous = menu.lineRichMenuId;
  await repo.setPublishState(db, scope, menu.id, {
    publishState: 'published',
    lineRichMenuId: created,
    publishError: null,
    publishedAt: ctx.clock.now(),
    editedSincePublish: false,
    retiredLineRichMenuIds: previous ? [...menu.retiredLineRichMenuIds, previous] : menu.retiredLineRichMenuIds,
  });
  if (previous) await retire(ctx, scope, client, previous, created);
  await requestRelink(ctx, scope);
}

/** Moves everyone from a replaced copy to the new one (LINE's batch when many), then deletes it. */
async function retire(ctx: AppContext, scope: ChannelScope, client: LineClient, previous: string, created: string) {
  const db = ctx.database.db;
  const linked = await repo.countLinkedTo(db, scope, [previous]);
  if (linked > 0) {
    await client.richMenuBatch([{ type: 'link', from: previous, to: created }]);
    await repo.moveLinked(db, scope, previous, created);
  }
  const settings = await repo.findSettings(db, scope);
  if (settings?.lineDefaultRichMenuId === previous) {
    await client.setDefaultRichMenu(created);
    await repo.saveSettings(db, scope, { lineDefaultRichMenuId: created });
  }
  await ctx.queue.send('rich-menus.delete-on-line', {
    lineAccountId: scope.lineAccountId,
    lineRichMenuIds: [previous],
    aliasId: null,
    attempt: 1,
  });
}

/** Deletes LINE's copies of a deleted or replaced menu (LINE unlinks them from everyone); a missing one is gone already. */
export async function deleteOnLine(
  ctx: AppContext,
  payload: { lineAccountId: number; lineRichMenuIds: string[]; aliasId: string | null; attempt: number },
) {
  const scope = channelScope(payload.lineAccountId);
  const db = ctx.database.db;
  const client = await channelLine(ctx, scope);
  if (!client) return;
  const remaining = [...payload.lineRichMenuIds];
  try {
    // Unlink first: friends linked to it fall back to the default (or to their rule, by the relink that follows).
    const linked = await repo.countLinkedTo(db, scope, remaining);
    if (linked > 0) {
      await client.richMenuBatch(remaining.map((from) => ({ type: 'unlink' as const, from })));
      for (const id of remaining) await repo.moveLinked(db, scope, id, null);
    }
    if (payload.aliasId) await client.deleteRichMenuAlias(payload.aliasId).catch(ignoreMissing);
    while (remaining.length > 0) {
      await client.deleteRichMenu(remaining[0]!).catch(ignoreMissing);
      remaining.shift();
    }
  } catch (error) {
    if (
      rateLimited(error) &&
      (await later(ctx, 'rich-menus.delete-on-line', { ...payload, lineRichMenuIds: remaining }))
    )
      return;
    throw error;
  }
  await repo.forgetRetired(db, scope, payload.lineRichMenuIds);
  const settings = await repo.findSettings(db, scope);
  if (settings?.lineDefaultRichMenuId && payload.lineRichMenuIds.includes(settings.lineDefaultRichMenuId)) {
    await repo.saveSettings(db, scope, { lineDefaultRichMenuId: null });
  }
}

function ignoreMissing(error: unknown) {
  if (error instanceof LineApiError && (error.status === 404 || error.status === 400)) return;
  throw error;
}

/** Clean exit: one batch unlinks every per-user menu on LINE, and LINE's default is cancelled. */
export async function cleanExitOnLine(ctx: AppContext, payload: { lineAccountId: number; attempt: number }) {
  const scope = channelScope(payload.lineAccountId);
  const client = await channelLine(ctx, scope);
  if (!client) return;
  try {
    await client.richMenuBatch([{ type: 'unlinkAll' }], `exit-${payload.lineAccountId}-${payload.attempt}`);
    await client.cancelDefaultRichMenu();
  } catch (error) {
    if (rateLimited(error) && (await later(ctx, 'rich-menus.clean-exit', payload))) return;
    throw error;
  }
  await repo.clearAllLinked(ctx.database.db, scope);
  await repo.saveSettings(ctx.database.db, scope, { lineDefaultRichMenuId: null });
}

export async function relinkJob(
  ctx: AppContext,
  payload: { lineAccountId: number; friendIds?: number[]; attempt: number },
) {
  try {
    await relink(ctx, payload.lineAccountId, payload.friendIds);
  } catch (error) {
    if (rateLimited(error) && (await later(ctx, 'rich-menus.relink', payload))) return;
    throw error;
  }
}

/** How often a batch's progress is read while LINE runs it. */
const BATCH_POLL_MS = 2_000;

/**
 * Follows a batch of the relink (relink.ts): while LINE runs it, looks again later; a failed one is
 * sent again with its `resumeRequestKey` (LINE resumes it); one that cannot be finished leaves its
 * friends' links unknown, and a relink sends them again one by one.
 */
export async function followBatch(ctx: AppContext, payload: JobPayloads['rich-menus.batch']) {
  const scope = channelScope(payload.lineAccountId);
  const client = await channelLine(ctx, scope);
  if (!client) return;
  const giveUp = async () => {
    for (const operation of payload.operations) {
      if (operation.type === 'unlinkAll') continue;
      const linked = operation.type === 'link' ? operation.to : null;
      await repo.markLinkUnknown(ctx.database.db, scope, linked, UNKNOWN_LINK);
    }
    await requestRelink(ctx, scope);
  };
  try {
    const phase = await client.richMenuBatchProgress(payload.requestId);
    if (phase === 'succeeded') {
      if (payload.relinkAfter) await requestRelink(ctx, scope);
      return;
    }
    if (phase === 'ongoing') {
      await ctx.queue.send('rich-menus.batch', payload, { startAfter: new Date(Date.now() + BATCH_POLL_MS) });
      return;
    }
    if (payload.attempt >= MAX_ATTEMPTS) return giveUp();
    const requestId = await client.richMenuBatch(payload.operations, payload.resumeRequestKey);
    await ctx.queue.send('rich-menus.batch', { ...payload, requestId, attempt: payload.attempt + 1 });
  } catch (error) {
    if (rateLimited(error) && (await later(ctx, 'rich-menus.batch', payload))) return;
    if (error instanceof LineApiError && !error.retryable) return giveUp();
    throw error;
  }
}

/** Channels whose rule or menu periods started or ended since the last look are relinked. */
export function periodSweep(ctx: AppContext): () => Promise<void> {
  let since = ctx.clock.now();
  return async () => {
    const until = ctx.clock.now();
    if (until <= since) return;
    const channels = await repo.channelsWithBoundaryUnscoped(ctx.database.db, since, until);
    for (const lineAccountId of channels) await requestRelink(ctx, channelScope(lineAccountId));
    since = until;
  };
}

export async function registerRichMenuJobs(ctx: AppContext): Promise<void> {
  await ctx.queue.work('rich-menus.publish', (payload) => publishMenu(ctx, payload));
  await ctx.queue.work('rich-menus.delete-on-line', (payload) => deleteOnLine(ctx, payload));
  await ctx.queue.work('rich-menus.relink', (payload) => relinkJob(ctx, payload));
  await ctx.queue.work('rich-menus.clean-exit', (payload) => cleanExitOnLine(ctx, payload));
  await ctx.queue.work('rich-menus.batch', (payload) => followBatch(ctx, payload));
  ctx.queue.every(PERIOD_SWEEP_MS, periodSweep(ctx));
}
