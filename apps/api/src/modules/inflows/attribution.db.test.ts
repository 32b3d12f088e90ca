/**
 * Attribution through the simulator's LINE Login, end to end: the /inflow page's visit, LINE's
 * consent page (a virtual friend adds the channel), the callback and the follow webhook in either
 * order: the friend is attributed once, the route's actions run once ("first add only"), an unblock
 * is not a friend added, and a login without adding stays a visit with a known LINE user.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SimChannel, SimFriend } from '@linq/line-simulator';
import { conversionsApi, dashboardApi, inflowPublicApi, inflowsApi as api, type InflowInput } from '@linq/contract';
import type { Caller } from '../../test/kit.ts';
import { useTestApp } from '../../test/kit.ts';
import { waitFor } from '../../test/wait.ts';
import { friends } from '../friends/schema.ts';
import { friendMarks, friendTags } from '../labels/schema.ts';
import { lineAccounts } from '../line-accounts/schema.ts';
import { activePlan, engineChannel, listening } from '../plan-engine/test-support.ts';
import { planEnrolments } from '../plans/schema.ts';
import { simplePlan } from '../plans/test-support.ts';
import { inflowPendingFollows, inflowVisits } from './schema.ts';

const t = useTestApp({ simulator: true });
let consoleUrl: string;
let channel: SimChannel;
let lineAccountId: number;
let as: Caller;
let webhookUrl: string;

beforeAll(async () => {
  consoleUrl = await listening(t);
});
beforeEach(async () => {
  ({ channel, lineAccountId, as } = await engineChannel(t, consoleUrl));
  webhookUrl = channel.webhookUrl!;
  // The simulator's login pair is the channel's; mark it checked, as saving the settings does.
  await t.db
    .update(lineAccounts)
    .set({ loginCheckedAt: new Date(), loginCheckError: null })
    .where(eq(lineAccounts.id, lineAccountId));
});

const createRoute = async (name: string, more: Partial<InflowInput> = {}) =>
  (await t.call(api.create, { body: { name, ...more } }, as)).output.data;

/** The /inflow page's call: answers the authorize URL. */
async function visit(code: string, extra: Record<string, string> = {}) {
  const answer = await t.send(
    inflowPublicApi.visit,
    { body: { code, referrer: 'https://www.instagram.com/', ...extra }, headers: { 'user-agent': 'TestPhone/1.0' } },
    {},
  );
  expect(answer.status).toBe(200);
  return (answer.json.data as { mode: string; redirect_url: string }).redirect_url;
}

/**
 * The tester on LINE's consent page: as a new LINE user (`displayName`) or a virtual friend
 * (`userId`), adding the channel or not. Answers the callback URL LINE redirects to.
 */
