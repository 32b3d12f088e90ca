/**
 * Rich menus: the Messaging API's rich-menu operations (messaging-api.yml), LINE's rich-menu insight
 * (insight.yml), and what a friend does with a menu on the phone (open it, tap an area).
 *
 * Requests arrive authenticated and validated against the YAML. The checks here are LINE's rules the
 * YAML does not state (explicit-limits.ts) and the rules that depend on state: unknown ids, the image,
 * 1,000 menus per channel, batch resume keys.
 */
import * as ids from './ids.ts';
import { checkRecipients, checkRichMenu, checkRichMenuImage, inspectImage } from './explicit-limits.ts';
import type { ApiContext, ApiResult } from './messaging.ts';
import { SimError, type Channel, type Friend, type RichMenu } from './model.ts';
import type { ErrorDetail } from './openapi.ts';
import type { RichMenuEndpoint, RichMenuSettings, RichMenuTap, WebhookDelivery } from './types.ts';

type Obj = Record<string, unknown>;

/** https://developers.line.biz/en/reference/messaging-api/#create-rich-menu: at most 1,000 menus per channel. */
export const MAX_RICH_MENUS = 1000;
/** #get-batch-control-rich-menus-progress-status: progress can be read for 14 days after acceptance. */
const BATCH_PROGRESS_TTL_MS = 14 * 24 * 3600 * 1000;
/**
 * insight.yml withholds the figures when the period's unique clickers are below a privacy threshold
 * without stating its value; the simulator uses 20 (LINE's threshold for its other per-user statistics).
 * A channel can change it through the control API.
 */
export const DEFAULT_INSIGHT_PRIVACY_THRESHOLD = 20;
/** insight.yml: `to` at most 396 days (summary) or 99 days (daily) after `from`; `from` within 3 years. */
const INSIGHT_MAX_DAYS = { summary: 396, daily: 99 } as const;
const INSIGHT_MAX_AGE_DAYS = 3 * 365;

const DAY_MS = 24 * 3600 * 1000;
/** Insight dates are JST (UTC+9) calendar days. */
const JST_OFFSET_MS = 9 * 3600 * 1000;

const ok = (json: unknown = {}, status = 200): ApiResult => ({ status, json });
const badRequest = (message: string, details?: ErrorDetail[]): SimError =>
  new SimError(400, message, details ? { details } : {});
const bodyError = (details: ErrorDetail[]): SimError =>
  badRequest(`The request body has ${details.length} error(s)`, details);

// --- state -----------------------------------------------------------------------------------

interface Tally {
  count: number;
  users: Set<string>;
}

/** Impressions and clicks of one menu per JST day (`yyyyMMdd`); clicks per area index. */
interface MenuStats {
  impressions: Map<string, Tally>;
  clicks: Map<number, Map<string, Tally>>;
}

interface RichMenuBatch {
  requestId: string;
  acceptedAt: number;
  /** The phase reads `ongoing` until then (the changes are applied at acceptance). */
  completesAt: number;
  failed: boolean;
}

/** A channel's rich-menu records beyond the menus themselves (model.ts `Channel.richMenuRecords`). */
export class RichMenuRecords {
  readonly stats = new Map<string, MenuStats>();
  /** Batches by request id (`x-line-request-id` of the accepted request). */
  readonly batches = new Map<string, RichMenuBatch>();
  /** resumeRequestKey -> request id of the last batch sent with it. */
  readonly resumeKeys = new Map<string, string>();
  batchFailAfterUsers: number | null = null;
  batchDurationMs = 0;
  insightPrivacyThreshold = DEFAULT_INSIGHT_PRIVACY_THRESHOLD;

  settings(): RichMenuSettings {
    return {
      batchFailAfterUsers: this.batchFailAfterUsers,
      batchDurationMs: this.batchDurationMs,
      insightPrivacyThreshold: this.insightPrivacyThreshold,
    };
  }

