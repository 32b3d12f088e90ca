import { z } from 'zod';
import { dataOf, id, idNumber, idParams, listOf, optionalText, requiredText, timestamp } from './common.ts';
import { isCalendarDate } from './friends.ts';
import { endpoint, publicAccess, sessionOf } from './http.ts';

/*
 * Inflow routes (流入経路, issue 26, DESIGN.md section 6): a route is a public URL with a short
 * unguessable code. Opening it records a visit and sends the visitor to LINE Login with the
 * add-friend prompt; the login names the LINE user, the follow webhook the friendship, and the
 * friend is attributed to the route once, whatever order the two arrive in. Without a working LINE
 * Login the route is a plain add-friend link, counted by visits only.
 */

export const INFLOW_NAME_MAX = 100;
export const INFLOW_PAGE_SIZE = 20;
/** A route's code: base62, long enough to be unguessable (62^10 ≈ 8.4e17). */
export const INFLOW_CODE_LENGTH = 10;
export const INFLOW_CODE_PATTERN = /^[0-9A-Za-z]{10}$/;
/** The web's public route a route's URL opens. */
export const INFLOW_PAGE_ROUTE = '/inflow';
/** The query parameter of a route's URL naming its code. */
export const INFLOW_CODE_PARAM = 'c';
/** A route's URL path on the console's origin (the web prefixes the origin). */
export const inflowPagePath = (code: string) => `${INFLOW_PAGE_ROUTE}?${INFLOW_CODE_PARAM}=${encodeURIComponent(code)}`;

/**
 * How a visit ended, shown by the OEM-branded done page (`/inflow?done=<state>`) when the route has
 * no URL of its own: the friend is added (or already was), logged in without adding, cancelled the
 * login, or something failed on the way.
 */
export const INFLOW_DONE_PARAM = 'done';
export const INFLOW_DONE_STATES = ['added', 'not_added', 'cancelled', 'failed'] as const;
export type InflowDoneState = (typeof INFLOW_DONE_STATES)[number];
export const inflowDonePath = (state: InflowDoneState) => `${INFLOW_PAGE_ROUTE}?${INFLOW_DONE_PARAM}=${state}`;

/** Actions on friend add: only on the friend's first attribution to the route, or on every one. */
export const INFLOW_ACTION_MODES = ['first_add_only', 'every_time'] as const;
export type InflowActionMode = (typeof INFLOW_ACTION_MODES)[number];
export const INFLOW_ACTION_IDS_MAX = 50;

const ids = z.array(idNumber).max(INFLOW_ACTION_IDS_MAX).default([]);
/** What attributing a friend does: add tags and marks, start a scenario, link a rich menu. */
export const inflowActions = z.object({
  mode: z.enum(INFLOW_ACTION_MODES).default('first_add_only'),
  tag_ids: ids,
  mark_ids: ids,
  /** A scenario plan to start for the friend. */
  plan_id: idNumber.nullable().default(null),
  /** A published rich menu to show the friend. */
  rich_menu_id: idNumber.nullable().default(null),
});
export type InflowActions = z.infer<typeof inflowActions>;
export type InflowActionsInput = z.input<typeof inflowActions>;

const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: '存在する日付を YYYY-MM-DD の形式で入力してください' });

export const INFLOW_COST_PERIODS_MAX = 100;
export const INFLOW_COST_AMOUNT_MAX = 1_000_000_000_000;
export const INFLOW_COST_PERIOD_MESSAGE = '終了日は開始日以降にしてください';
/**
 * What the route cost over a period (an ad budget), in the account's currency (yen): both days
 * inclusive in the account's time zone. A date range that covers part of a period takes the
 * amount in proportion to the days covered.
 */
export const inflowCostPeriod = z
  .object({
    from: calendarDate,
    to: calendarDate,
    amount: z.number().int().min(0).max(INFLOW_COST_AMOUNT_MAX),
  })
  .refine((period) => period.from <= period.to, { message: INFLOW_COST_PERIOD_MESSAGE, path: ['to'] });
export type InflowCostPeriod = z.infer<typeof inflowCostPeriod>;

