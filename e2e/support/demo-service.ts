import {
  defaultPlan,
  defaultTiming,
  emptyMessage,
  fillPath,
  firstBox,
  friendsApi,
  newChildBox,
  planSaveAnswer,
  plansApi,
  toPlanMessage,
  toPlanSavePayload,
  type PlanDetail,
  simulatorApi,
  talksApi,
  toQueryString,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
} from '@linq/contract';
import type { Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseUrl } from './browser.ts';
import { accessToken, signIn } from './session.ts';

/*
 * Driving the demo from tests: the service API as the page's user, and the demo channel's virtual
 * friends (LINE simulator) through the console's simulator API, exactly what the phone panel does.
 */

/** What a successful answer of an endpoint carries in `data`. */
export type DataOf<E extends Endpoint> = EndpointOutput<E> extends { data: infer D } ? D : never;

/**
 * The page's channel: laid in its address (the tab's channel), else the last choice local storage
 * remembers (a page outside the service area).
 */
export async function channelOf(page: Page): Promise<string | null> {
  const inAddress = new URL(page.url()).searchParams.get('laid');
  return inAddress ?? (await page.evaluate(() => localStorage.getItem('laid')));
}

/**
 * Calls a contract endpoint as the page's user, in the page's channel (on `origin`, the first console by
 * default). `body` is the answer, typed by the contract for a success (a refusal's body is the error's);
 * `data` is its `data`.
 */
export async function serviceApi<E extends Endpoint>(
  page: Page,
  endpoint: E,
  input: EndpointInput<E>,
  origin = baseUrl(),
): Promise<{ status: number; data: DataOf<E>; body: EndpointOutput<E> }> {
  return channelApi(page, await channelOf(page), endpoint, input, origin);
}

