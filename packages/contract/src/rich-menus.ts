import { z } from 'zod';
import { audienceExpression } from './audience.ts';
import { dataOf, id, idNumber, idParams, listOf, optionalText, requiredText, timestamp } from './common.ts';
import { isCalendarDate } from './friends.ts';
import { endpoint, publicAccess, sessionOf } from './http.ts';
import { FRIEND_LINK_PARAM } from './links.ts';

/*
 * Rich menus of a channel (issue 24, DESIGN.md sections 6 and 7): the menu with its image and tap
 * areas, the rules saying who sees which menu, a friend's own menu, the channel's default, and the
 * publish state on LINE. A menu is edited here and published to LINE by a job; LINE's copy cannot
 * change, so publishing an edited menu replaces it there.
 */

export const RICH_MENU_NAME_MAX = 100;
/** LINE: chatBarText at most 14 characters. */
export const RICH_MENU_CHAT_BAR_MAX = 14;
/** LINE: at most 20 areas. */
export const RICH_MENU_AREAS_MAX = 20;
export const RICH_MENU_ACTION_LABEL_MAX = 20;
export const RICH_MENU_PAGE_SIZE = 20;
/** LINE's alias ids (used for tabs): `^[a-z0-9_-]{1,32}$`. */
export const RICH_MENU_ALIAS_PATTERN = /^[a-z0-9_-]{1,32}$/;
/** LINE: at most 1,000 rich menus per channel. */
export const RICH_MENUS_PER_CHANNEL_MAX = 1000;

/** Where a menu is in its life on LINE: never sent, on its way, on LINE, or refused (with the reason). */
export const RICH_MENU_PUBLISH_STATES = ['draft', 'publishing', 'published', 'failed'] as const;
export type RichMenuPublishState = (typeof RICH_MENU_PUBLISH_STATES)[number];

/**
 * What tapping an area does: open a web page (counted through the menu's link), send a text as the
 * friend, a postback (its score to the friend), switch to another menu of the channel (a tab, by
 * LINE's alias), one of our postbacks that starts a plan or adds/removes tags and marks, or open
 * the public /rich-menu page with the text and image chosen here.
 */
export const RICH_MENU_ACTION_TYPES = [
  'uri',
  'message',
  'postback',
  'richmenuswitch',
  'start_plan',
  'labels',
  'page',
] as const;
export type RichMenuActionType = (typeof RICH_MENU_ACTION_TYPES)[number];

const label = optionalText(RICH_MENU_ACTION_LABEL_MAX);
export const RICH_MENU_PAGE_TITLE_MAX = 100;
export const RICH_MENU_PAGE_TEXT_MAX = 5000;
const ids = z.array(idNumber).max(100).default([]);
export const richMenuAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('uri'), label, uri: z.url({ protocol: /^https?$/, message: 'URLを入力してください' }) }),
  z.object({ type: z.literal('message'), label, text: requiredText(300) }),
  z.object({
    type: z.literal('postback'),
    label,
    /** Shown in the talk as the friend's words (optional). */
    display_text: optionalText(300).default(''),
    score: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  }),
  z.object({ type: z.literal('richmenuswitch'), label, rich_menu_id: idNumber }),
  z.object({ type: z.literal('start_plan'), label, plan_id: idNumber }),
  z.object({
    type: z.literal('labels'),
    label,
    add_tag_ids: ids,
    remove_tag_ids: ids,
    add_mark_ids: ids,
    remove_mark_ids: ids,
  }),
  z.object({
    type: z.literal('page'),
    label,
    title: requiredText(RICH_MENU_PAGE_TITLE_MAX),
    text: optionalText(RICH_MENU_PAGE_TEXT_MAX).default(''),
    image_url: z
      .url({ protocol: /^https?$/, message: 'URLを入力してください' })
      .nullable()
      .default(null),
  }),
]);
export type RichMenuAction = z.infer<typeof richMenuAction>;

/** A tap area: its bounds in the image's pixels (whole numbers, inside the image) and its action. */
export const richMenuArea = z.object({
  /** The saved area's id (null for a new one); taps are counted per id. */
  id: idNumber.nullable().default(null),
  x: z.number().int().min(0),
  y: z.number().int().min(0),
  width: z.number().int().min(1),
  height: z.number().int().min(1),
  action: richMenuAction,
});
export type RichMenuArea = z.infer<typeof richMenuArea>;

/** A date-time as a request gives it (ISO 8601 with offset). */
const when = z.iso.datetime({ offset: true, message: '日時の形式が正しくありません' });
/** A display period: from (inclusive) to (exclusive), either open. */
const period = {
  display_from: when.nullable().default(null),
  display_to: when.nullable().default(null),
};

