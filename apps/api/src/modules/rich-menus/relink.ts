import type { AudienceExpression, RichMenuOfFriend } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import { randomUUID } from 'node:crypto';
import { LineApiError, lineClient, type LineClient, type LineRichMenuBatchOperation } from '../../platform/line.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { audienceIdBatches } from '../audience/repository/read.ts';
import * as repo from './repository.ts';
import { defaultOnLine, resolveMenu, type LiveMenu, type RuleForFriend } from './resolve.ts';

/*
 * Keeping LINE's links equal to who should see which menu (resolve.ts): the friends' resolved menus
 * are compared with what LINE links to them now (rich_menu_friends), and only the differences are
 * sent, by LINE's bulk link/unlink of 500 user ids. The work runs in the worker's job; requests
 * come from rule and default changes, publishes, label changes, plan effects and period boundaries.
 */

/** LINE's bulk link/unlink takes at most 500 user ids. */
export const BULK_USER_IDS = 500;
/** Friends resolved at once (the audience's friends leaf takes up to 1,000 ids). */
const PAGE = 1000;
/**
 * Above this many friends moving from one LINE menu to another (all of that menu's friends), the
 * move is one operation of LINE's batch instead of bulk calls of 500 (issue 24: large changes).
 */
export const BATCH_ABOVE = 10_000;
/** LINE's batch takes at most 1,000 operations. */
const BATCH_OPERATIONS_MAX = 1000;
/** What LINE linked is unknown (a batch failed for good): the next relink sends these friends again. */
export const UNKNOWN_LINK = '?';

/** Asks the relink job to bring LINE's links up to date, for some friends or (none named) the whole channel. */
export async function requestRelink(ctx: AppContext, scope: ChannelScope, friendIds?: number[]): Promise<void> {
  await ctx.queue.send('rich-menus.relink', {
    lineAccountId: scope.lineAccountId,
    ...(friendIds ? { friendIds } : {}),
    attempt: 1,
  });
}

/** The channel's LINE client, or null when it has no token (nothing can be linked). */
export async function channelLine(ctx: AppContext, scope: ChannelScope): Promise<LineClient | null> {
  const channel = await repo.channelCredentials(ctx.database.db, scope);
  if (!channel?.tokenSealed) return null;
  return lineClient(ctx.lineEndpoints(channel.simulated), ctx.secrets.open(channel.tokenSealed));
}

interface ChannelMenus {
  menus: Map<number, LiveMenu>;
  rules: repo.RuleRow[];
  defaultMenuId: number | null;
  now: Date;
}

async function channelMenus(ctx: AppContext, scope: ChannelScope): Promise<ChannelMenus> {
  const db = ctx.database.db;
  const { rows } = await repo.listMenus(db, scope, { page: 1, limit: 100_000 });
  const menus = new Map<number, LiveMenu>();
  for (const row of rows) {
    if (row.lineRichMenuId) {
      menus.set(row.id, { lineRichMenuId: row.lineRichMenuId, displayFrom: row.displayFrom, displayTo: row.displayTo });
    }
  }
  const settings = await repo.findSettings(db, scope);
  return {
    menus,
    rules: await repo.rulesOf(db, scope),
    defaultMenuId: settings?.defaultRichMenuId ?? null,
    now: ctx.clock.now(),
  };
}

/** Which of the friends each rule's audience takes (rules in force now only: the others decide nothing). */
async function ruleMatches(ctx: AppContext, scope: ChannelScope, state: ChannelMenus, friendIds: number[]) {
  const matches = new Map<number, Set<number>>();
  const source = { db: ctx.database.db, registries: ctx.registries };
  for (const rule of state.rules) {
    const taken = new Set<number>();
    const expression: AudienceExpression = { kind: 'all', of: [rule.audience, { kind: 'friends', ids: friendIds }] };
    for await (const ids of audienceIdBatches(source, scope, expression, PAGE)) for (const id of ids) taken.add(id);
    matches.set(rule.id, taken);
  }
  return matches;
}

