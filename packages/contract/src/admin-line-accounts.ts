import { z } from 'zod';
import { dataOf, id, idParams, listOf, okMessage, pageQuery, requiredText, timestamp } from './common.ts';
import { endpoint, platformAdmin } from './http.ts';
import { LINE_ACCOUNT_STATUSES } from './line-accounts.ts';

/*
 * Channel connection (admin area): the LINE channel's credentials, its webhook URL and a connection test.
 * The channel secret and access token go in and are stored sealed; no answer ever carries them.
 */

const REQUIRED = '入力してください';
export const CHANNEL_ID_MESSAGE = 'チャネルIDは半角数字で入力してください';
export const CHANNEL_SECRET_MESSAGE = 'チャネルシークレットは32桁の英数字（0-9, a-f）で入力してください';
export const LOGIN_CHANNEL_SECRET_MESSAGE =
  'LINEログインのチャネルシークレットは32桁の英数字（0-9, a-f）で入力してください';
export const LOGIN_CHANNEL_SECRET_REQUIRED =
  'LINEログインのチャネルIDを設定するときはチャネルシークレットも入力してください';
export const CHANNEL_ACCESS_TOKEN_MESSAGE = 'チャネルアクセストークンに空白は使えません';
export const BASIC_ID_MESSAGE = 'ベーシックIDは「@」から始まる英数字で入力してください（例: @123abcde）';

const CHANNEL_SECRET = /^[0-9a-f]{32}$/i;
const CHANNEL_ACCESS_TOKEN = /^\S+$/;
const TOKEN_MAX = 1000;

export const channelIdField = z
  .string()
  .trim()
  .min(1, { message: REQUIRED })
  .max(20, { message: '20桁以内で入力してください' })
  .regex(/^\d+$/, { message: CHANNEL_ID_MESSAGE });

const channelSecret = z.string().trim().min(1, { message: REQUIRED }).regex(CHANNEL_SECRET, {
  message: CHANNEL_SECRET_MESSAGE,
});
const channelAccessToken = z
  .string()
  .trim()
  .min(1, { message: REQUIRED })
  .max(TOKEN_MAX, { message: `${TOKEN_MAX}文字以内で入力してください` })
  .regex(CHANNEL_ACCESS_TOKEN, { message: CHANNEL_ACCESS_TOKEN_MESSAGE });

/** On update: empty or absent keeps the stored secret. */
const keptChannelSecret = z
  .string()
  .trim()
  .refine((v) => v === '' || CHANNEL_SECRET.test(v), { message: CHANNEL_SECRET_MESSAGE })
  .optional();
/** On update: empty or absent keeps the stored token. */
const keptChannelAccessToken = z
  .string()
  .trim()
  .max(TOKEN_MAX, { message: `${TOKEN_MAX}文字以内で入力してください` })
  .refine((v) => v === '' || CHANNEL_ACCESS_TOKEN.test(v), { message: CHANNEL_ACCESS_TOKEN_MESSAGE })
  .optional();

/** The LINE Login channel id: empty or absent means none (an update then removes the pair). */
const loginChannelId = z
  .string()
  .trim()
  .max(20, { message: '20桁以内で入力してください' })
  .refine((v) => v === '' || /^\d+$/.test(v), { message: CHANNEL_ID_MESSAGE })
  .optional();
/** The LINE Login channel secret: empty or absent keeps the stored one. */
const loginChannelSecret = z
  .string()
  .trim()
  .refine((v) => v === '' || CHANNEL_SECRET.test(v), { message: LOGIN_CHANNEL_SECRET_MESSAGE })
  .optional();

/** `@` and LINE's id characters; empty or absent means none (the connection test fills it in). */
const basicId = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => v === '' || /^@[0-9a-z._-]{1,20}$/.test(v), { message: BASIC_ID_MESSAGE })
  .nullish();