export const RICH_MENU_AREA_OUTSIDE_MESSAGE = 'タップ領域が画像からはみ出しています';
export const RICH_MENU_PERIOD_MESSAGE = '終了日時は開始日時より後にしてください';

/** Create or save a menu. The image is uploaded separately (its size decides the menu's size). */
export const richMenuInput = z.object({
  name: requiredText(RICH_MENU_NAME_MAX),
  folder_id: idNumber.nullable().default(null),
  chat_bar_text: requiredText(RICH_MENU_CHAT_BAR_MAX).refine((text) => [...text].length <= RICH_MENU_CHAT_BAR_MAX, {
    message: `${RICH_MENU_CHAT_BAR_MAX}文字以内で入力してください`,
  }),
  /** Whether the menu is open when the friend opens the chat. */
  selected: z.boolean().default(false),
  /** The tab id other menus switch to (LINE's alias id); null: no tab. */
  alias_id: z
    .string()
    .regex(RICH_MENU_ALIAS_PATTERN, { message: '半角英小文字・数字・-・_ の32文字以内で入力してください' })
    .nullable()
    .default(null),
  areas: z.array(richMenuArea).max(RICH_MENU_AREAS_MAX, { message: `タップ領域は${RICH_MENU_AREAS_MAX}個までです` }),
  ...period,
});
export type RichMenuInput = z.input<typeof richMenuInput>;

/** Where a menu is shown now: as the default, by rules, to friends of their own. */
export const richMenuShownAt = z.object({
  is_default: z.boolean(),
  rule_count: z.number().int(),
  personal_friend_count: z.number().int(),
});

export const richMenu = z.object({
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  chat_bar_text: z.string(),
  selected: z.boolean(),
  alias_id: z.string().nullable(),
  /** The image's size (the menu's size on LINE); null until an image is uploaded. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The image, for the console (a session-less address); null until uploaded. */
  image_url: z.string().nullable(),
  areas: z.array(
    richMenuArea.extend({
      id: z.number().int(),
      tap_count: z.number().int(),
      /** Where a link or page area sends the friend (through our counting redirect); null for other areas. */
      public_path: z.string().nullable(),
    }),
  ),
  display_from: timestamp.nullable(),
  display_to: timestamp.nullable(),
  publish_state: z.enum(RICH_MENU_PUBLISH_STATES),
  /** Whether the menu changed since it was last published (publishing again replaces LINE's copy). */
  edited_since_publish: z.boolean(),
  line_rich_menu_id: z.string().nullable(),
  /** Why the last publish failed (LINE's words), null otherwise. */
  publish_error: z.string().nullable(),
  published_at: timestamp.nullable(),
  shown_at: richMenuShownAt,
  updated_at: timestamp,
});
export type RichMenu = z.infer<typeof richMenu>;

export const richMenuListQuery = z.object({
  folder_id: id.optional(),
  /** Name search (anywhere in the name, case-insensitive). */
  name: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(RICH_MENU_PAGE_SIZE),
});
export type RichMenuListQuery = z.input<typeof richMenuListQuery>;

export const copyRichMenuInput = z.object({ folder_id: idNumber.nullable().optional() });

/** A rule: friends in the audience see the menu (the first matching rule by priority wins), within the period. */
export const richMenuRuleInput = z.object({
  name: requiredText(RICH_MENU_NAME_MAX),
  rich_menu_id: idNumber,
  audience: audienceExpression,
  /** Half-open [starts_at, ends_at); either may be open. */
  starts_at: when.nullable().default(null),
  ends_at: when.nullable().default(null),
});
export type RichMenuRuleInput = z.input<typeof richMenuRuleInput>;
export const richMenuRule = z.object({
  id: z.number().int(),
  name: z.string(),
  rich_menu_id: z.number().int(),
  /** 1 = checked first. */
  priority: z.number().int(),
  audience: audienceExpression,
  starts_at: timestamp.nullable(),
  ends_at: timestamp.nullable(),
});
export type RichMenuRule = z.infer<typeof richMenuRule>;
export const richMenuRuleOrderInput = z.object({ rule_ids: z.array(idNumber).max(1000) });

/** The channel's menus as LINE shows them: the default, and whether a clean exit is under way. */
export const richMenuSettings = z.object({
  default_rich_menu_id: z.number().int().nullable(),
});
export const richMenuDefaultInput = z.object({ rich_menu_id: idNumber.nullable() });

/** Why a friend sees the menu they see (personal > rule in its period > default > none). */
export const RICH_MENU_REASONS = ['personal', 'rule', 'default', 'none'] as const;
export const richMenuOfFriend = z.object({
  reason: z.enum(RICH_MENU_REASONS),
  rich_menu_id: z.number().int().nullable(),
  rule_id: z.number().int().nullable(),
  /** What is linked to the friend on LINE now (null: LINE shows the default). */
  linked_rich_menu_id: z.number().int().nullable(),
});
export type RichMenuOfFriend = z.infer<typeof richMenuOfFriend>;
export const friendRichMenuInput = z.object({ rich_menu_id: idNumber.nullable() });
export const friendParams = z.object({ friend_id: id });

