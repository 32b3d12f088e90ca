import { z } from 'zod';
import { dataOf, id, idNumber, idParams, listOf, requiredText, timestamp } from './common.ts';
import { endpoint, publicAccess, sessionOf } from './http.ts';
import { FRIEND_LINK_PARAM } from './links.ts';

/*
 * Conversion points (issue 26, DESIGN.md section 6): a goal a friend reaches by opening the
 * point's public /links page (a link or button on the goal page) or by loading its 1×1 pixel.
 * The friend is known from their tracked link token (`via`) or the first-party cookie a tracked
 * link set; otherwise the hit is kept as anonymous. Counts per point, friend, inflow route and
 * plan; CSV and an ad-platform export; a signed webhook per channel.
 */

export const CONVERSION_NAME_MAX = 100;
export const CONVERSION_PAGE_SIZE = 20;
export const CONVERSION_VALUE_MAX = 100_000_000;
/** The public page a point's link opens; `c` is the point's code. */
export const CONVERSION_PAGE_ROUTE = '/links';
export const conversionPagePath = (code: string) => `${CONVERSION_PAGE_ROUTE}?c=${encodeURIComponent(code)}`;
/** The 1×1 GIF an external page embeds. */
export const conversionPixelPath = (code: string) => `/api/public/conversions/pixel?c=${encodeURIComponent(code)}`;
/** The header a conversion webhook is signed in: hex HMAC-SHA256 of the raw body with the channel's secret. */
export const CONVERSION_SIGNATURE_HEADER = 'X-Linq-Signature';
/** The currency ad exports and webhooks state (values are whole yen). */
export const CONVERSION_CURRENCY = 'JPY';

/** Once per friend per point (the default), or every hit. */
export const CONVERSION_COUNT_MODES = ['once', 'every'] as const;
export type ConversionCountMode = (typeof CONVERSION_COUNT_MODES)[number];

const httpUrl = z.url({ protocol: /^https?$/, message: 'http:// または https:// で始まるURLを入力してください' });
const ids = z.array(idNumber).max(100).default([]);

export const conversionPointInput = z.object({
  name: requiredText(CONVERSION_NAME_MAX),
  folder_id: idNumber.nullable().default(null),
  /** Where /links continues to; null: a thank-you page of the console. */
  goal_url: httpUrl.max(2000).nullable().default(null),
  count_mode: z.enum(CONVERSION_COUNT_MODES).default('once'),
  /** Whole yen, for ad exports and webhooks. */
  value: z.number().int().min(0).max(CONVERSION_VALUE_MAX).default(0),
  /** Added to the friend's score on their first conversion at the point. */
  score: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  /** Put on the friend on their first conversion at the point. */
  tag_ids: ids,
});
export type ConversionPointInput = z.input<typeof conversionPointInput>;

export const conversionPoint = z.object({
  id: z.number().int(),
  name: z.string(),
  folder_id: z.number().int().nullable(),
  goal_url: z.string().nullable(),
  count_mode: z.enum(CONVERSION_COUNT_MODES),
  value: z.number().int(),
  score: z.number().int(),
  tag_ids: z.array(z.number().int()),
  /** The public page to link to (a path of the console). */
  page_path: z.string(),
  /** The pixel's address (a path of the console). */
  pixel_path: z.string(),
  /** Counts within the list's date range: all hits, friends' (known) and anonymous ones, distinct friends. */
  counts: z.object({
    total: z.number().int(),
    known: z.number().int(),
    anonymous: z.number().int(),
    friends: z.number().int(),
  }),
  updated_at: timestamp,
});
export type ConversionPoint = z.infer<typeof conversionPoint>;

/** A date range: from (inclusive) to (inclusive), calendar days in the channel's time zone. */
const day = z.iso.date({ message: '日付の形式が正しくありません' });
export const conversionRange = z.object({ from: day.optional(), to: day.optional() });

export const conversionListQuery = conversionRange.extend({
  folder_id: id.optional(),
  name: z.string().trim().max(255).optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSION_PAGE_SIZE),
});
export type ConversionListQuery = z.input<typeof conversionListQuery>;

export const CONVERSION_BREAKDOWNS = ['friend', 'inflow', 'plan'] as const;
export type ConversionBreakdownKind = (typeof CONVERSION_BREAKDOWNS)[number];

export const breakdownQuery = conversionRange.extend({
  by: z.enum(CONVERSION_BREAKDOWNS),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(CONVERSION_PAGE_SIZE),
});
export type BreakdownQuery = z.input<typeof breakdownQuery>;

/** One row of a breakdown: a friend, an inflow route or a plan (null id: none, e.g. anonymous hits). */
export const breakdownRow = z.object({
  id: z.number().int().nullable(),
  name: z.string().nullable(),
  count: z.number().int(),
  last_at: timestamp,
});
export type BreakdownRow = z.infer<typeof breakdownRow>;

/** A friend's conversion, for the friend detail. */
export const friendConversion = z.object({
  id: z.number().int(),
  point_id: z.number().int(),
  point_name: z.string(),
  reached_at: timestamp,
  value: z.number().int(),
  inflow_route_name: z.string().nullable(),
  plan_name: z.string().nullable(),
});
export type FriendConversion = z.infer<typeof friendConversion>;

export const conversionWebhookInput = z.object({
  /** null: no webhook. */
  url: httpUrl.max(2000).nullable(),
  /** A new secret is made when true (and on the first save). */
  regenerate_secret: z.boolean().default(false),
});
export type ConversionWebhookInput = z.input<typeof conversionWebhookInput>;

