import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { OEM_ADMIN_PERMISSION } from './tenant-admin.ts';
import { dataOf, id, idParams, listOf, okMessage, pageQuery, requiredText, timestamp } from './common.ts';
import { anyAdmin, endpoint, heldBy, sessionOf } from './http.ts';

/*
 * News (お知らせ, admin area): notices an admin publishes to the accounts their OEM reaches, shown on
 * the service dashboard (and read by agency users), newest first with pinned ones on top and an
 * unread mark per user. Audience: every account the acting OEM reaches (a platform admin acting on
 * the default OEM: every OEM), one OEM (platform admins only), or one agency's accounts. A notice
 * whose publish time is still ahead is scheduled (予約) and reaches nobody until then.
 */

export const NEWS_AUDIENCES = ['all', 'oem', 'agency'] as const;
export type NewsAudience = (typeof NEWS_AUDIENCES)[number];
export const NEWS_STATUSES = ['published', 'scheduled'] as const;
export type NewsStatus = (typeof NEWS_STATUSES)[number];

export const NEWS_TITLE_MAX = 100;
export const NEWS_BODY_MAX = 10_000;

export const NEWS_AGENCY_REQUIRED_MESSAGE = 'お知らせを届ける代理店を選択してください';
export const NEWS_OEM_REQUIRED_MESSAGE = 'お知らせを届けるOEMを選択してください';
export const NEWS_OEM_PLATFORM_ONLY_MESSAGE = 'OEMを指定したお知らせはプラットフォーム管理者のみ作成できます';
export const NEWS_UNKNOWN_OEM_MESSAGE = '選択されたOEMが見つかりません';
export const NEWS_UNKNOWN_AGENCY_MESSAGE = '選択された代理店が見つかりません';
export const NEWS_DELETED_MESSAGE = 'お知らせを削除しました。';

const publishAt = z.iso.datetime({ offset: true, message: '公開日時の形式が正しくありません' });

export const newsBody = z
  .object({
    title: requiredText(NEWS_TITLE_MAX),
    /** Markdown; the screens render it sanitized. */
    body: requiredText(NEWS_BODY_MAX),
    audience: z.enum(NEWS_AUDIENCES, { message: '配信先を選択してください' }),
    /** The OEM of an `oem` audience (platform admins only). */
    audience_oem_id: id.nullish(),
    /** The agency of an `agency` audience: one of the acting OEM's. */
    audience_agency_id: id.nullish(),
    /** When it appears to readers; ahead of now it is scheduled (予約). */
    publish_at: publishAt,
    pinned: z.boolean({ message: '固定するかどうかを選択してください' }).default(false),
  })
  .superRefine((value, check) => {
    if (value.audience === 'agency' && value.audience_agency_id == null) {
      check.addIssue({ code: 'custom', path: ['audience_agency_id'], message: NEWS_AGENCY_REQUIRED_MESSAGE });
    }
    if (value.audience === 'oem' && value.audience_oem_id == null) {
      check.addIssue({ code: 'custom', path: ['audience_oem_id'], message: NEWS_OEM_REQUIRED_MESSAGE });
    }
  });
export type NewsBody = z.input<typeof newsBody>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const news = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NEWS_AUDIENCES),
  /** The OEM of an `oem` audience; null otherwise. */
  audience_oem: named.nullable(),
  /** The agency of an `agency` audience; null otherwise. */
  audience_agency: named.nullable(),
  /** An `all` audience that reaches every OEM (written by a platform admin on the default OEM). */
  every_oem: z.boolean(),
  publish_at: timestamp,
  pinned: z.boolean(),
  status: z.enum(NEWS_STATUSES),
  created_at: timestamp,
  updated_at: timestamp,
});
export type News = z.infer<typeof news>;

export const newsListQuery = pageQuery.extend(actingOemQuery.shape).extend({
  /** Matches the title. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(NEWS_STATUSES).optional(),
});

/** A notice as a reader (staff, agency user) sees it, with whether they have read it. */
export const readerNews = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publish_at: timestamp,
  pinned: z.boolean(),
  read: z.boolean(),
});
export type ReaderNews = z.infer<typeof readerNews>;
export const readerNewsList = listOf(readerNews).extend({ unread_count: z.number().int() });

const access = anyAdmin;
const permission = OEM_ADMIN_PERMISSION;
/** Reading the platform's notices and marking them read is every reader's own business. */
const readers = { none: "the caller's own notices and read marks; the audience decides what they reach" } as const;

export const newsApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/news',
    summary: "The acting OEM's news, newest publish time first",
    access,
    query: newsListQuery,
    response: listOf(news),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/news/:id',
    summary: 'One notice',
    access,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(news),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/news',
    summary: 'Create a notice of the acting OEM',
    access,
    permission,
    query: actingOemQuery,
    body: newsBody,
    response: dataOf(news),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/news/:id',
    summary: 'Update a notice',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: newsBody,
    response: dataOf(news),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/news/:id',
    summary: 'Delete a notice (its read marks with it)',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    response: okMessage,
  }),
};

/** The notices that reach the signed-in staff member's account: pinned first, then newest first. */
export const serviceNewsApi = {
  list: endpoint({
    method: 'GET',
    path: '/service/news',
    summary:
      "Published notices reaching the caller's account (all, its OEM or its agency), pinned first, with read marks",
    access: sessionOf('service'),
    channelScoped: false,
    permission: readers,
    query: pageQuery,
    response: readerNewsList,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/service/news/:id/read',
    summary: 'Marks a notice read for the caller',
    access: sessionOf('service'),
    channelScoped: false,
    permission: readers,
    params: idParams,
    response: okMessage,
  }),
};

/** The notices that reach the signed-in agency user: all, their OEM's or their agency's. */
export const agencyNewsApi = {
  list: endpoint({
    method: 'GET',
    path: '/agency/news',
    summary: "Published notices reaching the caller's agency, pinned first, with read marks",
    access: heldBy('agency_user'),
    permission: readers,
    query: pageQuery,
    response: readerNewsList,
  }),
  markRead: endpoint({
    method: 'POST',
    path: '/agency/news/:id/read',
    summary: 'Marks a notice read for the caller',
    access: heldBy('agency_user'),
    permission: readers,
    params: idParams,
    response: okMessage,
  }),
};