/**
 * LINE's own figures for a published menu (its rich-menu insight), beside ours: `ready` with the
 * figures; `not_enough_data` when LINE withholds them (below its privacy threshold), never shown as
 * 0; `not_published` before the menu is on LINE; `unavailable` when LINE could not be asked (why in
 * `message`).
 */
export const RICH_MENU_INSIGHT_STATES = ['ready', 'not_enough_data', 'not_published', 'unavailable'] as const;
/** LINE keeps insight per JST day; the daily figures span at most 99 days. */
export const RICH_MENU_INSIGHT_MAX_DAYS = 99;
const calendarDate = z
  .string()
  .refine(isCalendarDate, { message: '存在する日付を YYYY-MM-DD の形式で入力してください' });
export const richMenuInsightQuery = z.object({
  /** JST days, both inclusive; by default the last 30 days up to today. */
  from: calendarDate.optional(),
  to: calendarDate.optional(),
});
const insightMetrics = z.object({ count: z.number().int(), unique_users: z.number().int() });
export const richMenuInsight = z.object({
  state: z.enum(RICH_MENU_INSIGHT_STATES),
  message: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  impressions: insightMetrics.nullable(),
  /**
   * Our own taps per area of the menu now over the same JST days (postbacks, link and page
   * openings), whatever LINE's state; an area without a tap has count 0.
   */
  ours: z.array(z.object({ area_id: z.number().int(), count: z.number().int() })),
  /** Per area LINE counted, matched to ours by bounds (area_id null when no area of ours has them now). */
  areas: z.array(
    insightMetrics.extend({
      area_id: z.number().int().nullable(),
      bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
      daily: z.array(insightMetrics.extend({ date: z.string() })),
    }),
  ),
});
export type RichMenuInsight = z.infer<typeof richMenuInsight>;

const access = sessionOf('service');
const view = { permission: { feature: 'rich_menus', level: 'view' } } as const;
const edit = { permission: { feature: 'rich_menus', level: 'edit' } } as const;
const base = '/service/rich_menus';

