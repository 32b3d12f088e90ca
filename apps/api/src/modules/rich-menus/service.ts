import { randomBytes } from 'node:crypto';
import {
  RICH_MENU_AREA_OUTSIDE_MESSAGE,
  RICH_MENU_IMAGE_MESSAGES,
  RICH_MENU_PAGE_ROUTE,
  RICH_MENU_PERIOD_MESSAGE,
  RICH_MENUS_PER_CHANNEL_MAX,
  richMenuImageProblem,
  richMenuLinkPath,
  richMenuPagePath,
  type RichMenu,
  type RichMenuPage,
  type RichMenuAction,
  type RichMenuInput,
  type RichMenuListQuery,
  type RichMenuOfFriend,
  type RichMenuRule,
  type RichMenuRuleInput,
  type richMenuInput,
  type richMenuListQuery,
  type richMenuRuleInput,
} from '@linq/contract';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.ts';
import { conflict, fieldError, notFound } from '../../platform/errors.ts';
import { channelScope, type ChannelScope } from '../../platform/principal.ts';
import { countAudience } from '../audience/repository/read.ts';
import { readImageHeader } from '../files/image-header.ts';
import { linkOwner } from '../links/service.ts';
import { requireFeature } from '../plan-limits/service.ts';
import * as repo from './repository.ts';
import { requestRelink } from './relink.ts';

/* The rich-menu editor's rules: menus, their image and areas, the default, rules and personal menus. */

export const IMAGE_FIELD = 'file';
export const MENU_LIMIT_MESSAGE = `リッチメニューは1チャネルに${RICH_MENUS_PER_CHANNEL_MAX}個までです`;
export const NOT_PUBLISHED_MESSAGE = 'LINEに公開済みのリッチメニューを選んでください';
export const NO_IMAGE_MESSAGE = 'リッチメニューの画像をアップロードしてください';
export const IN_USE_BY_SWITCH_MESSAGE = (names: string[]) =>
  `このリッチメニューに切り替えるタップ領域があります（${names.join('、')}）`;
const FOREIGN_MESSAGE = {
  rich_menus: 'このチャネルのリッチメニューではありません',
  plans: 'このチャネルのプランではありません',
  tags: 'このチャネルのタグではありません',
  marks: 'このチャネルのマークではありません',
  folders: 'リッチメニューのフォルダを選んでください',
} as const;
export const SWITCH_TARGET_ALIAS_MESSAGE = '切り替え先のリッチメニューにタブIDを設定してください';

/**
 * A menu image's storage key: random (192 bits) and new for every upload, since the console's <img>
 * fetches it without a session (as public files are); the name is the only thing that guards it.
 */
const IMAGE_NAME = /^[0-9a-f]{48}\.(png|jpg)$/;
export const newImageKey = (type: string | null) =>
  `rich-menus/${randomBytes(24).toString('hex')}.${type === 'image/jpeg' ? 'jpg' : 'png'}`;
/** The image for the console, served by this module (rootRoutes). */
export const imagePath = (row: repo.MenuRow) =>
  row.imageKey ? `/rich-menu-images/${row.imageKey.slice('rich-menus/'.length)}` : null;

type Parsed = z.output<typeof richMenuInput>;

/** Where a link or page area sends the friend, on the console. */
function publicPath(area: repo.AreaRow): string | null {
  if (area.action.type === 'uri') return richMenuLinkPath(area.publicToken);
  if (area.action.type === 'page') return richMenuPagePath(area.publicToken);
  return null;
}

/** The page token a /rich-menu?p=… address of the console names (null for any other address). */
function pageTokenOf(address: string, consoleOrigin: string): string | null {
  const url = new URL(address);
  const ours = url.origin === new URL(consoleOrigin).origin && url.pathname === RICH_MENU_PAGE_ROUTE;
  return ours ? url.searchParams.get('p') : null;
}