  /** Applies the given settings; throws 400 (nothing changed) when one is invalid. */
  configure(changes: Partial<RichMenuSettings>): RichMenuSettings {
    const { batchFailAfterUsers, batchDurationMs, insightPrivacyThreshold } = changes;
    const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
    if (batchFailAfterUsers !== undefined && batchFailAfterUsers !== null && !count(batchFailAfterUsers)) {
      throw new SimError(400, 'batchFailAfterUsers must be an integer >= 0 or null');
    }
    if (batchDurationMs !== undefined && !count(batchDurationMs)) {
      throw new SimError(400, 'batchDurationMs must be an integer >= 0');
    }
    if (insightPrivacyThreshold !== undefined && !count(insightPrivacyThreshold)) {
      throw new SimError(400, 'insightPrivacyThreshold must be an integer >= 0');
    }
    if (batchFailAfterUsers !== undefined) this.batchFailAfterUsers = batchFailAfterUsers;
    if (batchDurationMs !== undefined) this.batchDurationMs = batchDurationMs;
    if (insightPrivacyThreshold !== undefined) this.insightPrivacyThreshold = insightPrivacyThreshold;
    return this.settings();
  }

  menuStats(richMenuId: string): MenuStats {
    let s = this.stats.get(richMenuId);
    if (!s) {
      s = { impressions: new Map(), clicks: new Map() };
      this.stats.set(richMenuId, s);
    }
    return s;
  }
}

function tally(days: Map<string, Tally>, day: string, userId: string): void {
  let t = days.get(day);
  if (!t) {
    t = { count: 0, users: new Set() };
    days.set(day, t);
  }
  t.count++;
  t.users.add(userId);
}

/** `yyyyMMdd` of the JST day of `ms`. */
export function jstDay(ms: number): string {
  return new Date(ms + JST_OFFSET_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

/** Days since the epoch of a `yyyyMMdd` date, or null when it is not a calendar date. */
export function dayNumber(date: string): number | null {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(4, 6));
  const d = Number(date.slice(6, 8));
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) return null;
  return ms / DAY_MS;
}

export function dayString(dayNo: number): string {
  return new Date(dayNo * DAY_MS).toISOString().slice(0, 10).replace(/-/g, '');
}

// --- shared checks ---------------------------------------------------------------------------

function menuOr404(channel: Channel, id: string | undefined): RichMenu {
  const menu = id ? channel.richMenus.get(id) : undefined;
  if (!menu) throw new SimError(404, 'richmenu not found');
  return menu;
}

function requireImage(menu: RichMenu): void {
  if (!menu.image) throw badRequest('must upload richmenu image before applying it to user');
}

function checkRichMenuBody(body: unknown): void {
  const details = checkRichMenu(body);
  if (details.length) throw bodyError(details);
}

function checkUserIds(userIds: unknown): void {
  const details = checkRecipients(userIds, 'userIds', false);
  if (details.length) throw bodyError(details);
}

function menuJson(m: RichMenu) {
  return {
    richMenuId: m.richMenuId,
    size: m.size,
    selected: m.selected,
    name: m.name,
    chatBarText: m.chatBarText,
    areas: m.areas,
  };
}

function bodyOf(ctx: ApiContext): Obj {
  return (ctx.body ?? {}) as Obj;
}

// --- batch control ---------------------------------------------------------------------------

interface BatchOperation {
  type: 'link' | 'unlink' | 'unlinkAll';
  from?: string;
  to?: string;
}

/**
 * #batch-control-rich-menus-of-users: the menus an operation names must exist, and a menu linked to
 * users needs its image (as for the per-user link).
 */
function checkBatch(channel: Channel, operations: BatchOperation[]): void {
  const details: ErrorDetail[] = [];
  operations.forEach((op, i) => {
    for (const key of ['from', 'to'] as const) {
      const id = op[key];
      if (id === undefined) continue;
      const menu = channel.richMenus.get(id);
      if (!menu) details.push({ message: 'richmenu not found', property: `operations[${i}].${key}` });
      else if (key === 'to' && !menu.image) {
        details.push({
          message: 'must upload richmenu image before applying it to user',
          property: `operations[${i}].to`,
        });
      }
    }
  });
  if (details.length) throw bodyError(details);
}

/**
 * The per-user changes of a batch. LINE runs the operations in parallel per user, so each is
 * matched against the links as they were before the batch; a later operation wins for a user.
 */
function planBatch(channel: Channel, operations: BatchOperation[]): Map<string, string | null> {
  const changes = new Map<string, string | null>();
  for (const [userId, linked] of channel.userRichMenus) {
    for (const op of operations) {
      if (op.type === 'unlinkAll') changes.set(userId, null);
      else if (op.from === linked) changes.set(userId, op.type === 'link' ? op.to! : null);
    }
  }
  return changes;
}