export interface ResolvedFriend {
  row: repo.FriendMenuRow;
  link: string | null;
  why: RichMenuOfFriend;
}

function resolveRows(
  state: ChannelMenus,
  rows: repo.FriendMenuRow[],
  matches: Map<number, Set<number>>,
): ResolvedFriend[] {
  const lineToMenu = new Map([...state.menus].map(([id, menu]) => [menu.lineRichMenuId, id]));
  return rows.map((row) => {
    const rules: RuleForFriend[] = state.rules.map((rule) => ({
      id: rule.id,
      richMenuId: rule.richMenuId,
      startsAt: rule.startsAt,
      endsAt: rule.endsAt,
      matches: matches.get(rule.id)?.has(row.friendId) ?? false,
    }));
    const result = resolveMenu({
      personalMenuId: row.personalRichMenuId,
      rules,
      defaultMenuId: state.defaultMenuId,
      menus: state.menus,
      now: state.now,
    });
    return {
      row,
      link: row.following ? result.link : null,
      why: {
        reason: result.reason,
        rich_menu_id: result.richMenuId,
        rule_id: result.ruleId,
        linked_rich_menu_id: row.linkedLineRichMenuId ? (lineToMenu.get(row.linkedLineRichMenuId) ?? null) : null,
      },
    };
  });
}

/** The friends' menus as they should be now, and why ("why this menu"). */
export async function resolveFriends(
  ctx: AppContext,
  scope: ChannelScope,
  friendIds: number[],
): Promise<ResolvedFriend[]> {
  const state = await channelMenus(ctx, scope);
  const rows = await repo.friendMenus(ctx.database.db, scope, friendIds);
  return resolveRows(
    state,
    rows,
    await ruleMatches(
      ctx,
      scope,
      state,
      rows.map((row) => row.friendId),
    ),
  );
}

/** Sends the differences of one page of friends to LINE, and records what is linked now. */
async function relinkPage(ctx: AppContext, scope: ChannelScope, client: LineClient, resolved: ResolvedFriend[]) {
  const db = ctx.database.db;
  const changes = new Map<string | null, ResolvedFriend[]>();
  for (const friend of resolved) {
    if (friend.link === friend.row.linkedLineRichMenuId) continue;
    // A blocked friend cannot be linked; they are unlinked when they come back and the page is resolved again.
    if (!friend.row.following && friend.row.linkedLineRichMenuId === null) continue;
    changes.set(friend.link, [...(changes.get(friend.link) ?? []), friend]);
  }
  for (const [link, friends] of changes) {
    for (let i = 0; i < friends.length; i += BULK_USER_IDS) {
      const part = friends.slice(i, i + BULK_USER_IDS);
      const userIds = part.map((friend) => friend.row.lineUserId);
      if (link === null) await client.unlinkRichMenuFromUsers(userIds);
      else await client.linkRichMenuToUsers(link, userIds);
      await repo.setLinked(
        db,
        scope,
        part.map((friend) => friend.row.friendId),
        link,
      );
    }
  }
}

/**
 * Whole-channel relink, large changes: where every friend linked to one LINE menu moves to another
 * (or to none) and they are more than `batchAbove`, LINE's batch moves them in one request (with a
 * `resumeRequestKey`, its progress followed by the batch job). Our record moves at once; a batch
 * that fails for good marks them unknown so they are sent again. False when LINE refused the batch
 * for its rate limit (3 per hour): the bulk calls do it all then.
 */