/** Counts an opening of the area a public token names (by the friend when known); the area, or undefined. */
async function countOpening(ctx: AppContext, token: string, friendOf: (area: repo.AreaRow) => Promise<number | null>) {
  const db = ctx.database.db;
  const area = await repo.areaByTokenUnscoped(db, token);
  if (!area) return undefined;
  const scope = channelScope(area.lineAccountId);
  const friendId = await friendOf(area);
  return db.transaction(async (tx) => {
    const counted = await repo.countTap(tx, scope, area.id, { friendId, at: ctx.clock.now() });
    const menu = counted && (await repo.findMenu(tx, scope, counted.richMenuId));
    return menu && { area: counted, menuName: menu.name };
  });
}

/** A link area opened (counted, anonymous: LINE names no one on a uri): its address, or null. */
export async function openLink(ctx: AppContext, token: string): Promise<string | null> {
  const opened = await countOpening(ctx, token, async () => null);
  return opened?.area.action.type === 'uri' ? opened.area.action.uri : null;
}

/**
 * A page area opened (counted): what the editor chose to show. Opened through a friend's own
 * tracked link to this page (`via`, the link's token), the tap names that friend; any other token
 * (unknown, another channel's, a link to elsewhere) leaves it anonymous.
 */
export async function openPage(
  ctx: AppContext,
  token: string,
  via: string | undefined,
  consoleOrigin: string,
): Promise<RichMenuPage> {
  const opened = await countOpening(ctx, token, async (area) => {
    if (area.action.type !== 'page' || via === undefined) return null;
    const link = await linkOwner(ctx.database.db, via);
    const leadsHere =
      link?.lineAccountId === area.lineAccountId && pageTokenOf(link.targetUrl, consoleOrigin) === area.publicToken;
    return leadsHere ? link.friendId : null;
  });
  const action = opened?.area.action;
  if (!opened || action?.type !== 'page') throw notFound('ページ');
  return { title: action.title, text: action.text, image_url: action.image_url, menu_name: opened.menuName };
}

function present(
  row: repo.MenuRow,
  areas: repo.AreaRow[],
  shown: { isDefault: boolean; ruleCount: number; personalCount: number },
): RichMenu {
  return {
    id: row.id,
    name: row.name,
    folder_id: row.folderId,
    chat_bar_text: row.chatBarText,
    selected: row.selected,
    alias_id: row.aliasId,
    width: row.width,
    height: row.height,
    image_url: imagePath(row),
    areas: areas.map((area) => ({
      id: area.id,
      x: area.x,
      y: area.y,
      width: area.width,
      height: area.height,
      action: area.action,
      tap_count: area.tapCount,
      public_path: publicPath(area),
    })),
    display_from: row.displayFrom?.toISOString() ?? null,
    display_to: row.displayTo?.toISOString() ?? null,
    publish_state: row.publishState,
    edited_since_publish: row.editedSincePublish,
    line_rich_menu_id: row.lineRichMenuId,
    publish_error: row.publishError,
    published_at: row.publishedAt?.toISOString() ?? null,
    shown_at: { is_default: shown.isDefault, rule_count: shown.ruleCount, personal_friend_count: shown.personalCount },
    updated_at: row.updatedAt.toISOString(),
  };
}

async function presentMany(ctx: AppContext, scope: ChannelScope, rows: repo.MenuRow[]): Promise<RichMenu[]> {
  const db = ctx.database.db;
  const ids = rows.map((row) => row.id);
  const areas = await repo.areasOf(db, scope, ids);
  const shown = await repo.shownAt(db, scope, ids);
  return rows.map((row) =>
    present(
      row,
      areas.filter((area) => area.richMenuId === row.id),
      shown.get(row.id)!,
    ),
  );
}

export async function get(ctx: AppContext, scope: ChannelScope, id: number): Promise<RichMenu> {
  const row = await repo.findMenu(ctx.database.db, scope, id);
  if (!row) throw notFound('リッチメニュー');
  return (await presentMany(ctx, scope, [row]))[0]!;
}

