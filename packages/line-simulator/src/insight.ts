/**
 * LINE's statistics of a channel (insight.yml): followers, message deliveries and friends'
 * demographics, counted from the simulator's own model. Follows, blocks and deliveries are tallied
 * per JST day as they happen, so a figure "as of a date" is a sum over days, not a scan of friends.
 *
 * Like LINE, a day's figures exist only once counted: a day that has not ended, or ended less than
 * `countingDelayMs` ago, answers `status: unready` (without figures); a date before LINE started
 * counting answers `out_of_service`. A channel can be told to answer `unready` for every day (the
 * control API), as when LINE's counting is late.
 */
import { createHash } from 'node:crypto';
import type { ApiContext, ApiResult } from './messaging.ts';
import { SimError, type Channel, type Friend } from './model.ts';
import { dayNumber } from './rich-menus.ts';
import type { InsightEndpoint, InsightSettings, SendEndpoint } from './types.ts';

const DAY_MS = 24 * 3600 * 1000;
const JST_OFFSET_MS = 9 * 3600 * 1000;

/**
 * https://developers.line.biz/en/reference/messaging-api/#get-number-of-followers: `out_of_service`
 * before the date LINE started counting followers (2016-11-01); #get-number-of-delivery-messages:
 * before it started counting deliveries (2017-03-01).
 */
const FOLLOWERS_COUNTED_FROM = dayNumber('20161101')!;
const DELIVERIES_COUNTED_FROM = dayNumber('20170301')!;

/**
 * Demographics are shown only for enough friends (LINE withholds them below a privacy threshold
 * it does not state in insight.yml; 20 like its other per-user statistics). Settable per channel.
 */
export const DEFAULT_DEMOGRAPHICS_THRESHOLD = 20;

/** getNumberOfMessageDeliveries' counters for the Messaging API's own sends. */
const DELIVERY_KINDS: Record<SendEndpoint, DeliveryKind> = {
  broadcast: 'apiBroadcast',
  pushMessage: 'apiPush',
  multicast: 'apiMulticast',
  narrowcast: 'apiNarrowcast',
  replyMessage: 'apiReply',
};
type DeliveryKind = 'apiBroadcast' | 'apiPush' | 'apiMulticast' | 'apiNarrowcast' | 'apiReply';

interface FollowTally {
  /** Users who added the channel for the first time. */
  adds: number;
  blocks: number;
  unblocks: number;
  /** Change in the friends reachable by targeted messages (following, demographics known). */
  reach: number;
}

/** A virtual user's demographics, fixed by their user id; null: LINE is not sure of them. */
export interface Demographics {
  gender: 'male' | 'female';
  age: string;
  area: string;
  appType: 'ios' | 'android' | 'others';
}

const AGES = ['from15to19', 'from20to24', 'from25to29', 'from30to34', 'from35to39', 'from40to44', 'from45to49'];
const AGES_OLDER = ['from50to54', 'from55to59', 'from60to64', 'from65to69', 'from70'];
const AREAS = ['東京', '神奈川', '大阪', '愛知', '埼玉', '千葉', '兵庫', '北海道', '福岡', '静岡'];

export function demographicsOf(userId: string): Demographics | null {
  const h = createHash('sha256').update(`line-simulator-demographics:${userId}`).digest();
  // About one in five users: LINE cannot tell their attributes with certainty.
  if (h[0]! % 5 === 0) return null;
  const ages = h[2]! % 4 === 0 ? AGES_OLDER : AGES;
  return {
    gender: h[1]! % 2 === 0 ? 'female' : 'male',
    age: ages[h[3]! % ages.length]!,
    area: AREAS[h[4]! % AREAS.length]!,
    appType: h[5]! % 10 < 6 ? 'ios' : h[5]! % 10 < 9 ? 'android' : 'others',
  };
}

/** A channel's statistics as LINE counts them (model.ts `Channel.insight`). */
export class InsightRecords {
  private readonly followDays = new Map<number, FollowTally>();
  private readonly deliveryDays = new Map<number, Map<DeliveryKind, number>>();
  unready = false;
  countingDelayMs = 0;
  demographicsThreshold = DEFAULT_DEMOGRAPHICS_THRESHOLD;

  settings(): InsightSettings {
    return {
      unready: this.unready,
      countingDelayMs: this.countingDelayMs,
      demographicsThreshold: this.demographicsThreshold,
    };
  }

  configure(changes: Partial<InsightSettings>): InsightSettings {
    const { unready, countingDelayMs, demographicsThreshold } = changes;
    if (unready !== undefined && typeof unready !== 'boolean') throw new SimError(400, 'unready must be a boolean');
    const count = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= 0;
    if (countingDelayMs !== undefined && !count(countingDelayMs)) {
      throw new SimError(400, 'countingDelayMs must be an integer >= 0');
    }
    if (demographicsThreshold !== undefined && !count(demographicsThreshold)) {
      throw new SimError(400, 'demographicsThreshold must be an integer >= 0');
    }
    if (unready !== undefined) this.unready = unready;
    if (countingDelayMs !== undefined) this.countingDelayMs = countingDelayMs;
    if (demographicsThreshold !== undefined) this.demographicsThreshold = demographicsThreshold;
    return this.settings();
  }

  /** A friend started or stopped following at `at` (first time: a new friend; again: an unblock). */
  recordFollow(friend: Friend, following: boolean, firstTime: boolean, at: number): void {
    const day = jstDayNumber(at);
    const tally = this.followDays.get(day) ?? { adds: 0, blocks: 0, unblocks: 0, reach: 0 };
    if (!following) tally.blocks++;
    else if (firstTime) tally.adds++;
    else tally.unblocks++;
    if (demographicsOf(friend.userId)) tally.reach += following ? 1 : -1;
    this.followDays.set(day, tally);
  }

