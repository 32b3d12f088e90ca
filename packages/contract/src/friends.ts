import { z } from 'zod';
import { dataOf, sortIndexInput, id, idParams, listOf, optionalText, requiredText, timestamp } from './common.ts';
import { endpoint, sessionOf } from './http.ts';

export const friendsSummary = z.object({
  /** Everyone who ever followed the channel. */
  total: z.number().int(),
  following: z.number().int(),
  blocked: z.number().int(),
});
export type FriendsSummary = z.infer<typeof friendsSummary>;

export const FRIEND_PAGE_SIZE = 20;
export const FRIEND_DISPLAY_NAME_MAX = 100;
export const FRIEND_NOTES_MAX = 5000;
export const FRIEND_SCORE_LIMIT = 1_000_000_000;
export const INFO_FIELD_NAME_MAX = 50;
export const INFO_FIELD_OPTIONS_MAX = 50;
export const INFO_FIELD_VALUE_MAX = 1000;

/** A list query parameter sent in bracket form (`tag_ids[]=1&tag_ids[]=2`); one value arrives as a string. */
export const idList = z
  .union([id, z.array(id)])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]));

/** Whether `text` is a real calendar date written YYYY-MM-DD (2024-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 1 && date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'YYYY-MM-DD の形式で入力してください' })
  .refine(isCalendarDate, { message: '存在する日付を入力してください' });

export const FRIEND_SORTS = ['followed_at', 'display_name', 'last_message_at', 'score'] as const;
export const TAG_MATCHES = ['any', 'all', 'none'] as const;
/** The inflow-route filter's matches (the `inflow_route` audience leaf's, which the inflows module registers). */
export const FRIEND_INFLOW_MATCHES = ['first', 'any'] as const;