export async function list(ctx: AppContext, scope: ChannelScope, query: z.output<typeof richMenuListQuery>) {
  const { rows, total } = await repo.listMenus(ctx.database.db, scope, {
    folderId: query.folder_id,
    name: query.name,
    page: query.page,
    limit: query.limit,
  });
  return {
    data: await presentMany(ctx, scope, rows),
    total_item_count: total,
    pagination: { current: query.page, pageSize: query.limit },
  };
}
export type { RichMenuListQuery, RichMenuInput, RichMenuRuleInput };

/** What an action names in the channel: checked to be the channel's on save. */
function named(action: RichMenuAction) {
  switch (action.type) {
    case 'richmenuswitch':
      return { rich_menus: [action.rich_menu_id] };
    case 'start_plan':
      return { plans: [action.plan_id] };
    case 'labels':
      return {
        tags: [...action.add_tag_ids, ...action.remove_tag_ids],
        marks: [...action.add_mark_ids, ...action.remove_mark_ids],
      };
    default:
      return {};
  }
}

/** Checks the input against the channel and the image: 422 with the first field wrong. */
async function checkInput(ctx: AppContext, scope: ChannelScope, input: Parsed, menu: repo.MenuRow | null) {
  const db = ctx.database.db;
  if (input.folder_id !== null && !(await repo.ownIds(db, scope, 'folders', [input.folder_id])).has(input.folder_id)) {
    throw fieldError('folder_id', FOREIGN_MESSAGE.folders);
  }
  if (input.display_from && input.display_to && new Date(input.display_to) <= new Date(input.display_from)) {
    throw fieldError('display_to', RICH_MENU_PERIOD_MESSAGE);
  }
  const savedAreas = menu ? await repo.areaIdsOf(db, scope, menu.id) : new Set<number>();
  for (const [index, area] of input.areas.entries()) {
    if (area.id !== null && !savedAreas.has(area.id))
      throw fieldError(`areas.${index}.id`, 'このリッチメニューのタップ領域ではありません');
    if (menu?.width && menu.height && (area.x + area.width > menu.width || area.y + area.height > menu.height)) {
      throw fieldError(`areas.${index}`, RICH_MENU_AREA_OUTSIDE_MESSAGE);
    }
    for (const [kind, ids] of Object.entries(named(area.action)) as [keyof typeof FOREIGN_MESSAGE, number[]][]) {
      const own = await repo.ownIds(db, scope, kind, ids);
      if (ids.some((id) => !own.has(id))) throw fieldError(`areas.${index}.action`, FOREIGN_MESSAGE[kind]);
    }
  }
}

function areaValues(input: Parsed) {
  return input.areas.map((area, position) => ({
    id: area.id,
    position,
    x: area.x,
    y: area.y,
    width: area.width,
    height: area.height,
    actionType: area.action.type,
    action: area.action,
    switchRichMenuId: area.action.type === 'richmenuswitch' ? area.action.rich_menu_id : null,
  }));
}

function menuValues(input: Parsed) {
  return {
    name: input.name,
    folderId: input.folder_id,
    chatBarText: input.chat_bar_text,
    selected: input.selected,
    aliasId: input.alias_id,
    displayFrom: input.display_from ? new Date(input.display_from) : null,
    displayTo: input.display_to ? new Date(input.display_to) : null,
  };
}

const aliasTaken = (error: unknown) =>
  error instanceof Error &&
  /rich_menus_channel_alias_idx/.test(`${error.message} ${String((error as { cause?: unknown }).cause)}`);