export const adminLineAccount = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.enum(LINE_ACCOUNT_STATUSES),
  account: z.object({ id: z.number().int(), name: z.string() }),
  channel_id: z.string().nullable(),
  basic_id: z.string().nullable(),
  bot_user_id: z.string().nullable(),
  simulated: z.boolean(),
  has_channel_secret: z.boolean(),
  has_channel_access_token: z.boolean(),
  /** Paste into the LINE Developers console (Messaging API → Webhook URL). */
  webhook_url: z.string(),
  /** The last connection test: ok is null before the first one. */
  connection: z.object({
    checked_at: timestamp.nullable(),
    ok: z.boolean().nullable(),
    error: z.string().nullable(),
  }),
  /**
   * LINE refuses the channel's access token (401: wrong, revoked or reissued): since when, LINE's
   * message and how many deliveries wait for it. Saving a new token ends it and sends what waited.
   */
  credentials_invalid: z
    .object({ since: timestamp, error: z.string().nullable(), waiting_deliveries: z.number().int() })
    .nullable(),
  /** LINE Login (inflow routes): the channel id, whether a secret is stored, and the check run when saved. */
  login: z.object({
    channel_id: z.string().nullable(),
    has_channel_secret: z.boolean(),
    /** ok is null before the first check (or with no login channel). */
    checked_at: timestamp.nullable(),
    ok: z.boolean().nullable(),
    error: z.string().nullable(),
  }),
  /** Friends the channel knows (following or blocked): all of them, as the friend list counts. */
  friend_count: z.number().int(),
  /** Of those, the friends following now (not blocked): the service header's count. */
  following_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type AdminLineAccount = z.infer<typeof adminLineAccount>;

export const adminLineAccountCreate = z.object({
  name: requiredText(100),
  account_id: id,
  status: z.enum(LINE_ACCOUNT_STATUSES).default('active'),
  channel_id: channelIdField,
  channel_secret: channelSecret,
  channel_access_token: channelAccessToken,
  basic_id: basicId,
  /** Bound to the LINE simulator instead of LINE (demo and test channels). */
  simulated: z.boolean().default(false),
  login_channel_id: loginChannelId,
  login_channel_secret: loginChannelSecret,
});
export const adminLineAccountUpdate = z.object({
  id: id.optional(),
  name: requiredText(100),
  account_id: id,
  status: z.enum(LINE_ACCOUNT_STATUSES),
  channel_id: channelIdField,
  channel_secret: keptChannelSecret,
  channel_access_token: keptChannelAccessToken,
  basic_id: basicId,
  simulated: z.boolean(),
  login_channel_id: loginChannelId,
  login_channel_secret: loginChannelSecret,
});
export type AdminLineAccountCreate = z.input<typeof adminLineAccountCreate>;
export type AdminLineAccountUpdate = z.input<typeof adminLineAccountUpdate>;

export const adminLineAccountListQuery = pageQuery.extend({
  /** Matches the name, channel id or basic id. */
  q: z.string().trim().max(100).optional(),
  account_id: id.optional(),
  status: z.enum(LINE_ACCOUNT_STATUSES).optional(),
});

export const connectionTestResult = z.object({
  ok: z.boolean(),
  checked_at: timestamp,
  /** LINE's bot info when the test passed. */
  bot: z.object({ user_id: z.string(), basic_id: z.string(), display_name: z.string() }).nullable(),
  /** LINE's HTTP status when it refused (0: no answer or no connection). */
  status: z.number().int().nullable(),
  error: z.string().nullable(),
  line_account: adminLineAccount,
});
export type ConnectionTestResult = z.infer<typeof connectionTestResult>;

export const accountOption = z.object({ id: z.number().int(), name: z.string() });
export type AccountOption = z.infer<typeof accountOption>;

// Platform admins until the channels are scoped to the acting OEM.
const access = platformAdmin;
const adminOwns = { none: 'platform admins manage every channel' };

export const adminLineAccountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/line_accounts',
    summary: 'Every LINE channel of every account',
    access,
    query: adminLineAccountListQuery,
    response: listOf(adminLineAccount),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/line_accounts/:id',
    summary: 'One LINE channel (its secret and token are never returned)',
    access,
    params: idParams,
    response: dataOf(adminLineAccount),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/line_accounts',
    summary: 'Connect a LINE channel to an account',
    access,
    permission: adminOwns,
    body: adminLineAccountCreate,
    response: dataOf(adminLineAccount),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/line_accounts/:id',
    summary:
      'Update a LINE channel (an empty secret or token keeps the stored one; an empty LINE Login channel id removes the login pair)',
    access,
    permission: adminOwns,
    params: idParams,
    body: adminLineAccountUpdate,
    response: dataOf(adminLineAccount),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/line_accounts/:id',
    summary: 'Delete a LINE channel that has no friends',
    access,
    permission: adminOwns,
    params: idParams,
    response: okMessage,
  }),
  connectionTest: endpoint({
    method: 'POST',
    path: '/admin/line_accounts/:id/connection_test',
    summary: 'Call LINE bot info with the stored token and record the result',
    access,
    permission: adminOwns,
    params: idParams,
    response: dataOf(connectionTestResult),
  }),
  accountOptions: endpoint({
    method: 'GET',
    path: '/admin/accounts/options',
    summary: 'Every account (id and name), for pickers',
    access,
    response: dataOf(z.array(accountOption)),
  }),
};