  /** One message object delivered to one friend by a Messaging API send. */
  recordDelivery(endpoint: SendEndpoint, at: number): void {
    const day = jstDayNumber(at);
    const kinds = this.deliveryDays.get(day) ?? new Map<DeliveryKind, number>();
    const kind = DELIVERY_KINDS[endpoint];
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    this.deliveryDays.set(day, kinds);
  }

  /** ready, unready (not counted yet) or out_of_service (before LINE counted), for a day at `now`. */
  status(day: number, countedFrom: number, now: number): 'ready' | 'unready' | 'out_of_service' {
    if (day < countedFrom) return 'out_of_service';
    const dayEnd = (day + 1) * DAY_MS - JST_OFFSET_MS;
    if (this.unready || now < dayEnd + this.countingDelayMs) return 'unready';
    return 'ready';
  }

  followersAsOf(day: number) {
    let followers = 0;
    let blocks = 0;
    let targetedReaches = 0;
    for (const [d, tally] of this.followDays) {
      if (d > day) continue;
      followers += tally.adds;
      blocks += tally.blocks - tally.unblocks;
      targetedReaches += tally.reach;
    }
    return { followers, targetedReaches, blocks };
  }

  deliveriesOn(day: number): Record<DeliveryKind, number> {
    const kinds = this.deliveryDays.get(day);
    const counted = (kind: DeliveryKind) => kinds?.get(kind) ?? 0;
    return {
      apiBroadcast: counted('apiBroadcast'),
      apiPush: counted('apiPush'),
      apiMulticast: counted('apiMulticast'),
      apiNarrowcast: counted('apiNarrowcast'),
      apiReply: counted('apiReply'),
    };
  }
}

function jstDayNumber(ms: number): number {
  return Math.floor((ms + JST_OFFSET_MS) / DAY_MS);
}

/** The `date` query parameter as a day number; 400 like LINE when it is not a calendar date. */
function dateParam(ctx: ApiContext, fallback: number): number {
  const raw = ctx.query['date'];
  if (raw === undefined) return fallback;
  const day = dayNumber(raw);
  if (day === null) {
    throw new SimError(400, 'The request has 1 invalid parameter(s)', {
      details: [{ message: 'Invalid date', property: 'date' }],
    });
  }
  return day;
}

const ok = (json: unknown): ApiResult => ({ status: 200, json });

/** Percentages of `total` per value, one decimal, largest first. */
function shares<K extends string>(key: K, counts: Map<string, number>, total: number) {
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(
      ([value, n]) =>
        ({ [key]: value, percentage: Math.round((n / total) * 1000) / 10 }) as Record<K, string> & {
          percentage: number;
        },
    );
}

function subscriptionPeriod(followedSince: number, now: number): string {
  const days = (now - followedSince) / DAY_MS;
  if (days < 7) return 'within7days';
  if (days < 30) return 'within30days';
  if (days < 90) return 'within90days';
  if (days < 180) return 'within180days';
  if (days < 365) return 'within365days';
  return 'over365days';
}

function demographics(channel: Channel, now: number) {
  const records = channel.insight;
  const following = channel.friendOrder.filter((f) => f.following);
  const known = following.filter((f) => demographicsOf(f.userId) !== null).length;
  if (following.length === 0 || known < records.demographicsThreshold) {
    return { available: false, genders: [], ages: [], areas: [], appTypes: [], subscriptionPeriods: [] };
  }
  const tallies = {
    gender: new Map<string, number>(),
    age: new Map<string, number>(),
    area: new Map<string, number>(),
    appType: new Map<string, number>(),
    period: new Map<string, number>(),
  };
  const add = (map: Map<string, number>, value: string) => map.set(value, (map.get(value) ?? 0) + 1);
  for (const friend of following) {
    const d = demographicsOf(friend.userId);
    add(tallies.gender, d?.gender ?? 'unknown');
    add(tallies.age, d?.age ?? 'unknown');
    add(tallies.area, d?.area ?? 'unknown');
    add(tallies.appType, d?.appType ?? 'others');
    add(tallies.period, friend.followedSince === null ? 'unknown' : subscriptionPeriod(friend.followedSince, now));
  }
  const total = following.length;
  return {
    available: true,
    genders: shares('gender', tallies.gender, total),
    ages: shares('age', tallies.age, total),
    areas: shares('area', tallies.area, total),
    appTypes: shares('appType', tallies.appType, total),
    subscriptionPeriods: shares('subscriptionPeriod', tallies.period, total),
  };
}

export const insightHandlers: Record<InsightEndpoint, (ctx: ApiContext) => ApiResult> = {
  getNumberOfFollowers(ctx) {
    // Without a date: yesterday (JST), the latest day LINE may have counted.
    const day = dateParam(ctx, jstDayNumber(ctx.now) - 1);
    const records = ctx.channel.insight;
    const status = records.status(day, FOLLOWERS_COUNTED_FROM, ctx.now);
    if (status !== 'ready') return ok({ status });
    return ok({ status, ...records.followersAsOf(day) });
  },

  getNumberOfMessageDeliveries(ctx) {
    const day = dateParam(ctx, jstDayNumber(ctx.now) - 1);
    const records = ctx.channel.insight;
    const status = records.status(day, DELIVERIES_COUNTED_FROM, ctx.now);
    if (status !== 'ready') return ok({ status });
    return ok({ status, ...records.deliveriesOn(day) });
  },

  getFriendsDemographics(ctx) {
    return ok(demographics(ctx.channel, ctx.now));
  },
};
