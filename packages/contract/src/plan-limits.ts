import { z } from 'zod';
import { dataOf } from './common.ts';
import { endpoint, heldBy } from './http.ts';

/*
 * The limits of an account's OEM plan, enforced by the server, and the account's usage against them.
 * An account without a plan has no limits. Monthly messages are counted by our delivery log (one per
 * recipient of a request LINE accepted, or still to send), over the calendar month in the account's
 * time zone: not LINE's own quota, which the channel's LINE side counts apart.
 */

/** An account is near a limit from this share of it on. */
export const NEAR_LIMIT_PERCENT = 80;
export const PLAN_LIMITS = ['channels', 'staff_users', 'monthly_messages'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];
/** The features a plan turns on or off. */
export const PLAN_FEATURES = ['rich_menu_rules', 'forms', 'inflow_routes'] as const;
export type PlanFeature = (typeof PLAN_FEATURES)[number];

export const CHANNEL_LIMIT_MESSAGE = (max: number) =>
  `ご契約のプランで登録できるチャネルは${max}件までです。プランの変更をご検討ください。`;
export const STAFF_LIMIT_MESSAGE = (max: number) =>
  `ご契約のプランで登録できるスタッフは${max}人までです。プランの変更をご検討ください。`;
export const MESSAGE_LIMIT_MESSAGE = (max: number) =>
  `ご契約のプランの月間メッセージ数（${max}通）を超えるため送信しませんでした。プランの変更をご検討ください。`;
const FEATURE_NAMES: Record<PlanFeature, string> = {
  rich_menu_rules: 'リッチメニューの表示ルール',
  forms: '回答フォーム',
  inflow_routes: '流入経路',
};
export const FEATURE_OFF_MESSAGE = (feature: PlanFeature) =>
  `ご契約のプランでは${FEATURE_NAMES[feature]}を作成できません。プランの変更をご検討ください。`;

export const planLimitFigure = z.object({
  limit: z.enum(PLAN_LIMITS),
  used: z.number().int(),
  max: z.number().int(),
  /** The share of the limit used, in percent to one decimal (a limit of 0 is full). */
  percent: z.number(),
});
export type PlanLimitFigure = z.infer<typeof planLimitFigure>;

export const accountUsage = z.object({
  /** null: the account has no plan, so no limits (usage is still shown). */
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** One row per limit; `max` and `percent` are null without a plan. */
  limits: z.array(
    planLimitFigure.extend({ max: z.number().int().nullable(), percent: z.number().nullable(), near: z.boolean() }),
  ),
  /** Whether each feature is on (every feature is on without a plan). */
  features: z.record(z.enum(PLAN_FEATURES), z.boolean()),
  /** The month the messages are counted in (the account's time zone), as YYYY-MM. */
  month: z.string(),
  time_zone: z.string(),
});
export type AccountUsage = z.infer<typeof accountUsage>;

export const planLimitsApi = {
  usage: endpoint({
    method: 'GET',
    path: '/account/usage',
    summary: "The account's usage against its plan's limits",
    access: heldBy('account_owner'),
    response: dataOf(accountUsage),
  }),
};