/** Create or save a route. */
export const inflowInput = z.object({
  name: requiredText(INFLOW_NAME_MAX),
  folder_id: idNumber.nullable().default(null),
  /**
   * Attribute through LINE Login (when the channel's LINE Login works); false: a plain add-friend
   * link, counted by visits only.
   */
  use_login: z.boolean().default(true),
  /** Where the visitor goes after the visit; null: the OEM-branded done page. */
  destination_url: z
    .url({ protocol: /^https?$/, message: 'URLを入力してください' })
    .max(2000)
    .nullable()
    .default(null),
  actions: inflowActions.default({
    mode: 'first_add_only',
    tag_ids: [],
    mark_ids: [],
    plan_id: null,
    rich_menu_id: null,
  }),
  costs: z.array(inflowCostPeriod).max(INFLOW_COST_PERIODS_MAX).default([]),
  /** The staff's note on the route. */
  memo: optionalText(2000).default(''),
});
export type InflowInput = z.input<typeof inflowInput>;

/**
 * Whether a visit can name the friend: `line_login` when the route uses login and the channel's
 * LINE Login credentials passed their check; otherwise `plain` with the reason:
 * - `route_plain`: the route is set to a plain add-friend link;
 * - `login_not_configured`: the channel has no LINE Login channel id/secret;
 * - `login_unchecked`: they were never checked;
 * - `login_check_failed`: the last check failed (`message` says why).
 * A plain route counts visits only: no friend, no actions, no conversions, no cost per friend.
 */
export const INFLOW_ATTRIBUTION_REASONS = [
  'ok',
  'route_plain',
  'login_not_configured',
  'login_unchecked',
  'login_check_failed',
] as const;
export type InflowAttributionReason = (typeof INFLOW_ATTRIBUTION_REASONS)[number];
export const inflowAttribution = z.object({
  mode: z.enum(['line_login', 'plain']),
  reason: z.enum(INFLOW_ATTRIBUTION_REASONS),
  /** LINE's words when the check failed; null otherwise. */
  message: z.string().nullable(),
  checked_at: timestamp.nullable(),
});
export type InflowAttribution = z.infer<typeof inflowAttribution>;

export const inflowRoute = z.object({
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  code: z.string(),
  /** The URL's path (`/inflow?c=…`); the web prefixes the console's origin. */
  path: z.string(),
  use_login: z.boolean(),
  destination_url: z.string().nullable(),
  actions: inflowActions,
  costs: z.array(inflowCostPeriod),
  memo: z.string(),
  attribution: inflowAttribution,
  created_at: timestamp,
  updated_at: timestamp,
});
export type InflowRoute = z.infer<typeof inflowRoute>;

