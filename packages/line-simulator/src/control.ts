/**
 * `/_sim/...`: JSON control routes so another process (the console's demo phone panel,
 * benchmarks, end-to-end tests) can drive the simulator. No auth; loopback clients only.
 * The routes are listed in the package README.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';
import type { Channel, Friend, RichMenu } from './model.ts';
import { SimError } from './model.ts';
import { isLoopback, writeJson } from './http-util.ts';
import { shownRichMenu } from './rich-menus.ts';
import type { Simulator } from './simulator.ts';
import type { ChannelInit, EndpointName, FaultMode, FriendInit } from './types.ts';

type Obj = Record<string, unknown>;
type Handler = (ctx: ControlContext) => Promise<unknown> | unknown;

interface ControlContext {
  sim: Simulator;
  req: http.IncomingMessage;
  res: http.ServerResponse;
  url: URL;
  params: Record<string, string>;
  raw: Buffer;
  json(): Obj;
}

const MAX_CONTROL_BODY = 5 * 1024 * 1024;

function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_CONTROL_BODY) chunks.push(c);
    });
    req.on('end', () =>
      size > MAX_CONTROL_BODY ? reject(new SimError(413, 'body too large')) : resolve(Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}

function channelOf(ctx: ControlContext): Channel {
  const c = ctx.sim.channel(ctx.params['channelId'] ?? '');
  if (!c) throw new SimError(404, `no channel ${ctx.params['channelId']}`);
  return c;
}

function friendOf(ctx: ControlContext): Friend {
  const f = ctx.sim.friend(ctx.params['userId'] ?? '');
  if (!f) throw new SimError(404, `no friend ${ctx.params['userId']}`);
  return f;
}

function str(v: unknown, name: string): string {
  if (typeof v !== 'string' || v === '') throw new SimError(400, `${name} must be a non-empty string`);
  return v;
}

function optStr(v: unknown, name: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new SimError(400, `${name} must be a string`);
  return v;
}

function page<T>(ctx: ControlContext, items: T[]) {
  const offset = Math.max(0, Number(ctx.url.searchParams.get('offset') ?? 0) || 0);
  const limit = Math.max(0, Number(ctx.url.searchParams.get('limit') ?? 1000) || 1000);
  return { total: items.length, offset, items: items.slice(offset, offset + limit) };
}

function friendInit(b: Obj): FriendInit {
  const p: FriendInit = {};
  const displayName = optStr(b['displayName'], 'displayName');
  const pictureUrl = optStr(b['pictureUrl'], 'pictureUrl');
  const statusMessage = optStr(b['statusMessage'], 'statusMessage');
  const language = optStr(b['language'], 'language');
  if (displayName !== undefined) p.displayName = displayName;
  if (pictureUrl !== undefined) p.pictureUrl = pictureUrl;
  if (statusMessage !== undefined) p.statusMessage = statusMessage;
  if (language !== undefined) p.language = language;
  if (b['following'] !== undefined) p.following = Boolean(b['following']);
  return p;
}

function quotaLimit(v: unknown): number | null {
  if (v === null) return null;
  if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
    throw new SimError(400, 'limit must be a number >= 0 or null');
  return v;
}

function avatarSvg(friend: Friend | undefined, userId: string): string {
  const hue = parseInt(createHash('sha1').update(userId).digest('hex').slice(0, 4), 16) % 360;
  const initial = friend ? ([...friend.profile.displayName][0] ?? '?') : '?';
  const escaped = initial.replace(/[<>&"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160">` +
    `<rect width="160" height="160" fill="hsl(${hue},55%,55%)"/>` +
    `<text x="80" y="104" font-size="72" text-anchor="middle" fill="#fff" font-family="sans-serif">${escaped}</text></svg>`
  );
}

const routes: [string, RegExp, Handler][] = [];
function route(method: string, pattern: string, handler: Handler) {
  const re = new RegExp('^' + pattern.replace(/:(\w+)/g, '(?<$1>[^/]+)') + '$');
  routes.push([method, re, handler]);
}

route('GET', '/_sim/health', () => ({ ok: true }));

route('GET', '/_sim/channels', ({ sim }) => sim.channels().map((c) => c.toJSON()));
route('POST', '/_sim/channels', ({ sim, json, res }) => {
  const b = json();
  const init: ChannelInit = {
    channelId: str(b['channelId'], 'channelId'),
    channelSecret: str(b['channelSecret'], 'channelSecret'),
    channelAccessToken: str(b['channelAccessToken'], 'channelAccessToken'),
  };
  const webhookUrl = optStr(b['webhookUrl'], 'webhookUrl');
  if (webhookUrl !== undefined) init.webhookUrl = webhookUrl;
  const botName = optStr(b['botName'], 'botName');
  if (botName !== undefined) init.botName = botName;
  const basicId = optStr(b['basicId'], 'basicId');
  if (basicId !== undefined) init.basicId = basicId;
  if (b['redelivery'] !== undefined) init.redelivery = Boolean(b['redelivery']);
  if (b['quota'] !== undefined) init.quota = quotaLimit(b['quota']);
  res.statusCode = 201;
  return sim.addChannel(init).toJSON();
});
route('GET', '/_sim/channels/:channelId', (ctx) => channelOf(ctx).toJSON());
route('PATCH', '/_sim/channels/:channelId', (ctx) => {
  const c = channelOf(ctx);
  const b = ctx.json();
  if ('webhookUrl' in b) c.setWebhookUrl(optStr(b['webhookUrl'], 'webhookUrl') ?? null);
  if ('redelivery' in b) c.setRedelivery(Boolean(b['redelivery']));
  if ('botName' in b) c.botName = str(b['botName'], 'botName');
  return c.toJSON();
});
const setQuota: Handler = (ctx) => {
  const c = channelOf(ctx);
  const b = ctx.json();
  const used = b['used'];
  if (used !== undefined && (typeof used !== 'number' || used < 0))
    throw new SimError(400, 'used must be a number >= 0');
  c.setQuota('limit' in b ? quotaLimit(b['limit']) : c.quota().limit, used as number | undefined);
  return c.quota();
};
route('PUT', '/_sim/channels/:channelId/token', (ctx) => {
  const c = channelOf(ctx);
  const b = ctx.json();
  if (!('channelAccessToken' in b)) throw new SimError(400, 'channelAccessToken is required (null revokes the token)');
  c.setChannelAccessToken(b['channelAccessToken'] === null ? null : str(b['channelAccessToken'], 'channelAccessToken'));
  return { channelAccessToken: c.channelAccessToken };
});
route('PUT', '/_sim/channels/:channelId/quota', setQuota);
route('POST', '/_sim/channels/:channelId/quota', setQuota);
route('GET', '/_sim/channels/:channelId/quota', (ctx) => channelOf(ctx).quota());

route('GET', '/_sim/channels/:channelId/friends', (ctx) => {
  let friends = channelOf(ctx).friendOrder;
  const following = ctx.url.searchParams.get('following');
  if (following !== null) friends = friends.filter((f) => f.following === (following === 'true'));
  const p = page(ctx, friends);
  return { ...p, items: p.items.map((f) => f.toJSON()) };
});
route('POST', '/_sim/channels/:channelId/friends', (ctx) => {
  ctx.res.statusCode = 201;
  return channelOf(ctx).createFriend(friendInit(ctx.json())).toJSON();
});
route('POST', '/_sim/channels/:channelId/friends/bulk', (ctx) => {
  const count = ctx.json()['count'];
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > 1_000_000) {
    throw new SimError(400, 'count must be an integer between 1 and 1000000');
  }
  ctx.res.statusCode = 201;
  const friends = channelOf(ctx).createFriends(count);
  return { count, userIds: friends.map((f) => f.userId) };
});
route('GET', '/_sim/channels/:channelId/sent', (ctx) => {
  const c = channelOf(ctx);
  const to = ctx.url.searchParams.get('to');
  return page(ctx, to ? c.sent.filter((s) => s.to === to) : c.sent);
});
route('GET', '/_sim/channels/:channelId/webhooks', (ctx) => page(ctx, channelOf(ctx).deliveries));
route('GET', '/_sim/channels/:channelId/richmenus', (ctx) => {
  const c = channelOf(ctx);
  return [...c.richMenus.values()].map(({ image, ...m }) => ({
    ...m,
    hasImage: Boolean(image),
    isDefault: c.defaultRichMenuId === m.richMenuId,
    aliases: [...c.aliases].filter(([, id]) => id === m.richMenuId).map(([a]) => a),
  }));
});
route('GET', '/_sim/channels/:channelId/richmenu-settings', (ctx) => channelOf(ctx).richMenuRecords.settings());
route('PUT', '/_sim/channels/:channelId/richmenu-settings', (ctx) => {
  const b = ctx.json();
  return channelOf(ctx).setRichMenuSettings({
    ...('batchFailAfterUsers' in b ? { batchFailAfterUsers: b['batchFailAfterUsers'] as number | null } : {}),
    ...('batchDurationMs' in b ? { batchDurationMs: b['batchDurationMs'] as number } : {}),
    ...('insightPrivacyThreshold' in b ? { insightPrivacyThreshold: b['insightPrivacyThreshold'] as number } : {}),
  });
});
route('GET', '/_sim/channels/:channelId/insight-settings', (ctx) => channelOf(ctx).insight.settings());
route('PUT', '/_sim/channels/:channelId/insight-settings', (ctx) => {
  const b = ctx.json();
  return channelOf(ctx).setInsightSettings({
    ...('unready' in b ? { unready: b['unready'] as boolean } : {}),
    ...('countingDelayMs' in b ? { countingDelayMs: b['countingDelayMs'] as number } : {}),
    ...('demographicsThreshold' in b ? { demographicsThreshold: b['demographicsThreshold'] as number } : {}),
  });
});
/** LINE suspends the channel's account (the `botSuspended` webhook, 403 on every call) or lifts it (`botResumed`). */
route('POST', '/_sim/channels/:channelId/suspend', (ctx) => channelOf(ctx).suspend());
route('POST', '/_sim/channels/:channelId/resume', (ctx) => channelOf(ctx).resume());
route('GET', '/_sim/channels/:channelId/richmenus/:richMenuId/image', (ctx) => {
  const menu = channelOf(ctx).richMenus.get(ctx.params['richMenuId'] ?? '');
  if (!menu?.image) throw new SimError(404, 'no such rich menu image');
  return { bytes: menu.image.bytes, contentType: menu.image.contentType };
});
route('GET', '/_sim/channels/:channelId/content/:messageId', (ctx) => {
  const content = channelOf(ctx).contents.get(ctx.params['messageId'] ?? '');
  if (!content) throw new SimError(404, 'no such content');
  return { bytes: content.bytes, contentType: content.contentType };
});

