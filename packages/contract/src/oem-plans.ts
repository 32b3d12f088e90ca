import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { OEM_ADMIN_PERMISSION } from './tenant-admin.ts';
import { dataOf, idParams, listOf, okMessage, pageQuery, requiredText, timestamp } from './common.ts';
import { anyAdmin, endpoint } from './http.ts';

/*
 * OEM plans (admin area): the plans an OEM sells to its accounts, with a monthly price in yen and
 * the limits the plan grants. A plan accounts use is retired instead of deleted.
 */

export const OEM_PLAN_STATUSES = ['active', 'retired'] as const;
export type OemPlanStatus = (typeof OEM_PLAN_STATUSES)[number];

/** Japan's standard consumption tax rate, in percent. */
export const CONSUMPTION_TAX_PERCENT = 10;

/**
 * A price before tax as a Japanese (qualified) invoice shows it: 税抜, 消費税 at 10 % rounded down
 * once for the amount, and 税込.
 */
export function taxedPrice(priceExcludingTax: number) {
  const tax = Math.floor((priceExcludingTax * CONSUMPTION_TAX_PERCENT) / 100);
  return { excluding_tax: priceExcludingTax, tax, including_tax: priceExcludingTax + tax };
}

export const PLAN_NAME_TAKEN_MESSAGE = '同じ名前のプランが既にあります';
export const PLAN_RETIRED_INSTEAD_MESSAGE = 'このプランはアカウントが利用中のため、削除せず「提供終了」にしました。';
export const PLAN_DELETED_MESSAGE = 'プランを削除しました。';

const PRICE_MAX = 100_000_000;
const LIMIT_MAX = 1_000_000_000;
const wholeNumber = (max: number, unit: string) =>
  z
    .number({ message: '数値で入力してください' })
    .int({ message: '整数で入力してください' })
    .min(0, { message: '0以上で入力してください' })
    .max(max, { message: `${max.toLocaleString('ja-JP')}${unit}以下で入力してください` });

export const oemPlanBody = z.object({
  name: requiredText(100),
  /** Monthly price before tax, in yen. */
  monthly_price_yen: wholeNumber(PRICE_MAX, '円'),
  max_channels: wholeNumber(LIMIT_MAX, ''),
  max_staff_users: wholeNumber(LIMIT_MAX, ''),
  max_monthly_messages: wholeNumber(LIMIT_MAX, ''),
  rich_menu_rules: z.boolean(),
  forms: z.boolean(),
  inflow_routes: z.boolean(),
  status: z.enum(OEM_PLAN_STATUSES).default('active'),
});
export type OemPlanBody = z.input<typeof oemPlanBody>;

export const oemPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  monthly_price_yen: z.number().int(),
  /** The price as an invoice shows it (税抜, 消費税 10 %, 税込). */
  price: z.object({ excluding_tax: z.number().int(), tax: z.number().int(), including_tax: z.number().int() }),
  max_channels: z.number().int(),
  max_staff_users: z.number().int(),
  max_monthly_messages: z.number().int(),
  rich_menu_rules: z.boolean(),
  forms: z.boolean(),
  inflow_routes: z.boolean(),
  status: z.enum(OEM_PLAN_STATUSES),
  /** Accounts on this plan. */
  account_count: z.number().int(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type OemPlan = z.infer<typeof oemPlan>;

export const oemPlanListQuery = pageQuery.extend(actingOemQuery.shape).extend({
  q: z.string().trim().max(100).optional(),
  status: z.enum(OEM_PLAN_STATUSES).optional(),
});

const access = anyAdmin;
const permission = OEM_ADMIN_PERMISSION;

export const oemPlansApi = {
  list: endpoint({
    method: 'GET',
    path: '/admin/oem_plans',
    summary: "The acting OEM's plans",
    access,
    query: oemPlanListQuery,
    response: listOf(oemPlan),
  }),
  get: endpoint({
    method: 'GET',
    path: '/admin/oem_plans/:id',
    summary: 'One plan of the acting OEM',
    access,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(oemPlan),
  }),
  create: endpoint({
    method: 'POST',
    path: '/admin/oem_plans',
    summary: 'Create a plan of the acting OEM',
    access,
    permission,
    query: actingOemQuery,
    body: oemPlanBody,
    response: dataOf(oemPlan),
    successStatus: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/admin/oem_plans/:id',
    summary: 'Update a plan of the acting OEM',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    body: oemPlanBody,
    response: dataOf(oemPlan),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/admin/oem_plans/:id',
    summary: 'Delete a plan no account uses; a plan in use is retired instead',
    access,
    permission,
    params: idParams,
    query: actingOemQuery,
    response: okMessage,
  }),
};