async function batchLargeMoves(
  ctx: AppContext,
  scope: ChannelScope,
  client: LineClient,
  state: ChannelMenus,
  batchAbove: number,
): Promise<boolean> {
  const db = ctx.database.db;
  if ((await repo.countFriends(db, scope)) <= batchAbove) return true;
  const moves = new Map<string, { from: string; to: string | null; count: number }>();
  let after = 0;
  for (;;) {
    const rows = await repo.friendMenusAfter(db, scope, after, PAGE);
    if (rows.length === 0) break;
    const matches = await ruleMatches(
      ctx,
      scope,
      state,
      rows.map((row) => row.friendId),
    );
    for (const friend of resolveRows(state, rows, matches)) {
      const from = friend.row.linkedLineRichMenuId;
      if (from === null || from === UNKNOWN_LINK || friend.link === from) continue;
      const key = `${from}>${friend.link ?? ''}`;
      const move = moves.get(key) ?? { from, to: friend.link, count: 0 };
      move.count++;
      moves.set(key, move);
    }
    after = rows.at(-1)!.friendId;
  }
  const operations: LineRichMenuBatchOperation[] = [];
  const moved: { from: string; to: string | null }[] = [];
  for (const move of moves.values()) {
    if (move.count <= batchAbove || operations.length >= BATCH_OPERATIONS_MAX) continue;
    // LINE's batch moves everyone linked to `from`: only when all of them move the same way.
    if ((await repo.countLinkedTo(db, scope, [move.from])) !== move.count) continue;
    operations.push(move.to ? { type: 'link', from: move.from, to: move.to } : { type: 'unlink', from: move.from });
    moved.push(move);
  }
  if (operations.length === 0) return true;
  const resumeRequestKey = randomUUID();
  let requestId: string;
  try {
    requestId = await client.richMenuBatch(operations, resumeRequestKey);
  } catch (error) {
    if (error instanceof LineApiError && error.rateLimited) return false;
    throw error;
  }
  for (const move of moved) await repo.moveLinked(db, scope, move.from, move.to);
  await ctx.queue.send('rich-menus.batch', {
    lineAccountId: scope.lineAccountId,
    operations,
    resumeRequestKey,
    requestId,
    attempt: 1,
  });
  return true;
}

/**
 * The relink job's work: LINE's default, then every named friend (or the whole channel, page by
 * page, large moves by LINE's batch). LINE's errors go up to the job (a 429 is retried later there).
 */
export async function relink(
  ctx: AppContext,
  lineAccountId: number,
  friendIds: number[] | undefined,
  batchAbove = BATCH_ABOVE,
): Promise<void> {
  const scope = channelScope(lineAccountId);
  const client = await channelLine(ctx, scope);
  if (!client) return;
  const state = await channelMenus(ctx, scope);
  const settings = await repo.findSettings(ctx.database.db, scope);
  const wantedDefault = defaultOnLine(state.defaultMenuId, state.menus, state.now);
  if (wantedDefault !== (settings?.lineDefaultRichMenuId ?? null)) {
    if (wantedDefault) await client.setDefaultRichMenu(wantedDefault);
    else await client.cancelDefaultRichMenu();
    await repo.saveSettings(ctx.database.db, scope, { lineDefaultRichMenuId: wantedDefault });
  }
  if (friendIds) {
    for (let i = 0; i < friendIds.length; i += PAGE) {
      const rows = await repo.friendMenus(ctx.database.db, scope, friendIds.slice(i, i + PAGE));
      const matches = await ruleMatches(
        ctx,
        scope,
        state,
        rows.map((row) => row.friendId),
      );
      await relinkPage(ctx, scope, client, resolveRows(state, rows, matches));
    }
    return;
  }
  await batchLargeMoves(ctx, scope, client, state, batchAbove);
  let after = 0;
  for (;;) {
    const rows = await repo.friendMenusAfter(ctx.database.db, scope, after, PAGE);
    if (rows.length === 0) return;
    const matches = await ruleMatches(
      ctx,
      scope,
      state,
      rows.map((row) => row.friendId),
    );
    await relinkPage(ctx, scope, client, resolveRows(state, rows, matches));
    after = rows.at(-1)!.friendId;
  }
}