route('GET', '/_sim/friends/:userId', (ctx) => friendOf(ctx).toJSON());
route('POST', '/_sim/friends/:userId/follow', (ctx) => friendOf(ctx).follow());
route('POST', '/_sim/friends/:userId/unfollow', (ctx) => friendOf(ctx).unfollow());
route('POST', '/_sim/friends/:userId/text', (ctx) => friendOf(ctx).sendText(str(ctx.json()['text'], 'text')));
route('POST', '/_sim/friends/:userId/image', (ctx) => {
  const friend = friendOf(ctx);
  const type = String(ctx.req.headers['content-type'] ?? '');
  let bytes: Buffer | undefined;
  if (type.startsWith('image/')) bytes = ctx.raw;
  else if (ctx.raw.length) {
    const b64 = optStr(ctx.json()['base64'], 'base64');
    if (b64) bytes = Buffer.from(b64, 'base64');
  }
  return friend.sendImage(bytes);
});
route('POST', '/_sim/friends/:userId/sticker', (ctx) => {
  const b = ctx.json();
  return friendOf(ctx).sendSticker(str(b['packageId'], 'packageId'), str(b['stickerId'], 'stickerId'));
});
route('POST', '/_sim/friends/:userId/postback', (ctx) => {
  const b = ctx.json();
  const params = b['params'];
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    throw new SimError(400, 'params must be an object of strings');
  }
  return friendOf(ctx).postback(str(b['data'], 'data'), params as Record<string, string> | undefined);
});
route('GET', '/_sim/friends/:userId/inbox', (ctx) => friendOf(ctx).inbox());
route('GET', '/_sim/friends/:userId/outbox', (ctx) => friendOf(ctx).outbox());
route('GET', '/_sim/friends/:userId/conversation', (ctx) => friendOf(ctx).conversation());
/** The menu the friend sees (per-user link, else the default), as the phone panel draws it. */
function richMenuView(ctx: ControlContext, friend: Friend, menu: RichMenu, source: 'user' | 'default') {
  const { image, ...rest } = menu;
  return {
    ...rest,
    source,
    imageUrl: image ? `${ctx.sim.url}/_sim/channels/${friend.channelId}/richmenus/${menu.richMenuId}/image` : null,
  };
}
route('GET', '/_sim/friends/:userId/richmenu', (ctx) => {
  const f = friendOf(ctx);
  const shown = shownRichMenu(f);
  if (!shown) throw new SimError(404, 'no rich menu for this friend');
  return richMenuView(ctx, f, shown.menu, shown.source);
});
route('POST', '/_sim/friends/:userId/richmenu/open', (ctx) => {
  const f = friendOf(ctx);
  f.openRichMenu();
  const shown = shownRichMenu(f)!;
  return richMenuView(ctx, f, shown.menu, shown.source);
});
route('POST', '/_sim/friends/:userId/richmenu/tap', (ctx) => {
  const b = ctx.json();
  const areaIndex = b['areaIndex'];
  if (typeof areaIndex !== 'number') throw new SimError(400, 'areaIndex must be a number');
  return friendOf(ctx).tapRichMenu(areaIndex, optStr(b['picked'], 'picked'));
});