export const conversionWebhook = z.object({
  url: z.string().nullable(),
  /** The signing secret, for the receiver's settings; null until a URL is saved. */
  secret: z.string().nullable(),
  /** Deliveries not yet acknowledged. */
  pending: z.number().int(),
  /** The last failure's reason (status or error), null when the last attempt succeeded. */
  last_error: z.string().nullable(),
});
export type ConversionWebhook = z.infer<typeof conversionWebhook>;

export const webhookTestResult = z.object({
  ok: z.boolean(),
  status: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookTestResult = z.infer<typeof webhookTestResult>;

/** What the webhook posts (JSON); `id` is the deduplication key. */
export const conversionWebhookBody = z.object({
  id: z.string(),
  type: z.literal('conversion.reached'),
  point: z.object({ id: z.number().int(), name: z.string() }),
  friend_id: z.number().int().nullable(),
  reached_at: timestamp,
  value: z.number().int(),
  currency: z.string(),
  inflow_route: z.string().nullable(),
  test: z.boolean(),
});
export type ConversionWebhookBody = z.infer<typeof conversionWebhookBody>;

/** What /links answers: where to go on, or the point's thank-you page. */
export const conversionHit = z.object({ url: z.string().nullable(), point_name: z.string() });
export type ConversionHit = z.infer<typeof conversionHit>;

const access = sessionOf('service');
const view = { feature: 'conversions', level: 'view' } as const;
const edit = { feature: 'conversions', level: 'edit' } as const;
const csv = { response: z.string().describe('text/csv'), contentType: 'text/csv' } as const;

export const conversionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/conversions',
    summary: "The channel's conversion points with their counts in the date range",
    access,
    permission: view,
    query: conversionListQuery,
    response: listOf(conversionPoint),
  }),
  get: endpoint({
    method: 'GET',
    path: '/service/conversions/:id',
    summary: 'One conversion point with its counts in the date range',
    access,
    permission: view,
    params: idParams,
    query: conversionRange,
    response: dataOf(conversionPoint),
  }),
  create: endpoint({
    method: 'POST',
    path: '/service/conversions',
    summary: 'A new conversion point (its code is made by the server)',
    access,
    permission: edit,
    body: conversionPointInput,
    response: dataOf(conversionPoint),
  }),
  update: endpoint({
    method: 'PUT',
    path: '/service/conversions/:id',
    summary: 'Save a conversion point (its code and counts stay)',
    access,
    permission: edit,
    params: idParams,
    body: conversionPointInput,
    response: dataOf(conversionPoint),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/service/conversions/:id',
    summary: 'Delete a conversion point and its conversions',
    access,
    permission: edit,
    params: idParams,
    response: dataOf(z.object({ id: z.number().int() })),
  }),
  breakdown: endpoint({
    method: 'GET',
    path: '/service/conversions/:id/breakdown',
    summary: "A point's conversions per friend, inflow route or plan in the date range",
    access,
    permission: view,
    params: idParams,
    query: breakdownQuery,
    response: listOf(breakdownRow),
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/service/conversions/:id/export',
    summary: "A point's conversions in the date range as CSV (UTF-8 with BOM)",
    access,
    permission: { feature: 'exports', level: 'view' },
    params: idParams,
    query: conversionRange,
    ...csv,
  }),
  adExport: endpoint({
    method: 'GET',
    path: '/service/conversions/:id/ad_export',
    summary: 'Conversions with an ad click id, as a Google Ads offline-conversion import CSV',
    access,
    permission: { feature: 'exports', level: 'view' },
    params: idParams,
    query: conversionRange,
    ...csv,
  }),
  ofFriend: endpoint({
    method: 'GET',
    path: '/service/friends/:id/conversions',
    summary: "A friend's conversions, newest first (at most 100)",
    access,
    permission: view,
    params: idParams,
    response: dataOf(z.array(friendConversion)),
  }),
  webhook: endpoint({
    method: 'GET',
    path: '/service/conversion_webhook',
    summary: "The channel's conversion webhook: URL, signing secret, pending deliveries",
    access,
    permission: edit,
    response: dataOf(conversionWebhook),
  }),
  saveWebhook: endpoint({
    method: 'PUT',
    path: '/service/conversion_webhook',
    summary: "Set the channel's conversion webhook URL (and make a new secret)",
    access,
    permission: edit,
    body: conversionWebhookInput,
    response: dataOf(conversionWebhook),
  }),
  testWebhook: endpoint({
    method: 'POST',
    path: '/service/conversion_webhook/test',
    summary: 'Post a signed test conversion to the webhook URL now and answer how it went',
    access,
    permission: edit,
    response: dataOf(webhookTestResult),
  }),
};

export const conversionPublicApi = {
  hit: endpoint({
    method: 'GET',
    path: '/public/conversions/:code',
    summary:
      'Records a conversion at the point (the friend from the tracked link or cookie) and answers where to go on',
    access: publicAccess,
    params: z.object({ code: z.string().max(64) }),
    query: z.object({ [FRIEND_LINK_PARAM]: z.string().max(64).optional() }),
    response: dataOf(conversionHit),
  }),
  pixel: endpoint({
    method: 'GET',
    path: '/public/conversions/pixel',
    summary: 'A 1×1 GIF that records a conversion at the point (the friend from the cookie, when the browser sends it)',
    access: publicAccess,
    query: z.object({ c: z.string().max(64) }),
    response: z.string().describe('image/gif'),
    contentType: 'image/gif',
  }),
};