/** The channel's rich menus (LineAccountId header). */
export const richMenusApi = {
  list: endpoint({
    method: 'GET',
    path: base,
    summary: 'Rich menus of the channel, newest first, by folder and name',
    access,
    ...view,
    query: richMenuListQuery,
    response: listOf(richMenu),
  }),
  get: endpoint({
    method: 'GET',
    path: `${base}/:id`,
    summary: 'One rich menu',
    access,
    ...view,
    params: idParams,
    response: dataOf(richMenu),
  }),
  create: endpoint({
    method: 'POST',
    path: base,
    summary: 'Create a rich menu (a draft until published)',
    access,
    ...edit,
    body: richMenuInput,
    response: dataOf(richMenu),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: `${base}/:id`,
    summary: 'Save a rich menu; a published one stays on LINE until published again',
    access,
    ...edit,
    params: idParams,
    body: richMenuInput,
    response: dataOf(richMenu),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${base}/:id`,
    summary: 'Delete a rich menu: unlinked and deleted on LINE first (409 while it is still in use by rules)',
    access,
    ...edit,
    params: idParams,
    response: dataOf(z.object({ id: z.number().int() })),
  }),
  copy: endpoint({
    method: 'POST',
    path: `${base}/:id/copy`,
    summary: 'Copy a rich menu as a draft (name + "のコピー", no tab id)',
    access,
    ...edit,
    params: idParams,
    body: copyRichMenuInput,
    response: dataOf(richMenu),
    successStatus: 201,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: `${base}/:id/image`,
    summary:
      'Upload the menu image (multipart/form-data, field "file"): JPEG/PNG, width 800–2500, height ≥ 250, width/height ≥ 1.45, ≤ 1 MB; 422 errors.file with the reason',
    access,
    ...edit,
    params: idParams,
    response: dataOf(richMenu),
  }),
  publish: endpoint({
    method: 'POST',
    path: `${base}/:id/publish`,
    summary: 'Publish (or replace on LINE) the menu by a job; answers it as "publishing"',
    access,
    ...edit,
    params: idParams,
    body: z.object({}),
    response: dataOf(richMenu),
    successStatus: 202,
  }),
  insight: endpoint({
    method: 'GET',
    path: `${base}/:id/insight`,
    summary:
      "LINE's rich-menu insight for the published menu (impressions, taps and unique users per area, in total and per JST day); not_enough_data when LINE withholds the figures",
    access,
    ...view,
    params: idParams,
    query: richMenuInsightQuery,
    response: dataOf(richMenuInsight),
  }),
  settings: endpoint({
    method: 'GET',
    path: '/service/rich_menu_settings',
    summary: "The channel's default menu",
    access,
    ...view,
    response: dataOf(richMenuSettings),
  }),
  setDefault: endpoint({
    method: 'PUT',
    path: '/service/rich_menu_settings/default',
    summary: 'Set (or clear with null) the default menu; it must be published',
    access,
    ...edit,
    body: richMenuDefaultInput,
    response: dataOf(richMenuSettings),
  }),
  cleanExit: endpoint({
    method: 'POST',
    path: '/service/rich_menu_settings/clean_exit',
    summary:
      'Unlink every per-user menu and clear the default on LINE in one batch (rules and personal menus are cleared)',
    access,
    ...edit,
    body: z.object({}),
    response: dataOf(richMenuSettings),
    successStatus: 202,
  }),
  rules: endpoint({
    method: 'GET',
    path: '/service/rich_menu_rules',
    summary: 'Display rules in priority order',
    access,
    ...view,
    response: dataOf(z.array(richMenuRule)),
  }),
  createRule: endpoint({
    method: 'POST',
    path: '/service/rich_menu_rules',
    summary: 'Add a display rule (last in priority); friends it affects are relinked',
    access,
    ...edit,
    body: richMenuRuleInput,
    response: dataOf(richMenuRule),
    successStatus: 201,
  }),
  updateRule: endpoint({
    method: 'PUT',
    path: '/service/rich_menu_rules/:id',
    summary: 'Change a display rule; friends it affects are relinked',
    access,
    ...edit,
    params: idParams,
    body: richMenuRuleInput,
    response: dataOf(richMenuRule),
  }),
  removeRule: endpoint({
    method: 'DELETE',
    path: '/service/rich_menu_rules/:id',
    summary: 'Remove a display rule; friends it affected are relinked',
    access,
    ...edit,
    params: idParams,
    response: dataOf(z.object({ id: z.number().int() })),
  }),
  orderRules: endpoint({
    method: 'PUT',
    path: '/service/rich_menu_rules/order',
    summary: 'Set the rules’ priority (every rule id, first checked first)',
    access,
    ...edit,
    body: richMenuRuleOrderInput,
    response: dataOf(z.array(richMenuRule)),
  }),
  previewRules: endpoint({
    method: 'GET',
    path: '/service/rich_menu_rules/preview',
    summary: 'How many friends each rule takes now (a friend counts for the first rule matching them)',
    access,
    ...view,
    response: dataOf(z.array(z.object({ rule_id: z.number().int(), friend_count: z.number().int() }))),
  }),
  ofFriend: endpoint({
    method: 'GET',
    path: '/service/friends/:friend_id/rich_menu',
    summary: 'Which menu the friend sees and why',
    access,
    ...view,
    params: friendParams,
    response: dataOf(richMenuOfFriend),
  }),
  setOfFriend: endpoint({
    method: 'PUT',
    path: '/service/friends/:friend_id/rich_menu',
    summary: 'Set (or clear with null) the friend’s own menu; it must be published',
    access,
    ...edit,
    params: friendParams,
    body: friendRichMenuInput,
    response: dataOf(richMenuOfFriend),
  }),
};

/** The public /rich-menu page of a page area: what the editor chose to show. */
export const richMenuPage = z.object({
  title: z.string(),
  text: z.string(),
  image_url: z.string().nullable(),
  /** The menu the area is on (its name, for the page's heading). */
  menu_name: z.string(),
});
export type RichMenuPage = z.infer<typeof richMenuPage>;
/** The web's public route of page areas. */
export const RICH_MENU_PAGE_ROUTE = '/rich-menu';
/** The page path a page area opens, by the area's public token. */
export const richMenuPagePath = (token: string) => `${RICH_MENU_PAGE_ROUTE}?p=${encodeURIComponent(token)}`;
/** The counting redirect a link area opens, by the area's public token. */
export const richMenuLinkPath = (token: string) => `/rich-menu-links/${encodeURIComponent(token)}`;

/** Public (no session): what a rich menu's page area shows; each read counts as a tap of the area. */
export const richMenuPublicApi = {
  page: endpoint({
    method: 'GET',
    path: '/public/rich_menu_pages/:token',
    summary: "A rich-menu page area's content (title, text, image); counts the opening as a tap",
    access: publicAccess,
    params: z.object({ token: z.string().max(64) }),
    /** The friend's tracked link that led here (FRIEND_LINK_PARAM), so the opening names the friend. */
    query: z.object({ [FRIEND_LINK_PARAM]: z.string().max(64).optional() }),
    response: dataOf(richMenuPage),
  }),
};