function batchPhase(batch: RichMenuBatch, now: number): 'ongoing' | 'succeeded' | 'failed' {
  if (now < batch.completesAt) return 'ongoing';
  return batch.failed ? 'failed' : 'succeeded';
}

// --- insight ---------------------------------------------------------------------------------

interface Period {
  from: number;
  to: number;
}

/** insight.yml's rules for `from`/`to` beyond their pattern: calendar dates, order, span, age. */
function insightPeriod(ctx: ApiContext, maxDays: number): Period {
  const from = dayNumber(ctx.query['from'] ?? '');
  const to = dayNumber(ctx.query['to'] ?? '');
  const invalid = (property: string, message: string) =>
    badRequest('The request has 1 invalid parameter(s)', [{ message, property }]);
  if (from === null) throw invalid('from', 'Invalid date');
  if (to === null) throw invalid('to', 'Invalid date');
  if (to < from) throw invalid('to', 'must be on or after from');
  if (to - from > maxDays) throw invalid('to', `must be within ${maxDays} days after from`);
  const today = dayNumber(jstDay(ctx.now))!;
  if (from < today - INSIGHT_MAX_AGE_DAYS) throw invalid('from', 'must be within the most recent 3 years');
  // Figures exist up to today at most: the covered period ends there.
  return { from, to: Math.min(to, today) };
}

function sumDays(days: Map<string, Tally> | undefined, period: Period) {
  let count = 0;
  const users = new Set<string>();
  for (let d = period.from; d <= period.to; d++) {
    const t = days?.get(dayString(d));
    if (!t) continue;
    count += t.count;
    for (const u of t.users) users.add(u);
  }
  return { count, users };
}

function perDay(days: Map<string, Tally> | undefined, period: Period) {
  const out: { date: string; count: number; uniqueUsers: number }[] = [];
  for (let d = period.from; d <= period.to; d++) {
    const date = dayString(d);
    const t = days?.get(date);
    out.push({ date, count: t?.count ?? 0, uniqueUsers: t?.users.size ?? 0 });
  }
  return out;
}

/** The menu's stats when the period's unique clickers reach the threshold; null when withheld. */
function insightStats(ctx: ApiContext, menu: RichMenu, period: Period): MenuStats | null {
  const records = ctx.channel.richMenuRecords;
  const stats = records.stats.get(menu.richMenuId);
  const clickers = new Set<string>();
  for (const days of stats?.clicks.values() ?? []) for (const u of sumDays(days, period).users) clickers.add(u);
  if (!stats || clickers.size < records.insightPrivacyThreshold) return null;
  return stats;
}

function areaBounds(area: unknown) {
  return (area as { bounds: { x: number; y: number; width: number; height: number } }).bounds;
}

// --- handlers --------------------------------------------------------------------------------