route('GET', '/_sim/faults', ({ sim }) => sim.faults.pending());
route('POST', '/_sim/faults', ({ sim, json, res }) => {
  const b = json();
  const fault: { channelId?: string; endpoint?: EndpointName; mode: FaultMode; count: number } = {
    mode: str(b['mode'], 'mode') as FaultMode,
    count: typeof b['count'] === 'number' ? b['count'] : 1,
  };
  const channelId = optStr(b['channelId'], 'channelId');
  if (channelId !== undefined) fault.channelId = channelId;
  const endpoint = optStr(b['endpoint'], 'endpoint');
  if (endpoint !== undefined) fault.endpoint = endpoint as EndpointName;
  sim.faults.inject(fault);
  res.statusCode = 201;
  return sim.faults.pending();
});
route('DELETE', '/_sim/faults', ({ sim }) => {
  sim.faults.clear();
  return sim.faults.pending();
});
const setLatency: Handler = ({ sim, json }) => {
  const ms = json()['ms'];
  sim.faults.setLatency(typeof ms === 'number' ? ms : Number.NaN);
  return { ms };
};
route('PUT', '/_sim/latency', setLatency);
route('POST', '/_sim/latency', setLatency);

route('GET', '/_sim/avatar/:file', (ctx) => {
  const userId = (ctx.params['file'] ?? '').replace(/\.svg$/, '');
  return { bytes: Buffer.from(avatarSvg(ctx.sim.friend(userId), userId)), contentType: 'image/svg+xml' };
});