/** A date range in the account's time zone, both days inclusive; by default the last 30 days up to today. */
export const inflowRangeQuery = z.object({
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
export type InflowRangeQuery = z.input<typeof inflowRangeQuery>;

/** A route's figures over a date range. */
export const inflowStats = z.object({
  visits: z.number().int(),
  /** Friends attributed in the range (a new friend or a re-add; an unblock is not counted). */
  friends_added: z.number().int(),
  /** Of those friends, how many have blocked the channel since. */
  blocks: z.number().int(),
  /** Conversions of the route's friends in the range (0 until conversions count them). */
  conversions: z.number().int(),
  /** The route's cost over the range (in proportion to the days of each cost period covered). */
  cost: z.number(),
  /** cost / friends_added; null when no friend was added or there is no cost. */
  cost_per_friend: z.number().nullable(),
  cost_per_conversion: z.number().nullable(),
});
export type InflowStats = z.infer<typeof inflowStats>;

export const inflowListItem = inflowRoute.extend({ stats: inflowStats });
export type InflowListItem = z.infer<typeof inflowListItem>;

export const INFLOW_SORTS = ['created_at', 'name', 'visits', 'friends_added'] as const;
export const inflowFilterQuery = inflowRangeQuery.extend({
  folder_id: id.optional(),
  /** Name search (anywhere in the name, case-insensitive). */
  name: z.string().trim().max(255).optional(),
  sort: z.enum(INFLOW_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const inflowListQuery = inflowFilterQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(INFLOW_PAGE_SIZE),
});
export type InflowListQuery = z.input<typeof inflowListQuery>;

export const copyInflowInput = z.object({ folder_id: idNumber.nullable().optional() });

/** The settings a history entry records, before and after. */
export const inflowSettings = inflowRoute.pick({
  name: true,
  folder_id: true,
  use_login: true,
  destination_url: true,
  actions: true,
  costs: true,
  memo: true,
});
export type InflowSettings = z.infer<typeof inflowSettings>;
export const INFLOW_SETTING_FIELDS = [
  'name',
  'folder_id',
  'use_login',
  'destination_url',
  'actions',
  'costs',
  'memo',
] as const;
export type InflowSettingField = (typeof INFLOW_SETTING_FIELDS)[number];
export const INFLOW_HISTORY_KINDS = ['created', 'updated', 'copied'] as const;

/** One change of a route's settings: who, when, what (the fields that changed, with both versions). */
export const inflowHistoryEntry = z.object({
  id: z.number().int(),
  kind: z.enum(INFLOW_HISTORY_KINDS),
  /** The staff member's name (null when no staff made it: the demo seed). */
  actor_name: z.string().nullable(),
  changed_fields: z.array(z.enum(INFLOW_SETTING_FIELDS)),
  before: inflowSettings.nullable(),
  after: inflowSettings,
  created_at: timestamp,
});
export type InflowHistoryEntry = z.infer<typeof inflowHistoryEntry>;

/**
 * How a friend came through a route: a new friend, one adding the channel again after leaving, an
 * unblock (not a new friend), or a friend already following who logged in through the route again
 * (`revisit`, last touch only). Only `new` and `re_add` count as friends added.
 */
export const INFLOW_ATTRIBUTION_KINDS = ['new', 're_add', 'unblock', 'revisit'] as const;
export type InflowAttributionKind = (typeof INFLOW_ATTRIBUTION_KINDS)[number];

/** A friend attributed to a route (the route's friend list). */
export const inflowFriend = z.object({
  attribution_id: z.number().int(),
  friend_id: z.number().int(),
  display_name: z.string(),
  picture_url: z.string().nullable(),
  kind: z.enum(INFLOW_ATTRIBUTION_KINDS),
  attributed_at: timestamp,
  /** Whether this route is the friend's first route (first touch). */
  first_route: z.boolean(),
  blocked: z.boolean(),
});
export type InflowFriend = z.infer<typeof inflowFriend>;
export const inflowFriendsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(INFLOW_PAGE_SIZE),
});

/** Per day (in the account's time zone) of the range. */
export const inflowChartDay = z.object({
  date: z.string(),
  visits: z.number().int(),
  friends_added: z.number().int(),
  /** Blocks on the day by friends attributed to the route. */
  blocks: z.number().int(),
});
export const inflowChart = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(inflowChartDay),
  totals: inflowStats,
});
export type InflowChart = z.infer<typeof inflowChart>;

/**
 * The breakdown of a route's friends (all attributed to it, in the range by attribution time):
 * facets from the friends module (language, each info field), labels (tags), plans, and whatever
 * other modules contribute (form answers). `kind` names the facet for the web's translation;
 * `title` is the staff's own name for it where it has one (an info field, a form question).
 */
export const INFLOW_PROFILE_FACET_KINDS = ['language', 'info_field', 'tags', 'plans', 'form'] as const;
export const inflowProfileBucket = z.object({
  /** null: the friends with no value (shown as 未設定). */
  label: z.string().nullable(),
  count: z.number().int(),
});
export const inflowProfileFacet = z.object({
  key: z.string(),
  kind: z.string(),
  title: z.string().nullable(),
  buckets: z.array(inflowProfileBucket),
});
export type InflowProfileFacet = z.infer<typeof inflowProfileFacet>;
export const inflowProfileChart = z.object({
  from: z.string(),
  to: z.string(),
  friend_count: z.number().int(),
  facets: z.array(inflowProfileFacet),
});
export type InflowProfileChart = z.infer<typeof inflowProfileChart>;

/** The QR image's size in pixels (PNG) or viewBox units (SVG). */
export const inflowQrQuery = z.object({ size: z.coerce.number().int().min(64).max(2048).default(512) });