export const richMenuHandlers: Record<RichMenuEndpoint, (ctx: ApiContext) => ApiResult> = {
  createRichMenu(ctx) {
    checkRichMenuBody(ctx.body);
    if (ctx.channel.richMenus.size >= MAX_RICH_MENUS) {
      throw badRequest(`The number of rich menus has reached the upper limit (${MAX_RICH_MENUS})`);
    }
    const b = bodyOf(ctx);
    const menu: RichMenu = {
      richMenuId: ids.richMenuId(),
      size: b['size'] as RichMenu['size'],
      selected: Boolean(b['selected']),
      name: String(b['name']),
      chatBarText: String(b['chatBarText']),
      areas: b['areas'] as unknown[],
    };
    ctx.channel.richMenus.set(menu.richMenuId, menu);
    return ok({ richMenuId: menu.richMenuId });
  },

  validateRichMenuObject(ctx) {
    checkRichMenuBody(ctx.body);
    return ok();
  },

  setRichMenuImage(ctx) {
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    // LINE: an image cannot be replaced; create a new rich menu instead.
    if (menu.image) throw badRequest('An image has already been uploaded to the richmenu');
    const contentType = ctx.headers['content-type'];
    const problem = checkRichMenuImage(ctx.raw, typeof contentType === 'string' ? contentType : undefined);
    if (problem) throw badRequest(problem);
    // #upload-rich-menu-image: the image must have the size given in the rich menu object.
    const info = inspectImage(ctx.raw)!;
    if (info.width !== menu.size.width || info.height !== menu.size.height) {
      throw badRequest(
        `The image size (${info.width}x${info.height}) must match the rich menu size (${menu.size.width}x${menu.size.height})`,
      );
    }
    menu.image = { bytes: ctx.raw, contentType: info.contentType };
    return ok();
  },

  getRichMenuImage(ctx) {
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    if (!menu.image) throw new SimError(404, 'Not found');
    return { status: 200, bytes: menu.image.bytes, contentType: menu.image.contentType };
  },

  getRichMenu(ctx) {
    return ok(menuJson(menuOr404(ctx.channel, ctx.params['richMenuId'])));
  },

  getRichMenuList(ctx) {
    return ok({ richmenus: [...ctx.channel.richMenus.values()].map(menuJson) });
  },

  deleteRichMenu(ctx) {
    const c = ctx.channel;
    const menu = menuOr404(c, ctx.params['richMenuId']);
    c.richMenus.delete(menu.richMenuId);
    if (c.defaultRichMenuId === menu.richMenuId) c.defaultRichMenuId = undefined;
    for (const [user, id] of c.userRichMenus) if (id === menu.richMenuId) c.userRichMenus.delete(user);
    for (const [alias, id] of c.aliases) if (id === menu.richMenuId) c.aliases.delete(alias);
    c.richMenuRecords.stats.delete(menu.richMenuId);
    return ok();
  },

  setDefaultRichMenu(ctx) {
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    requireImage(menu);
    ctx.channel.defaultRichMenuId = menu.richMenuId;
    return ok();
  },

  getDefaultRichMenuId(ctx) {
    if (!ctx.channel.defaultRichMenuId) throw new SimError(404, 'no default richmenu');
    return ok({ richMenuId: ctx.channel.defaultRichMenuId });
  },

  cancelDefaultRichMenu(ctx) {
    ctx.channel.defaultRichMenuId = undefined;
    return ok();
  },

  linkRichMenuIdToUser(ctx) {
    if (!/^U[0-9a-f]{32}$/.test(ctx.params['userId'] ?? '')) throw badRequest('invalid user ID');
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    requireImage(menu);
    ctx.channel.userRichMenus.set(ctx.params['userId'] ?? '', menu.richMenuId);
    return ok();
  },

  unlinkRichMenuIdFromUser(ctx) {
    ctx.channel.userRichMenus.delete(ctx.params['userId'] ?? '');
    return ok();
  },

  getRichMenuIdOfUser(ctx) {
    const id = ctx.channel.userRichMenus.get(ctx.params['userId'] ?? '');
    if (!id) throw new SimError(404, 'the user has no richmenu');
    return ok({ richMenuId: id });
  },

  linkRichMenuIdToUsers(ctx) {
    const b = bodyOf(ctx);
    checkUserIds(b['userIds']);
    const menu = menuOr404(ctx.channel, String(b['richMenuId']));
    requireImage(menu);
    for (const u of b['userIds'] as string[]) ctx.channel.userRichMenus.set(u, menu.richMenuId);
    return ok({}, 202);
  },

  unlinkRichMenuIdFromUsers(ctx) {
    const userIds = bodyOf(ctx)['userIds'];
    checkUserIds(userIds);
    for (const u of userIds as string[]) ctx.channel.userRichMenus.delete(u);
    return ok({}, 202);
  },

  /**
   * #batch-control-rich-menus-of-users: 202, processed in the background; progress by the request
   * id. The simulator applies the changes at once; the phase reads `ongoing` for the channel's
   * `batchDurationMs`, and a failure set through the control API stops it after some users. A
   * request with the `resumeRequestKey` of a failed batch resumes it: the operations are matched
   * against the current links, so the users already changed are not matched again. A key whose
   * batch is still ongoing is refused (409).
   */
  richMenuBatch(ctx) {
    const b = bodyOf(ctx);
    const operations = b['operations'] as BatchOperation[];
    checkBatch(ctx.channel, operations);
    const records = ctx.channel.richMenuRecords;
    const key = b['resumeRequestKey'] as string | undefined;
    const previous = key === undefined ? undefined : records.batches.get(records.resumeKeys.get(key) ?? '');
    if (previous && batchPhase(previous, ctx.now) === 'ongoing') {
      throw new SimError(409, 'A batch with the same resumeRequestKey is still in progress');
    }
    const failAfter = records.batchFailAfterUsers;
    records.batchFailAfterUsers = null;
    let applied = 0;
    for (const [userId, menuId] of planBatch(ctx.channel, operations)) {
      if (failAfter !== null && applied >= failAfter) break;
      if (menuId === null) ctx.channel.userRichMenus.delete(userId);
      else ctx.channel.userRichMenus.set(userId, menuId);
      applied++;
    }
    for (const [id, batch] of records.batches) {
      if (batch.acceptedAt <= ctx.now - BATCH_PROGRESS_TTL_MS) records.batches.delete(id);
    }
    records.batches.set(ctx.requestId, {
      requestId: ctx.requestId,
      acceptedAt: ctx.now,
      completesAt: ctx.now + records.batchDurationMs,
      failed: failAfter !== null,
    });
    if (key !== undefined) records.resumeKeys.set(key, ctx.requestId);
    return ok({}, 202);
  },

  validateRichMenuBatchRequest(ctx) {
    checkBatch(ctx.channel, bodyOf(ctx)['operations'] as BatchOperation[]);
    return ok();
  },

  getRichMenuBatchProgress(ctx) {
    const batch = ctx.channel.richMenuRecords.batches.get(ctx.query['requestId'] ?? '');
    if (!batch || batch.acceptedAt <= ctx.now - BATCH_PROGRESS_TTL_MS) throw new SimError(404, 'Not found');
    const phase = batchPhase(batch, ctx.now);
    return ok({
      phase,
      acceptedTime: new Date(batch.acceptedAt).toISOString(),
      ...(phase === 'ongoing' ? {} : { completedTime: new Date(batch.completesAt).toISOString() }),
    });
  },

  createRichMenuAlias(ctx) {
    const b = bodyOf(ctx);
    const aliasId = String(b['richMenuAliasId']);
    const menu = ctx.channel.richMenus.get(String(b['richMenuId']));
    if (!menu) throw badRequest('richmenu not found');
    if (ctx.channel.aliases.has(aliasId)) throw badRequest('conflict richmenu alias id');
    ctx.channel.aliases.set(aliasId, menu.richMenuId);
    return ok();
  },

  getRichMenuAlias(ctx) {
    const aliasId = ctx.params['richMenuAliasId'] ?? '';
    const id = ctx.channel.aliases.get(aliasId);
    if (!id) throw new SimError(404, 'richmenu alias not found');
    return ok({ richMenuAliasId: aliasId, richMenuId: id });
  },

  getRichMenuAliasList(ctx) {
    return ok({
      aliases: [...ctx.channel.aliases].map(([richMenuAliasId, richMenuId]) => ({ richMenuAliasId, richMenuId })),
    });
  },

  updateRichMenuAlias(ctx) {
    const aliasId = ctx.params['richMenuAliasId'] ?? '';
    if (!ctx.channel.aliases.has(aliasId)) throw badRequest('richmenu alias not found');
    const menu = ctx.channel.richMenus.get(String(bodyOf(ctx)['richMenuId']));
    if (!menu) throw badRequest('richmenu not found');
    ctx.channel.aliases.set(aliasId, menu.richMenuId);
    return ok();
  },

  deleteRichMenuAlias(ctx) {
    const aliasId = ctx.params['richMenuAliasId'] ?? '';
    if (!ctx.channel.aliases.delete(aliasId)) throw badRequest('richmenu alias not found');
    return ok();
  },

  getRichMenuInsightSummary(ctx) {
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    const period = insightPeriod(ctx, INSIGHT_MAX_DAYS.summary);
    const stats = insightStats(ctx, menu, period);
    if (!stats) return ok({ richMenuId: menu.richMenuId });
    const metrics = (days: Map<string, Tally> | undefined) => {
      const s = sumDays(days, period);
      return { count: s.count, uniqueUsers: s.users.size };
    };
    return ok({
      richMenuId: menu.richMenuId,
      metricsFrom: dayString(period.from),
      metricsTo: dayString(period.to),
      impression: { metrics: metrics(stats.impressions) },
      clicks: menu.areas.map((area, i) => ({ bounds: areaBounds(area), metrics: metrics(stats.clicks.get(i)) })),
    });
  },

  getRichMenuInsightDaily(ctx) {
    const menu = menuOr404(ctx.channel, ctx.params['richMenuId']);
    const period = insightPeriod(ctx, INSIGHT_MAX_DAYS.daily);
    const stats = insightStats(ctx, menu, period);
    if (!stats) return ok({ richMenuId: menu.richMenuId });
    return ok({
      richMenuId: menu.richMenuId,
      metricsFrom: dayString(period.from),
      metricsTo: dayString(period.to),
      impression: { metrics: perDay(stats.impressions, period) },
      clicks: menu.areas.map((area, i) => ({
        bounds: areaBounds(area),
        metrics: perDay(stats.clicks.get(i), period),
      })),
    });
  },
};