function isBinary(v: unknown): v is { bytes: Buffer; contentType: string } {
  return typeof v === 'object' && v !== null && Buffer.isBuffer((v as Obj)['bytes']);
}

export async function handleControl(
  sim: Simulator,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  url: URL,
): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) throw new SimError(403, 'the /_sim control API is loopback-only');
  const method = req.method ?? 'GET';
  let found: { handler: Handler; params: Record<string, string> } | undefined;
  let pathMatched = false;
  for (const [m, re, handler] of routes) {
    const match = re.exec(url.pathname);
    if (!match) continue;
    pathMatched = true;
    if (m === method) {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries(match.groups ?? {})) params[k] = decodeURIComponent(v);
      found = { handler, params };
      break;
    }
  }
  if (!found) throw new SimError(pathMatched ? 405 : 404, pathMatched ? 'method not allowed' : 'no such control route');
  const raw = await readRaw(req);
  let parsed: Obj | undefined;
  const result = await found.handler({
    sim,
    req,
    res,
    url,
    params: found.params,
    raw,
    json: () => {
      if (parsed) return parsed;
      if (raw.length === 0) return (parsed = {});
      try {
        const v: unknown = JSON.parse(raw.toString('utf8'));
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
        return (parsed = v as Obj);
      } catch {
        throw new SimError(400, 'the body must be a JSON object');
      }
    },
  });
  if (isBinary(result)) {
    res.writeHead(200, { 'content-type': result.contentType, 'content-length': String(result.bytes.length) });
    res.end(result.bytes);
    return;
  }
  writeJson(res, res.statusCode || 200, result ?? {});
}