/** A friend's inflow section on their detail: first and latest route, every attribution. */
export const friendInflowRoute = z.object({
  /** null when the route was deleted since. */
  route_id: z.number().int().nullable(),
  route_name: z.string().nullable(),
  attributed_at: timestamp,
});
export const friendInflowAttribution = friendInflowRoute.extend({
  id: z.number().int(),
  kind: z.enum(INFLOW_ATTRIBUTION_KINDS),
  /** The route's actions in force at the attribution. */
  actions: inflowActions,
  /** Whether they ran (first_add_only actions do not run again on a later attribution). */
  actions_applied: z.boolean(),
});
export const friendInflows = z.object({
  first: friendInflowRoute.nullable(),
  last: friendInflowRoute.nullable(),
  attributions: z.array(friendInflowAttribution),
});
export type FriendInflows = z.infer<typeof friendInflows>;

/**
 * The audience leaf of inflow routes (registered by the inflows module): friends whose first route,
 * or any route, is one of `ids`. A deleted route, or another channel's, is unknown and narrows.
 */
export const INFLOW_AUDIENCE_MATCHES = ['first', 'any'] as const;
export const audienceInflowRouteLeaf = z.object({
  kind: z.literal('inflow_route'),
  match: z.enum(INFLOW_AUDIENCE_MATCHES),
  ids: z.array(idNumber).min(1).max(1000),
});
export type AudienceInflowRouteLeaf = z.infer<typeof audienceInflowRouteLeaf>;

const access = sessionOf('service');
const view = { permission: { feature: 'inflows', level: 'view' } } as const;
const edit = { permission: { feature: 'inflows', level: 'edit' } } as const;
const base = '/service/inflows';