async function consent(authorizeUrl: string, who: { displayName?: string; userId?: string }, addFriend: boolean) {
  const form = new URL(authorizeUrl).searchParams;
  form.set('action', 'allow');
  if (who.displayName) form.set('displayName', who.displayName);
  if (who.userId) form.set('userId', who.userId);
  form.set('addFriend', String(addFriend));
  const response = await fetch(new URL('/oauth2/v2.1/authorize', authorizeUrl), {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The browser following LINE's redirect to our callback: answers our answer (a redirect). */
async function callbackResponse(location: URL) {
  expect(`${location.origin}${location.pathname}`).toBe(
    `${consoleUrl.replace('127.0.0.1', 'localhost')}/api/public/inflow_login/callback`,
  );
  const query = Object.fromEntries(location.searchParams);
  const response = await t.request({ method: 'GET', path: '/public/inflow_login/callback', query });
  expect(response.status).toBe(302);
  return response;
}

/** The callback as the browser follows it: answers where we send the visitor. */
async function callback(location: URL): Promise<string> {
  return String((await callbackResponse(location)).headers.location);
}

/** The follow the simulator could not deliver (no webhook URL then), delivered now as LINE would. */
async function deliverHeldFollow(userId: string) {
  const held = channel
    .webhookDeliveries()
    .find((d) => d.url === null && d.events.some((e) => e.type === 'follow' && e.source?.userId === userId))!;
  const response = await fetch(webhookUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-line-signature': held.signature },
    body: held.body,
  });
  expect(response.status).toBe(200);
}

const friendRow = (userId: string) =>
  waitFor(async () => {
    const [row] = await t.db
      .select()
      .from(friends)
      .where(and(eq(friends.lineAccountId, lineAccountId), eq(friends.lineUserId, userId)));
    return row;
  });

async function inflowsOf(friendId: number) {
  return (await t.call(api.ofFriend, { params: { friend_id: friendId } }, as)).output.data;
}
const attributionsOf = (friendId: number) =>
  waitFor(async () => {
    const found = await inflowsOf(friendId);
    return found.attributions.length > 0 ? found : undefined;
  });
async function tagsOf(friendId: number) {
  return (await t.db.select().from(friendTags).where(eq(friendTags.friendId, friendId))).map((row) => row.tagId);
}
async function marksOf(friendId: number) {
  return (await t.db.select().from(friendMarks).where(eq(friendMarks.friendId, friendId))).map((row) => row.markId);
}
const userOf = (name: string): SimFriend => channel.friends().find((f) => f.profile.displayName === name)!;

describe('attribution through LINE Login', () => {
  it('visit → callback → follow: attributed once, the visit keeps its parameters, the tag is put once', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const route = await createRoute('Instagram広告', { actions: { mode: 'first_add_only', tag_ids: [tag.id] } });
    expect(route.attribution).toMatchObject({ mode: 'line_login', reason: 'ok' });

    const authorize = await visit(route.code, { utm_source: 'instagram', gclid: 'G-1', ldtag_cl: 'L-1' });
    const authorizeUrl = new URL(authorize);
    expect(authorizeUrl.pathname).toBe('/oauth2/v2.1/authorize');
    expect(authorizeUrl.searchParams.get('bot_prompt')).toBe('aggressive');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(channel.login.channelId);

    // The follow is held back: the callback comes first.
    channel.setWebhookUrl(null);
    const location = await consent(authorize, { displayName: '先にログイン' }, true);
    expect(location.searchParams.get('friendship_status_changed')).toBe('true');
    channel.setWebhookUrl(webhookUrl);
    const to = await callback(location);
    expect(to).toMatch(/\/inflow\?done=added$/);
    const [stored] = await t.db.select().from(inflowVisits).where(eq(inflowVisits.routeId, route.id));
    expect(stored).toMatchObject({
      phase: 'awaiting_follow',
      userAgent: 'TestPhone/1.0',
      referrer: 'https://www.instagram.com/',
      params: { utm_source: 'instagram', gclid: 'G-1', ldtag_cl: 'L-1' },
      lineUserId: userOf('先にログイン').userId,
      friendshipStatusChanged: true,
      friendFlag: true,
    });

    await deliverHeldFollow(userOf('先にログイン').userId);
    const friend = await friendRow(userOf('先にログイン').userId);
    const inflows = await attributionsOf(friend.id);
    expect(inflows.first).toMatchObject({ route_id: route.id, route_name: 'Instagram広告' });
    expect(inflows.attributions).toEqual([
      expect.objectContaining({ kind: 'new', actions_applied: true, route_id: route.id }),
    ]);
    expect(await tagsOf(friend.id)).toEqual([tag.id]);

    // A redelivered follow attributes nothing more.
    await deliverHeldFollow(userOf('先にログイン').userId);
    expect((await inflowsOf(friend.id)).attributions).toHaveLength(1);

    const { output } = await t.call(api.get, { params: { id: route.id } }, as);
    expect(output.data.stats).toMatchObject({ visits: 1, friends_added: 1, blocks: 0 });
    // The dashboard's top routes count the friend the route brought, once.
    const top = await waitFor(async () =>
      (await t.call(dashboardApi.get, { query: { days: '7' } }, as)).output.data.tops.find(
        (entry) => entry.kind === 'inflows',
      ),
    );
    expect(top.items).toEqual([{ id: route.id, label: 'Instagram広告', value: 1 }]);
  });

  it('visit → follow → callback: the callback finds the follow and attributes once', async () => {
    const mark = await t.factory.mark(lineAccountId);
    const route = await createRoute('店頭QR', { actions: { mode: 'first_add_only', mark_ids: [mark.id] } });
    const authorize = await visit(route.code);
    const location = await consent(authorize, { displayName: '先に追加' }, true);
    const friend = await friendRow(userOf('先に追加').userId);
    // The follow was processed before the callback: it waits, taken by no visit yet.
    await waitFor(async () => {
      const [pending] = await t.db
        .select()
        .from(inflowPendingFollows)
        .where(eq(inflowPendingFollows.friendId, friend.id));
      return pending;
    });
    expect((await inflowsOf(friend.id)).attributions).toEqual([]);

    expect(await callback(location)).toMatch(/\/inflow\?done=added$/);
    const inflows = await inflowsOf(friend.id);
    expect(inflows.attributions).toEqual([expect.objectContaining({ kind: 'new', actions_applied: true })]);
    expect(await marksOf(friend.id)).toEqual([mark.id]);
  });

  it('the callback sets the friend cookie; their conversion counts on the route, with the ad click id', async () => {
    const route = await createRoute('検索広告', {
      costs: [{ from: '2000-01-01', to: '2099-12-31', amount: 1_000_000 }],
    });
    const location = await consent(await visit(route.code, { gclid: 'G-CV' }), { displayName: '購入者' }, true);
    const friend = await friendRow(userOf('購入者').userId);
    const answer = await callbackResponse(location);
    const cookie = String(answer.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^linq_friend_${lineAccountId}=[^;]+;.*HttpOnly; SameSite=Lax`));
    await attributionsOf(friend.id);

    // The friend reaches a conversion page later, known by the cookie alone.
    const point = (await t.call(conversionsApi.create, { body: { name: '購入完了', value: 3000 } }, as)).output.data;
    const code = new URL(point.page_path, 'https://console.test').searchParams.get('c')!;
    const hit = await t.request({
      method: 'GET',
      path: `/public/conversions/${encodeURIComponent(code)}`,
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(hit.status).toBe(200);

    const { output } = await t.call(api.get, { params: { id: route.id } }, as);
    expect(output.data.stats).toMatchObject({ friends_added: 1, conversions: 1 });
    expect(output.data.stats.cost_per_conversion).toBe(output.data.stats.cost);
    const byInflow = await t.call(conversionsApi.breakdown, { params: { id: point.id }, query: { by: 'inflow' } }, as);
    expect(byInflow.output.data.map((row) => [row.id, row.name, row.count])).toEqual([[route.id, '検索広告', 1]]);
    const ads = await t.send(conversionsApi.adExport, { params: { id: point.id } }, as);
    expect(ads.text.split('\r\n')[1]).toMatch(/^G-CV,購入完了,.*,3000,JPY$/);
  });

  it('a repeat visit: a revisit (last touch), "first add only" actions never again, "every time" ones again', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const mark = await t.factory.mark(lineAccountId);
    const first = await createRoute('最初', { actions: { mode: 'first_add_only', tag_ids: [tag.id] } });
    const again = await createRoute('毎回', { actions: { mode: 'every_time', mark_ids: [mark.id] } });

    await callback(await consent(await visit(first.code), { displayName: '常連' }, true));
    const friend = await friendRow(userOf('常連').userId);
    await attributionsOf(friend.id);
    // Staff took the tag off; a second pass through the first route does not put it back.
    await t.db.delete(friendTags).where(eq(friendTags.friendId, friend.id));
    const location = await consent(await visit(first.code), { userId: userOf('常連').userId }, false);
    expect(location.searchParams.get('friendship_status_changed')).toBe('false');
    expect(await callback(location)).toMatch(/done=added$/);
    expect(await tagsOf(friend.id)).toEqual([]);

    await callback(await consent(await visit(again.code), { userId: userOf('常連').userId }, false));
    expect(await marksOf(friend.id)).toEqual([mark.id]);
    const inflows = await inflowsOf(friend.id);
    expect(inflows.first).toMatchObject({ route_id: first.id });
    expect(inflows.last).toMatchObject({ route_id: again.id });
    expect(inflows.attributions.map((a) => [a.route_id, a.kind, a.actions_applied])).toEqual([
      [again.id, 'revisit', true],
      [first.id, 'revisit', false],
      [first.id, 'new', true],
    ]);
    const { output } = await t.call(api.get, { params: { id: first.id } }, as);
    expect(output.data.stats).toMatchObject({ visits: 2, friends_added: 1 });
  });

  it('an unblock is attributed, but is no friend added and runs no "first add only" action', async () => {
    const tag = await t.factory.tag(lineAccountId);
    const route = await createRoute('チラシ', { actions: { mode: 'first_add_only', tag_ids: [tag.id] } });
    const simFriend = channel.createFriend({ displayName: 'ブロック解除' });
    await simFriend.follow();
    const friend = await friendRow(simFriend.userId);
    await simFriend.unfollow();
    await waitFor(async () => {
      const [row] = await t.db.select().from(friends).where(eq(friends.id, friend.id));
      return row?.status === 'blocked' ? row : undefined;
    });

    const location = await consent(await visit(route.code), { userId: simFriend.userId }, true);
    await callback(location);
    const inflows = await attributionsOf(friend.id);
    expect(inflows.attributions).toEqual([expect.objectContaining({ kind: 'unblock', actions_applied: false })]);
    expect(await tagsOf(friend.id)).toEqual([]);
    const { output } = await t.call(api.get, { params: { id: route.id } }, as);
    expect(output.data.stats).toMatchObject({ visits: 1, friends_added: 0 });
  });

  it('starts the scenarios triggered by the route for a friend added through it', async () => {
    const route = await createRoute('シナリオ付き');
    const detail = simplePlan('scenario', '流入経路で開始');
    const plan = await activePlan(t, as, {
      ...detail,
      plan: { ...detail.plan, scenario_trigger: 'inflow_attributed', trigger_ref_id: route.id },
    });
    await callback(await consent(await visit(route.code), { displayName: 'シナリオ' }, true));
    const friend = await friendRow(userOf('シナリオ').userId);
    const enrolment = await waitFor(async () => {
      const [row] = await t.db
        .select()
        .from(planEnrolments)
        .where(and(eq(planEnrolments.friendId, friend.id), eq(planEnrolments.planId, plan.plan.id!)));
      return row;
    });
    expect(enrolment.trigger).toBe('inflow_attributed');
  });

  it('a login without adding stays a visit with a known LINE user; cancelling ends on the done page', async () => {
    const route = await createRoute('見るだけ', { destination_url: 'https://shop.example.com/thanks' });
    const authorize = await visit(route.code);
    const location = await consent(authorize, { displayName: '追加しない' }, false);
    expect(await callback(location)).toBe('https://shop.example.com/thanks');
    const [stored] = await t.db.select().from(inflowVisits).where(eq(inflowVisits.routeId, route.id));
    expect(stored).toMatchObject({ phase: 'logged_in', lineUserId: userOf('追加しない').userId, friendFlag: false });

    const denied = new URL(authorize).searchParams;
    denied.set('action', 'deny');
    const refused = await fetch(new URL('/oauth2/v2.1/authorize', authorize), {
      method: 'POST',
      body: denied,
      redirect: 'manual',
    });
    expect(await callback(new URL(refused.headers.get('location')!))).toBe('https://shop.example.com/thanks');
    // A state no visit has goes to the done page as failed.
    const unknown = await t.request({
      method: 'GET',
      path: '/public/inflow_login/callback',
      query: { state: 'nope', code: 'x' },
    });
    expect(String(unknown.headers.location)).toMatch(/\/inflow\?done=failed$/);
  });

  it('a plain route (or a channel without a working LINE Login) sends the visitor to the add-friend link', async () => {
    const route = await createRoute('プレーン', { use_login: false });
    expect(route.attribution).toMatchObject({ mode: 'plain', reason: 'route_plain' });
    // Without its basic id (not read from LINE yet) the visitor ends on the done page.
    const early = await t.send(inflowPublicApi.visit, { body: { code: route.code } }, {});
    expect((early.json.data as { redirect_url: string }).redirect_url).toMatch(/\/inflow\?done=not_added$/);
    await t.db.update(lineAccounts).set({ basicId: channel.basicId }).where(eq(lineAccounts.id, lineAccountId));
    const answer = await t.send(inflowPublicApi.visit, { body: { code: route.code } }, {});
    expect(answer.json.data).toEqual({
      mode: 'plain',
      redirect_url: `https://line.me/R/ti/p/${encodeURIComponent(channel.basicId)}`,
    });
    await t.db
      .update(lineAccounts)
      .set({ loginCheckError: 'チャネルIDまたはチャネルシークレットが正しくありません。' })
      .where(eq(lineAccounts.id, lineAccountId));
    const loginRoute = await createRoute('ログイン失敗');
    expect(loginRoute.attribution).toMatchObject({
      mode: 'plain',
      reason: 'login_check_failed',
      message: 'チャネルIDまたはチャネルシークレットが正しくありません。',
    });
  });
});