// --- the friend's side -----------------------------------------------------------------------

/** The menu a friend sees (per-user link, else the default) and where it comes from. */
export function shownRichMenu(friend: Friend): { menu: RichMenu; source: 'user' | 'default' } | undefined {
  const channel = friend.channel;
  const linked = channel.userRichMenus.get(friend.userId);
  const linkedMenu = linked ? channel.richMenus.get(linked) : undefined;
  if (linkedMenu) return { menu: linkedMenu, source: 'user' };
  const byDefault = channel.defaultRichMenuId ? channel.richMenus.get(channel.defaultRichMenuId) : undefined;
  return byDefault ? { menu: byDefault, source: 'default' } : undefined;
}

function shownOr409(friend: Friend): RichMenu {
  if (!friend.following) throw new SimError(409, `${friend.userId} is not following the channel`);
  const shown = shownRichMenu(friend);
  if (!shown) throw new SimError(409, 'no rich menu is shown to this friend');
  return shown.menu;
}

/** The friend opens the menu from the chat bar: one impression for LINE's insight. */
export function openRichMenu(friend: Friend): RichMenu {
  const menu = shownOr409(friend);
  const now = friend.channel.sim.now();
  tally(friend.channel.richMenuRecords.menuStats(menu.richMenuId).impressions, jstDay(now), friend.userId);
  return menu;
}