/** The channel's inflow routes (LineAccountId header). */
export const inflowsApi = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'Inflow routes of the channel with their figures over a date range, by folder and name',
    access,
    ...view,
    query: inflowListQuery,
    response: listOf(inflowListItem),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: `${base}/export`,
    summary: 'The filtered route list with its figures as CSV (UTF-8 with BOM)',
    access,
    ...view,
    query: inflowFilterQuery,
    response: z.string().describe('text/csv'),
    contentType: 'text/csv',
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    summary: 'One inflow route with its figures over a date range',
    access,
    ...view,
    params: idParams,
    query: inflowRangeQuery,
    response: dataOf(inflowListItem),
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create an inflow route (a new unguessable code)',
    access,
    ...edit,
    body: inflowInput,
    response: dataOf(inflowRoute),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    summary: 'Save a route; its URL stays; the change is recorded in its history',
    access,
    ...edit,
    params: idParams,
    body: inflowInput,
    response: dataOf(inflowRoute),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    summary: 'Delete a route: its URL stops working; its friends keep their attributions (route unnamed)',
    access,
    ...edit,
    params: idParams,
    response: dataOf(z.object({ id: z.number().int() })),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${base}/:id/copy`,
    summary: 'Copy a route with a new code (name + "のコピー")',
    access,
    ...edit,
    params: idParams,
    body: copyInflowInput,
    response: dataOf(inflowRoute),
    successStatus: 201,
  }),
  history: endpoint({
    method: 'GET',
    path: `${base}/:id/history`,
    summary: 'Changes of the route’s settings, newest first',
    access,
    ...view,
    params: idParams,
    response: dataOf(z.array(inflowHistoryEntry)),
  }),
  friends: endpoint({
    method: 'GET',
    path: `${base}/:id/friends`,
    summary: 'Friends attributed to the route, newest attribution first',
    access,
    ...view,
    params: idParams,
    query: inflowFriendsQuery,
    response: listOf(inflowFriend),
  }),
  chart: endpoint({
    method: 'GET',
    path: `${base}/:id/chart`,
    summary: 'Visits, friends added and blocks per day over a date range',
    access,
    ...view,
    params: idParams,
    query: inflowRangeQuery,
    response: dataOf(inflowChart),
  }),
  profileChart: endpoint({
    method: 'GET',
    path: `${base}/:id/profile_chart`,
    summary:
      'The route’s friends (attributed in the range) by language, info fields, tags, plans and contributed facets',
    access,
    ...view,
    params: idParams,
    query: inflowRangeQuery,
    response: dataOf(inflowProfileChart),
  }),
  qrPng: endpoint({
    method: 'GET',
    path: `${base}/:id/qr.png`,
    summary: 'The route URL’s QR code as PNG',
    access,
    ...view,
    params: idParams,
    query: inflowQrQuery,
    response: z.string().describe('image/png'),
    contentType: 'image/png',
  }),
  qrSvg: endpoint({
    method: 'GET',
    path: `${base}/:id/qr.svg`,
    summary: 'The route URL’s QR code as SVG',
    access,
    ...view,
    params: idParams,
    query: inflowQrQuery,
    response: z.string().describe('image/svg+xml'),
    contentType: 'image/svg+xml',
  }),
  status: endpoint({
    method: 'GET',
    path: '/service/inflow_status',
    summary: "Whether the channel's LINE Login lets routes attribute friends (the setup check), for every route",
    access,
    ...view,
    response: dataOf(z.object({ attribution: inflowAttribution })),
  }),
  ofFriend: endpoint({
    method: 'GET',
    path: '/service/friends/:friend_id/inflows',
    summary: 'The friend’s inflow routes: first, latest and every attribution with its actions',
    access,
    permission: { feature: 'friends', level: 'view' },
    params: z.object({ friend_id: id }),
    response: dataOf(friendInflows),
  }),
};

/** What a visit sends along from the public page (the page's own URL parameters and referrer). */
export const INFLOW_UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;
/** Ad click ids kept on the visit (Google, Meta, Yahoo! JAPAN, LINE Ads). */
export const INFLOW_CLICK_ID_KEYS = ['gclid', 'fbclid', 'yclid', 'ldtag_cl'] as const;
const param = z.string().max(500).optional();
export const inflowVisitInput = z.object({
  code: z.string().max(64),
  /** document.referrer of the public page. */
  referrer: z.string().max(2000).optional(),
  ...(Object.fromEntries(INFLOW_UTM_KEYS.map((key) => [key, param])) as Record<
    (typeof INFLOW_UTM_KEYS)[number],
    typeof param
  >),
  ...(Object.fromEntries(INFLOW_CLICK_ID_KEYS.map((key) => [key, param])) as Record<
    (typeof INFLOW_CLICK_ID_KEYS)[number],
    typeof param
  >),
});
export type InflowVisitInput = z.input<typeof inflowVisitInput>;
/**
 * Where the public page sends the visitor: LINE Login's authorize page (`line_login`) or the
 * channel's add-friend URL (`plain`).
 */
export const inflowVisitAnswer = z.object({
  mode: z.enum(['line_login', 'plain']),
  redirect_url: z.string(),
});
export type InflowVisitAnswer = z.infer<typeof inflowVisitAnswer>;

/** LINE Login's redirect_uri: an API route (under the API's prefix on the console's origin). */
export const INFLOW_LOGIN_CALLBACK_PATH = '/public/inflow_login/callback';

/** Public (no session): the /inflow page and LINE Login's return. */
export const inflowPublicApi = {
  visit: endpoint({
    method: 'POST',
    path: '/public/inflow_visits',
    summary:
      'Record a visit of a route URL (user agent, referrer, UTM, click ids) and answer where to send the visitor; 404 for an unknown code',
    access: publicAccess,
    permission: { none: 'a public route URL: anyone may open it' },
    body: inflowVisitInput,
    response: dataOf(inflowVisitAnswer),
  }),
  loginCallback: endpoint({
    method: 'GET',
    path: INFLOW_LOGIN_CALLBACK_PATH,
    summary:
      "LINE Login's redirect_uri: exchanges the code, verifies the ID token, attributes the friend, then redirects (302) to the route's destination or the done page",
    access: publicAccess,
    query: z.object({
      code: z.string().max(512).optional(),
      state: z.string().max(128).optional(),
      friendship_status_changed: z.string().max(10).optional(),
      error: z.string().max(200).optional(),
      error_description: z.string().max(1000).optional(),
    }),
    response: z.string().describe('a redirect'),
    successStatus: 302,
  }),
};