export async function create(ctx: AppContext, scope: ChannelScope, input: Parsed): Promise<RichMenu> {
  if ((await repo.countMenus(ctx.database.db, scope)) >= RICH_MENUS_PER_CHANNEL_MAX) throw conflict(MENU_LIMIT_MESSAGE);
  await checkInput(ctx, scope, { ...input, areas: input.areas.map((area) => ({ ...area, id: null })) }, null);
  const id = await saveAlias(() =>
    ctx.database.db.transaction(async (tx) => {
      const row = await repo.insertMenu(tx, scope, menuValues(input));
      await repo.replaceAreas(
        tx,
        scope,
        row.id,
        areaValues(input).map((area) => ({ ...area, id: null })),
      );
      return row.id;
    }),
  );
  return get(ctx, scope, id);
}

/** A taken tab id is the field's error, not a 500. */
async function saveAlias<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (aliasTaken(error)) throw fieldError('alias_id', 'このタブIDは別のリッチメニューで使われています');
    throw error;
  }
}

export async function update(ctx: AppContext, scope: ChannelScope, id: number, input: Parsed): Promise<RichMenu> {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw notFound('リッチメニュー');
  await checkInput(ctx, scope, input, menu);
  await saveAlias(() =>
    ctx.database.db.transaction(async (tx) => {
      await repo.updateMenu(tx, scope, id, { ...menuValues(input), editedSincePublish: true });
      await repo.replaceAreas(tx, scope, id, areaValues(input));
    }),
  );
  // The display period decides who sees the menu now.
  if (menu.lineRichMenuId) await requestRelink(ctx, scope);
  return get(ctx, scope, id);
}

export async function copy(ctx: AppContext, scope: ChannelScope, id: number, folderId: number | null | undefined) {
  const original = await get(ctx, scope, id);
  const input: Parsed = {
    name: `${original.name}のコピー`.slice(0, 100),
    folder_id: folderId === undefined ? original.folder_id : folderId,
    chat_bar_text: original.chat_bar_text,
    selected: original.selected,
    alias_id: null,
    areas: original.areas.map((area) => ({ ...area, id: null })),
    display_from: original.display_from,
    display_to: original.display_to,
  };
  const created = await create(ctx, scope, input);
  const row = await repo.findMenu(ctx.database.db, scope, id);
  if (row?.imageKey) {
    const bytes = await ctx.files.get(row.imageKey);
    if (bytes) {
      const key = newImageKey(row.imageType);
      await ctx.files.put(key, bytes);
      await repo.updateMenu(ctx.database.db, scope, created.id, {
        imageKey: key,
        imageType: row.imageType,
        width: row.width,
        height: row.height,
      });
    }
  }
  return get(ctx, scope, created.id);
}

/** Checks the image by LINE's rules (422 with the reason) and stores it as the menu's. */
export async function uploadImage(ctx: AppContext, scope: ChannelScope, id: number, bytes: Buffer): Promise<RichMenu> {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw notFound('リッチメニュー');
  const header = readImageHeader(bytes);
  const type = header ? (header.type === 'png' ? 'image/png' : 'image/jpeg') : null;
  const reason = richMenuImageProblem({
    type,
    bytes: bytes.length,
    width: header?.width ?? 0,
    height: header?.height ?? 0,
  });
  if (reason) throw fieldError(IMAGE_FIELD, RICH_MENU_IMAGE_MESSAGES[reason]);
  const key = newImageKey(type);
  await ctx.files.put(key, bytes);
  await repo.updateMenu(ctx.database.db, scope, id, {
    imageKey: key,
    imageType: type,
    width: header!.width,
    height: header!.height,
    editedSincePublish: true,
  });
  return get(ctx, scope, id);
}

/** An image by its name (a name never handed out is nothing). */
export async function imageNamed(ctx: AppContext, name: string) {
  const match = IMAGE_NAME.exec(name);
  if (!match) return null;
  const bytes = await ctx.files.get(`rich-menus/${name}`);
  return bytes && { bytes, contentType: match[1] === 'jpg' ? 'image/jpeg' : 'image/png' };
}