/**
 * The friend taps area `areaIndex` of the menu they see: counted for insight, then the action runs as
 * LINE's app runs it. `message` sends the text as the friend; `postback` sends a postback event;
 * `datetimepicker` a postback with the picked value (`picked`, else the action's `initial`);
 * `richmenuswitch` links the alias's menu to the friend (LINE's tab switching works through
 * per-user menus) and sends a postback with `newRichMenuAliasId` and `status`. Other actions (uri,
 * camera, location, clipboard) happen on the phone only: no webhook.
 */
export async function tapRichMenu(friend: Friend, areaIndex: number, picked?: string): Promise<RichMenuTap> {
  const menu = shownOr409(friend);
  const area = menu.areas[areaIndex] as { action?: Obj } | undefined;
  if (!Number.isInteger(areaIndex) || !area?.action) {
    throw new SimError(400, `areaIndex must be an area of the menu (0-${menu.areas.length - 1})`);
  }
  const channel = friend.channel;
  const clicks = channel.richMenuRecords.menuStats(menu.richMenuId).clicks;
  let days = clicks.get(areaIndex);
  if (!days) {
    days = new Map();
    clicks.set(areaIndex, days);
  }
  tally(days, jstDay(channel.sim.now()), friend.userId);

  const action = area.action;
  const data = String(action['data'] ?? '');
  let delivery: WebhookDelivery | null = null;
  switch (action['type']) {
    case 'message':
      delivery = await friend.sendText(String(action['text']));
      break;
    case 'postback':
      delivery = await friend.postback(data);
      break;
    case 'datetimepicker': {
      // The postback carries the picked value under the picker's mode: date, time or datetime.
      const mode = ['date', 'time'].includes(String(action['mode'])) ? String(action['mode']) : 'datetime';
      const value = picked ?? (typeof action['initial'] === 'string' ? action['initial'] : undefined);
      delivery = await friend.postback(data, value === undefined ? undefined : { [mode]: value });
      break;
    }
    case 'richmenuswitch': {
      const aliasId = String(action['richMenuAliasId']);
      const target = channel.aliases.get(aliasId);
      let status = 'SUCCESS';
      if (target === undefined) status = 'RICHMENU_ALIAS_ID_NOTFOUND';
      else if (!channel.richMenus.get(target)?.image) status = 'RICHMENU_NOTFOUND';
      else channel.userRichMenus.set(friend.userId, target);
      delivery = await friend.postback(data, { newRichMenuAliasId: aliasId, status });
      break;
    }
  }
  return {
    richMenuId: menu.richMenuId,
    areaIndex,
    action,
    delivery,
    richMenuIdAfter: shownRichMenu(friend)?.menu.richMenuId ?? null,
  };
}