/** Calls a contract endpoint as the page's user in the channel given (laid), whatever the page shows. */
export async function channelApi<E extends Endpoint>(
  page: Page,
  laid: string | number | null,
  endpoint: E,
  input: EndpointInput<E>,
  origin = baseUrl(),
): Promise<{ status: number; data: DataOf<E>; body: EndpointOutput<E> }> {
  const { params, query, body } = input as { params?: object; query?: object; body?: unknown };
  const response = await fetch(`${origin}/api${fillPath(endpoint.path, params)}${toQueryString(query)}`, {
    method: endpoint.method,
    headers: {
      authorization: `Bearer ${await accessToken(page)}`,
      lineaccountid: laid === null ? '' : String(laid),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // The console validates its answers against these same contract schemas.
  const json = (await response.json()) as EndpointOutput<E> & { data: DataOf<E> };
  return { status: response.status, data: json.data, body: json };
}

/** Probes until it answers something, or fails naming what it waited for. */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Logs in as the demo staff on a service screen and waits until the tab has chosen its channel and
 * the demo friends (who join in the background after the first start) are all in.
 */
export async function loginAsDemoStaff(page: Page, path: string) {
  await signIn(page, 'service', 'staff@demo.example', { path });
  await page.waitForFunction(() => localStorage.getItem('laid') !== null);
  await demoFriendsJoined(page);
}

/** The simulator's state of the selected demo channel once its demo friends have all joined. */
export function demoFriendsJoined(page: Page) {
  return until(
    async () => {
      const r = await serviceApi(page, simulatorApi.status, {});
      return r.status === 200 && !r.data.seeding ? r.data : undefined;
    },
    90_000,
    'the demo friends',
  );
}

export type VirtualFriend = DataOf<typeof simulatorApi.createFriend>;
type ConversationEntry = DataOf<typeof simulatorApi.conversation>[number];

/** A new virtual friend who follows the selected demo channel (as the phone panel creates one). */
export async function followingFriend(page: Page, displayName: string): Promise<VirtualFriend> {
  const created = await serviceApi(page, simulatorApi.createFriend, { body: { display_name: displayName } });
  expect(created.status).toBe(201);
  const followed = await serviceApi(page, simulatorApi.follow, { params: { userId: created.data.user_id } });
  expect(followed.status).toBe(200);
  await welcomed(page, created.data);
  return created.data;
}

/**
 * A new friend of a channel with an active friend-added scenario gets its first box at once: wait
 * for it, so that a test starts from a settled phone and counts only what it sends itself.
 */
async function welcomed(page: Page, friend: VirtualFriend): Promise<void> {
  const settings = await serviceApi(page, plansApi.settings, {});
  const welcome = settings.data.friend_added_plan;
  if (welcome === null) return;
  const plan = await serviceApi(page, plansApi.get, { params: { id: welcome.id } });
  if (!plan.body.plan.is_active) return;
  await until(
    async () => ((await receivedBy(page, friend)).length > 0 ? true : undefined),
    20_000,
    'the friend-added scenario’s first box',
  );
}

export async function friendWrites(page: Page, friend: VirtualFriend, text: string) {
  const sent = await serviceApi(page, simulatorApi.text, { params: { userId: friend.user_id }, body: { text } });
  expect(sent.status).toBe(200);
}

/** What the virtual friend's phone received from the channel. */
export async function receivedBy(page: Page, friend: VirtualFriend) {
  const { data } = await serviceApi(page, simulatorApi.conversation, { params: { userId: friend.user_id } });
  return data.filter((entry): entry is Extract<ConversationEntry, { direction: 'to_friend' }> => {
    return entry.direction === 'to_friend';
  });
}

/** The console's id of a friend, from the talk list API. */
export function consoleIdOf(page: Page, displayName: string): Promise<number> {
  return until(
    async () => {
      const { data } = await serviceApi(page, talksApi.conversations, { query: { name: displayName } });
      return data.find((row) => row.display_name === displayName)?.id;
    },
    20_000,
    `${displayName} in the talk list`,
  );
}

/** The console id of a virtual friend, once the follow has reached the friend list. */
export function friendIdOf(page: Page, displayName: string): Promise<number> {
  return until(
    async () => {
      const { data } = await serviceApi(page, friendsApi.list, { query: { name: displayName } });
      return data.find((row) => row.display_name === displayName)?.id;
    },
    20_000,
    `${displayName} in the friend list`,
  );
}

/** A friend's score as the console has it. */
export const scoreOf = async (page: Page, friendId: number) =>
  (await serviceApi(page, friendsApi.get, { params: { id: friendId } })).data.score;

export const uniqueSuffix = () => Math.random().toString(36).slice(2, 7);

/** Calls a control route (`/_sim/…`: quota, tokens, faults) of the console's embedded LINE simulator. */
export async function simulatorControl<T>(method: 'GET' | 'PUT' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${inject('simulatorUrl')}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

export interface SimulatedChannelState {
  channelId: string;
  basicId: string;
  quota: { limit: number | null; used: number };
}

/** The page's selected demo channel as the simulator has it. */
export async function selectedSimulatedChannel(page: Page): Promise<SimulatedChannelState> {
  const status = await serviceApi(page, simulatorApi.status, {});
  const channels = await simulatorControl<SimulatedChannelState[]>('GET', '/_sim/channels');
  const channel = channels.find((c) => c.basicId === status.data.basic_id);
  if (!channel) throw new Error(`the simulator has no channel ${status.data.basic_id}`);
  return channel;
}

const textBox = (text: string) => ({ ...toPlanMessage(emptyMessage('text_message')), text });

/** An active manual scenario: box-0 at once, box-1-0 a day later at 10:00 (account time zone). */
export async function twoStepScenario(page: Page, name: string, firstText: string) {
  const first = { ...firstBox('text_message'), message: textBox(firstText) };
  const second = { ...newChildBox([first], first, 'text_message'), message: textBox('二日目のお知らせ') };
  const detail: PlanDetail = {
    plan: { ...defaultPlan('scenario'), name },
    plan_actions: [first, second],
    plan_timings: [
      {
        ...defaultTiming(first.box_id, second.box_id),
        timing_type: 'send_after',
        after_days: 1,
        next_action_at: '10:00',
      },
    ],
  };
  const created = await serviceApi(page, plansApi.create, { body: toPlanSavePayload(detail) });
  expect(created.status).toBe(201);
  const id = planSaveAnswer.parse(created.body).id!;
  expect((await serviceApi(page, plansApi.activate, { params: { id }, body: {} })).status).toBe(200);
  return id;
}