/** Asks the publish job to put the menu on LINE (or replace LINE's copy); answers it as publishing. */
export async function publish(ctx: AppContext, scope: ChannelScope, id: number): Promise<RichMenu> {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw notFound('リッチメニュー');
  if (!menu.imageKey) throw fieldError('image', NO_IMAGE_MESSAGE);
  await repo.setPublishState(ctx.database.db, scope, id, { publishState: 'publishing', publishError: null });
  await ctx.queue.send('rich-menus.publish', { lineAccountId: scope.lineAccountId, richMenuId: id, attempt: 1 });
  return get(ctx, scope, id);
}

/** Deletes the menu: LINE's copy is unlinked and deleted first (by the job), then the row. */
export async function remove(ctx: AppContext, scope: ChannelScope, id: number): Promise<{ id: number }> {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw notFound('リッチメニュー');
  const switching = await repo.menusSwitchingTo(ctx.database.db, scope, id);
  if (switching.length > 0) throw conflict(IN_USE_BY_SWITCH_MESSAGE(switching));
  const lineIds = [...(menu.lineRichMenuId ? [menu.lineRichMenuId] : []), ...menu.retiredLineRichMenuIds];
  await ctx.database.db.transaction(async (tx) => {
    await repo.deleteMenu(tx, scope, id);
  });
  if (lineIds.length > 0) {
    await ctx.queue.send('rich-menus.delete-on-line', {
      lineAccountId: scope.lineAccountId,
      lineRichMenuIds: lineIds,
      aliasId: menu.aliasId,
      attempt: 1,
    });
  }
  await requestRelink(ctx, scope);
  return { id };
}

// The default, rules and personal menus ---------------------------------------------------------

async function requirePublished(ctx: AppContext, scope: ChannelScope, id: number, field: string) {
  const menu = await repo.findMenu(ctx.database.db, scope, id);
  if (!menu) throw fieldError(field, FOREIGN_MESSAGE.rich_menus);
  if (!menu.lineRichMenuId) throw fieldError(field, NOT_PUBLISHED_MESSAGE);
}

export async function settings(ctx: AppContext, scope: ChannelScope) {
  const row = await repo.findSettings(ctx.database.db, scope);
  return { default_rich_menu_id: row?.defaultRichMenuId ?? null };
}

export async function setDefault(ctx: AppContext, scope: ChannelScope, menuId: number | null) {
  if (menuId !== null) await requirePublished(ctx, scope, menuId, 'rich_menu_id');
  await repo.saveSettings(ctx.database.db, scope, { defaultRichMenuId: menuId });
  await requestRelink(ctx, scope);
  return settings(ctx, scope);
}

/** Clean exit: one LINE batch unlinks every per-user menu; the default, rules and personal menus are cleared. */
export async function cleanExit(ctx: AppContext, scope: ChannelScope) {
  await ctx.database.db.transaction(async (tx) => {
    await repo.saveSettings(tx, scope, { defaultRichMenuId: null });
    await repo.deleteAllRules(tx, scope);
    await repo.clearPersonalMenus(tx, scope);
  });
  await ctx.queue.send('rich-menus.clean-exit', { lineAccountId: scope.lineAccountId, attempt: 1 });
  return settings(ctx, scope);
}

function presentRule(row: repo.RuleRow): RichMenuRule {
  return {
    id: row.id,
    name: row.name,
    rich_menu_id: row.richMenuId,
    priority: row.priority,
    audience: row.audience,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
  };
}

export async function rules(ctx: AppContext, scope: ChannelScope): Promise<RichMenuRule[]> {
  return (await repo.rulesOf(ctx.database.db, scope)).map(presentRule);
}