/** The friend list's filters, shared by the list and its CSV export. */
export const friendFilterQuery = z.object({
  /** Display-name search (the override or LINE's name), anywhere in the name. */
  name: z.string().trim().max(255).optional(),
  tag_ids: idList,
  /** any: has one of tag_ids; all: has every one; none: has none of them. */
  tag_match: z.enum(TAG_MATCHES).default('any'),
  /** Friends carrying any of these marks. */
  mark_ids: idList,
  /** Followed on or after / on or before this date, in the account's time zone. */
  followed_from: dateOnly.optional(),
  followed_to: dateOnly.optional(),
  status: z.enum(['following', 'blocked']).optional(),
  /** Friends who came through one of these inflow routes (a deleted route matches nobody). */
  inflow_route_ids: idList,
  /** first: the friend's first route is one of them; any: any of their routes is. */
  inflow_match: z.enum(FRIEND_INFLOW_MATCHES).default('any'),
  sort: z.enum(FRIEND_SORTS).default('followed_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type FriendFilterQuery = z.input<typeof friendFilterQuery>;

export const friendListQuery = friendFilterQuery.extend({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(FRIEND_PAGE_SIZE),
});
export type FriendListQuery = z.input<typeof friendListQuery>;

const labelRef = z.object({ id: z.number().int(), name: z.string() });
const markRef = labelRef.extend({ color: z.string() });

/** A friend as lists show it. */
export const friendListItem = z.object({
  id: z.number().int(),
  /** The name the console shows: the staff's override when set, else LINE's name. */
  display_name: z.string(),
  /** Personal data: null for users whose staff authority does not include it. */
  picture_url: z.string().nullable(),
  status: z.enum(['following', 'blocked']),
  followed_at: timestamp.nullable(),
  blocked_at: timestamp.nullable(),
  last_message_at: timestamp.nullable(),
  score: z.number().int(),
  tags: z.array(labelRef),
  marks: z.array(markRef),
});
export type FriendListItem = z.infer<typeof friendListItem>;

export const INFO_FIELD_TYPES = ['text', 'number', 'date', 'select'] as const;
export type InfoFieldType = (typeof INFO_FIELD_TYPES)[number];

/** A friend info field (友だち情報欄) the channel defines. */
export const infoField = z.object({
  id: z.number().int(),
  name: z.string(),
  field_type: z.enum(INFO_FIELD_TYPES),
  /** The choices of a select field; empty for other types. */
  options: z.array(z.string()),
  sort_index: z.number().int(),
});
export type InfoField = z.infer<typeof infoField>;

export const infoFieldInput = z.object({
  name: requiredText(INFO_FIELD_NAME_MAX),
  field_type: z.enum(INFO_FIELD_TYPES),
  options: z
    .array(requiredText(INFO_FIELD_NAME_MAX))
    .max(INFO_FIELD_OPTIONS_MAX, { message: `選択肢は${INFO_FIELD_OPTIONS_MAX}個までです` })
    .default([]),
  sort_index: sortIndexInput,
});
export type InfoFieldInput = z.input<typeof infoFieldInput>;

/** One friend's value of one info field: text as entered, a number, a YYYY-MM-DD date or one of the options. */
export const infoValue = z.object({ field_id: z.number().int(), value: z.string() });

export const friendDetail = friendListItem.extend({
  /** LINE's own name, beside the override. */
  line_display_name: z.string(),
  /** The staff's display-name override; null when LINE's name is shown. */
  display_name_override: z.string().nullable(),
  /** Personal data (null without the authority): LINE profile details, info values, notes. */
  status_message: z.string().nullable(),
  language: z.string().nullable(),
  notes: z.string().nullable(),
  info_values: z.array(infoValue).nullable(),
  /** False when the user's authority hides personal data; the fields above are then null. */
  personal_data_visible: z.boolean(),
  unread_count: z.number().int(),
  /** When LINE's profile (name, picture, status message) was last read; null: never. */
  profile_fetched_at: timestamp.nullable(),
  created_at: timestamp,
});
export type FriendDetail = z.infer<typeof friendDetail>;

/** PUT /service/friends/{id}: partial friend fields. An empty display_name restores LINE's name. */
export const friendUpdateInput = z.object({
  display_name: optionalText(FRIEND_DISPLAY_NAME_MAX).nullish(),
  notes: optionalText(FRIEND_NOTES_MAX).nullish(),
  score: z.number().int().min(-FRIEND_SCORE_LIMIT).max(FRIEND_SCORE_LIMIT).optional(),
});
export type FriendUpdateInput = z.input<typeof friendUpdateInput>;

/** Sets info values; an empty value clears the field for the friend. */
export const infoValuesInput = z.object({
  values: z
    .array(z.object({ field_id: id, value: optionalText(INFO_FIELD_VALUE_MAX) }))
    .min(1)
    .max(200),
});
export type InfoValuesInput = z.input<typeof infoValuesInput>;

/** User tutorial setting (spec section 3): the screens whose tutorial the user dismissed. */
export const hideTutorialInput = z.object({ screen: requiredText(100) });
export const tutorialSetting = z.object({ hide_tutorial_screens: z.array(z.string()) });

const access = sessionOf('service');
const viewFriends = { feature: 'friends', level: 'view' } as const;
const editFriends = { feature: 'friends', level: 'edit' } as const;

export const friendsApi = {
  summary: endpoint({
    method: 'GET',
    path: '/service/friends/summary',
    summary: "The channel's friend counts (following, blocked)",
    access,
    permission: viewFriends,
    response: dataOf(friendsSummary),
  }),
  list: endpoint({
    method: 'GET',
    path: '/service/friends',
    summary: "The channel's friends, filtered, sorted and paginated",
    access,
    permission: viewFriends,
    query: friendListQuery,
    response: listOf(friendListItem),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/service/friends/export',
    summary: 'The filtered friend list as CSV (UTF-8 with BOM); needs the exports feature and personal data',
    access,
    permission: { feature: 'exports', level: 'view' },
    query: friendFilterQuery,
    response: z.string().describe('text/csv'),
    contentType: 'text/csv',
  }),
  get: endpoint({
    method: 'GET',
    path: '/service/friends/:id',
    summary: 'One friend with profile, labels, info values and notes',
    access,
    permission: viewFriends,
    params: idParams,
    response: dataOf(friendDetail),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/service/friends/:id',
    summary: 'Partial friend fields: display-name override, notes, score',
    access,
    permission: editFriends,
    params: idParams,
    body: friendUpdateInput,
    response: dataOf(friendDetail),
  }),
  refreshProfile: endpoint({
    method: 'POST',
    path: '/service/friends/:id/refresh_profile',
    summary: "Reads the friend's LINE profile again now (it is read on follow, and at most daily when they write)",
    access,
    permission: editFriends,
    params: idParams,
    response: dataOf(friendDetail),
  }),
  setInfoValues: endpoint({
    method: 'PUT',
    path: '/service/friends/:id/info_values',
    summary: "Sets a friend's info field values (checked against each field's type)",
    access,
    permission: editFriends,
    params: idParams,
    body: infoValuesInput,
    response: dataOf(friendDetail),
  }),
};

export const infoFieldsApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/friend_info_fields',
    summary: "The channel's friend info fields by sort_index then id",
    access,
    permission: viewFriends,
    response: dataOf(z.array(infoField)),
  }),
  create: endpoint({
    method: 'POST',
    path: '/service/friend_info_fields',
    summary: 'Define a friend info field',
    access,
    permission: editFriends,
    body: infoFieldInput,
    response: dataOf(infoField),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/service/friend_info_fields/:id',
    summary: 'Change a friend info field (its type only while no friend has a value)',
    access,
    permission: editFriends,
    params: idParams,
    body: infoFieldInput,
    response: dataOf(infoField),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/service/friend_info_fields/:id',
    summary: "Delete a friend info field and every friend's value of it",
    access,
    permission: editFriends,
    params: idParams,
    response: dataOf(infoField),
  }),
};

export const tutorialsApi = {
  hide: endpoint({
    method: 'POST',
    path: '/service/users/hide_tutorial',
    summary: "Dismiss a screen's tutorial for good",
    access,
    permission: { none: "the caller's own tutorial preference" },
    channelScoped: false,
    body: hideTutorialInput,
    response: dataOf(tutorialSetting),
  }),
};
