import { z } from 'zod';
import { dataOf, id, idParams, listOf, okMessage, pageQuery, requiredText, timestamp } from './common.ts';
import { endpoint, heldBy } from './http.ts';
import { NEWS_BODY_MAX, NEWS_TITLE_MAX } from './news.ts';

/*
 * Notices of an agency to its client accounts (/agency/send). Audience: all its clients, those on one
 * OEM plan, those in one contract state (a live contract active or ending, or none live), or
 * accounts picked by hand; resolved when the notice goes out, now or at its scheduled time. Going
 * out, it appears as news on each recipient's service dashboard and mails each account's owner once.
 * Only the agency's own accounts are ever reached; a plan deleted before the send reaches nobody.
 */

export const NOTICE_AUDIENCES = ['all', 'plan', 'contract', 'picked'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
/** An account's contract state: its live contract's status, or none live. */
export const NOTICE_CONTRACT_STATES = ['active', 'ending', 'none'] as const;
export type NoticeContractState = (typeof NOTICE_CONTRACT_STATES)[number];
export const NOTICE_STATUSES = ['scheduled', 'sent', 'cancelled'] as const;
export type NoticeStatus = (typeof NOTICE_STATUSES)[number];
/** At most this many accounts picked by hand. */
export const NOTICE_PICKED_MAX = 1000;

export const NOTICE_PLAN_REQUIRED_MESSAGE = 'お知らせを届けるプランを選択してください';
export const NOTICE_CONTRACT_STATE_REQUIRED_MESSAGE = 'お知らせを届ける契約状態を選択してください';
export const NOTICE_ACCOUNTS_REQUIRED_MESSAGE = 'お知らせを届けるアカウントを選択してください';
export const NOTICE_UNKNOWN_PLAN_MESSAGE = '選択されたプランが見つかりません';
export const NOTICE_UNKNOWN_ACCOUNT_MESSAGE = '選択されたアカウントが見つかりません';
export const NOTICE_SEND_AT_PAST_MESSAGE = '予約日時には現在より後の日時を指定してください';
export const NOTICE_NOT_SCHEDULED_MESSAGE = '送信予約中のお知らせだけを取り消せます';
export const NOTICE_CANCELLED_MESSAGE = 'お知らせの送信予約を取り消しました。';

/** Whom a notice reaches: one kind, with the plan, contract state or accounts it names. */
const audienceFields = z.object({
  audience: z.enum(NOTICE_AUDIENCES, { message: '配信先を選択してください' }),
  oem_plan_id: id.nullish(),
  contract_state: z.enum(NOTICE_CONTRACT_STATES, { message: NOTICE_CONTRACT_STATE_REQUIRED_MESSAGE }).nullish(),
  account_ids: z.array(id).max(NOTICE_PICKED_MAX).default([]),
});
function checkAudience(value: z.output<typeof audienceFields>, check: z.RefinementCtx) {
  if (value.audience === 'plan' && value.oem_plan_id == null) {
    check.addIssue({ code: 'custom', path: ['oem_plan_id'], message: NOTICE_PLAN_REQUIRED_MESSAGE });
  }
  if (value.audience === 'contract' && value.contract_state == null) {
    check.addIssue({ code: 'custom', path: ['contract_state'], message: NOTICE_CONTRACT_STATE_REQUIRED_MESSAGE });
  }
  if (value.audience === 'picked' && value.account_ids.length === 0) {
    check.addIssue({ code: 'custom', path: ['account_ids'], message: NOTICE_ACCOUNTS_REQUIRED_MESSAGE });
  }
}
export const noticeAudienceBody = audienceFields.superRefine(checkAudience);
export type NoticeAudienceBody = z.input<typeof noticeAudienceBody>;

export const noticeBody = audienceFields
  .extend({
    title: requiredText(NEWS_TITLE_MAX),
    /** Markdown, as the news reader renders it. */
    body: requiredText(NEWS_BODY_MAX),
    /** null or absent: now; else the time it goes out (scheduled, 予約). */
    send_at: z.iso.datetime({ offset: true, message: '予約日時の形式が正しくありません' }).nullish(),
  })
  .superRefine(checkAudience);
export type NoticeBody = z.input<typeof noticeBody>;

const named = z.object({ id: z.number().int(), name: z.string() });

export const agencyNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  audience: z.enum(NOTICE_AUDIENCES),
  /** The plan of a `plan` audience; null otherwise, or once the plan is deleted (then it reaches nobody). */
  plan: named.nullable(),
  contract_state: z.enum(NOTICE_CONTRACT_STATES).nullable(),
  /** The accounts of a `picked` audience (those still the agency's). */
  picked_accounts: z.array(named),
  status: z.enum(NOTICE_STATUSES),
  send_at: timestamp,
  sent_at: timestamp.nullable(),
  /** Accounts it reached (0 until sent). */
  recipient_count: z.number().int(),
  /** Recipient accounts at least one of whose users opened it, and those users. */
  read_account_count: z.number().int(),
  read_user_count: z.number().int(),
  created_by: z.string().nullable(),
  created_at: timestamp,
});
export type AgencyNotice = z.infer<typeof agencyNotice>;

export const noticeRecipient = named.extend({ read: z.boolean() });
export type NoticeRecipient = z.infer<typeof noticeRecipient>;
export const agencyNoticeDetail = agencyNotice.extend({ recipients: z.array(noticeRecipient) });
export type AgencyNoticeDetail = z.infer<typeof agencyNoticeDetail>;

export const noticeListQuery = pageQuery.extend({
  /** Matches the title. */
  q: z.string().trim().max(100).optional(),
  status: z.enum(NOTICE_STATUSES).optional(),
});

const access = heldBy('agency_user');
const permission = {
  none: "agency users (managers and members) write their own agency's notices (the agency scope)",
} as const;

export const agencyNoticesApi = {
  list: endpoint({
    method: 'GET',
    path: '/agency/notices',
    summary: "The agency's notices, newest send time first, with recipients and read counts",
    access,
    query: noticeListQuery,
    response: listOf(agencyNotice),
  }),
  get: endpoint({
    method: 'GET',
    path: '/agency/notices/:id',
    summary: 'One notice with its recipients and whether each has read it',
    access,
    params: idParams,
    response: dataOf(agencyNoticeDetail),
  }),
  preview: endpoint({
    method: 'POST',
    path: '/agency/notices/preview',
    summary: 'How many client accounts an audience reaches now (writes nothing)',
    access,
    permission,
    body: noticeAudienceBody,
    response: dataOf(z.object({ account_count: z.number().int() })),
  }),
  create: endpoint({
    method: 'POST',
    path: '/agency/notices',
    summary: 'Send a notice now, or schedule it',
    access,
    permission,
    body: noticeBody,
    response: dataOf(agencyNoticeDetail),
    successStatus: 201,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/agency/notices/:id/cancel',
    summary: 'Cancel a scheduled notice (one already sent stays sent: 422)',
    access,
    permission,
    params: idParams,
    response: okMessage,
  }),
};