async function ruleValues(ctx: AppContext, scope: ChannelScope, input: z.output<typeof richMenuRuleInput>) {
  if (!(await repo.ownIds(ctx.database.db, scope, 'rich_menus', [input.rich_menu_id])).has(input.rich_menu_id)) {
    throw fieldError('rich_menu_id', FOREIGN_MESSAGE.rich_menus);
  }
  if (input.starts_at && input.ends_at && new Date(input.ends_at) <= new Date(input.starts_at)) {
    throw fieldError('ends_at', RICH_MENU_PERIOD_MESSAGE);
  }
  return {
    name: input.name,
    richMenuId: input.rich_menu_id,
    audience: input.audience,
    startsAt: input.starts_at ? new Date(input.starts_at) : null,
    endsAt: input.ends_at ? new Date(input.ends_at) : null,
  };
}

export async function createRule(ctx: AppContext, scope: ChannelScope, input: z.output<typeof richMenuRuleInput>) {
  await requireFeature(ctx.database.db, scope, 'rich_menu_rules');
  const row = await repo.insertRule(ctx.database.db, scope, await ruleValues(ctx, scope, input));
  await requestRelink(ctx, scope);
  return presentRule(row);
}

export async function updateRule(
  ctx: AppContext,
  scope: ChannelScope,
  id: number,
  input: z.output<typeof richMenuRuleInput>,
) {
  if (!(await repo.findRule(ctx.database.db, scope, id))) throw notFound('表示ルール');
  const row = await repo.updateRule(ctx.database.db, scope, id, await ruleValues(ctx, scope, input));
  await requestRelink(ctx, scope);
  return presentRule(row!);
}

export async function removeRule(ctx: AppContext, scope: ChannelScope, id: number) {
  if (!(await repo.findRule(ctx.database.db, scope, id))) throw notFound('表示ルール');
  await repo.deleteRule(ctx.database.db, scope, id);
  await requestRelink(ctx, scope);
  return { id };
}

export async function orderRules(ctx: AppContext, scope: ChannelScope, ruleIds: number[]) {
  const existing = await repo.rulesOf(ctx.database.db, scope);
  const same = existing.length === ruleIds.length && existing.every((rule) => ruleIds.includes(rule.id));
  if (!same) throw fieldError('rule_ids', 'すべての表示ルールを1回ずつ並べてください');
  await ctx.database.db.transaction(async (tx) => {
    for (const [index, id] of ruleIds.entries()) await repo.updateRule(tx, scope, id, { priority: index + 1 });
  });
  await requestRelink(ctx, scope);
  return rules(ctx, scope);
}

/** How many friends each rule takes now: those its audience takes that no earlier rule took. */
export async function previewRules(ctx: AppContext, scope: ChannelScope) {
  const source = { db: ctx.database.db, registries: ctx.registries };
  const all = await repo.rulesOf(ctx.database.db, scope);
  const result: { rule_id: number; friend_count: number }[] = [];
  for (const [index, rule] of all.entries()) {
    const earlier = all.slice(0, index).map((other) => other.audience);
    const expression =
      earlier.length === 0
        ? rule.audience
        : { kind: 'all', of: [rule.audience, { kind: 'not', of: { kind: 'any', of: earlier } }] };
    result.push({ rule_id: rule.id, friend_count: await countAudience(source, scope, expression) });
  }
  return result;
}

export async function ofFriend(ctx: AppContext, scope: ChannelScope, friendId: number): Promise<RichMenuOfFriend> {
  const { resolveFriends } = await import('./relink.ts');
  const [resolved] = await resolveFriends(ctx, scope, [friendId]);
  if (!resolved) throw notFound('友だち');
  return resolved.why;
}

export async function setOfFriend(ctx: AppContext, scope: ChannelScope, friendId: number, menuId: number | null) {
  if (!(await repo.ownIds(ctx.database.db, scope, 'friends', [friendId])).has(friendId)) throw notFound('友だち');
  if (menuId !== null) await requirePublished(ctx, scope, menuId, 'rich_menu_id');
  await repo.setPersonalMenu(ctx.database.db, scope, [friendId], menuId);
  await requestRelink(ctx, scope, [friendId]);
  return ofFriend(ctx, scope, friendId);
}
