import { z } from 'zod';
import { actingOemQuery } from './admin-scope.ts';
import { dataOf, id, idNumber, idParams, okMessage, timestamp } from './common.ts';
import { anyAdmin, endpoint, heldBy, heldByOrStaff } from './http.ts';
import { OEM_ADMIN_PERMISSION } from './tenant-admin.ts';

/*
 * Billing (account area): the plan the account pays for (/account/payment_plan) and how it pays
 * (/account/payment): the payment method (card through the payment provider, or invoice by bank
 * transfer), the billing period, the billing history with qualified invoice (適格請求書) PDFs, and
 * the account's payment standing: a failed payment gives a grace period, then the account is
 * read-only until it pays. Nothing is ever deleted for it.
 */

export const PAYMENT_METHODS = ['invoice', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** active: paid up; past_due: a payment failed, the console still works until `grace_until`; read_only: after it. */
export const BILLING_STATUSES = ['active', 'past_due', 'read_only'] as const;
export type BillingStatus = (typeof BILLING_STATUSES)[number];
export const INVOICE_STATUSES = ['open', 'paid', 'past_due', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The consumption tax rates a Japanese invoice names (standard and reduced), in percent. */
export const TAX_RATES = [10, 8] as const;
export type TaxRate = (typeof TAX_RATES)[number];

export const PLAN_LOCKED_MESSAGE =
  '代理店とのご契約でプランが決まっているため、ここではプランを変更できません。変更は代理店にご相談ください。';
export const PLAN_UNAVAILABLE_MESSAGE = 'このプランは選べません。';
export const SAME_PLAN_MESSAGE = '現在ご利用中のプランです。';
export const NO_PENDING_PLAN_MESSAGE = '予約中のプラン変更はありません。';
/** A downgrade the account's usage does not fit: what is over the target plan's limits. */
export const DOWNGRADE_OVER_USAGE_MESSAGE = (plan: string, over: string[]) =>
  `現在のご利用状況（${over.join('、')}）が「${plan}」の上限を超えているため、ダウングレードできません。減らしてから再度お試しください。`;
export const OVER_CHANNELS = (used: number, max: number) => `チャネル${used}件／上限${max}件`;
export const OVER_STAFF = (used: number, max: number) => `スタッフ${used}人／上限${max}人`;
export const READ_ONLY_MESSAGE =
  'お支払いが確認できないため、アカウントは閲覧のみになっています。お支払いの手続きをすると元に戻ります。';
export const CARD_UNAVAILABLE_MESSAGE = 'カード決済は現在ご利用いただけません。';
export const CHECKOUT_INCOMPLETE_MESSAGE = 'カードの登録が完了していません。もう一度お試しください。';
export const NO_CARD_MESSAGE = 'カードが登録されていません。';

const day = z.string().describe('YYYY-MM-DD');

export const billingPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Monthly price before tax, in yen, and as an invoice shows it. */
  price: z.object({ excluding_tax: z.number().int(), tax: z.number().int(), including_tax: z.number().int() }),
  max_channels: z.number().int(),
  max_staff_users: z.number().int(),
  max_monthly_messages: z.number().int(),
  rich_menu_rules: z.boolean(),
  forms: z.boolean(),
  inflow_routes: z.boolean(),
});
export type BillingPlan = z.infer<typeof billingPlan>;

export const billingPeriod = z.object({ start: day, end: day });

export const paymentPlanView = z.object({
  /** The OEM's active plans, cheapest first (the current one too, even when retired). */
  plans: z.array(billingPlan),
  current_plan_id: z.number().int().nullable(),
  /** A downgrade waiting for the period's end, when it applies. */
  pending: z.object({ plan_id: z.number().int(), name: z.string(), applies_on: day }).nullable(),
  /** A live agency contract sets the plan: the account cannot change it here. */
  locked: z.boolean(),
  period: billingPeriod,
});
export type PaymentPlanView = z.infer<typeof paymentPlanView>;

export const changePlanBody = z.object({ plan_id: idNumber });
export const changePlanResult = paymentPlanView.extend({
  /** now: an upgrade, in force at once; period_end: a downgrade, pending until the period ends. */
  applied: z.enum(['now', 'period_end']),
});

export const invoiceSummary = z.object({
  id: z.number().int(),
  number: z.string(),
  period: billingPeriod,
  issued_on: day,
  due_on: day,
  status: z.enum(INVOICE_STATUSES),
  method: z.enum(PAYMENT_METHODS),
  total_yen: z.number().int(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const billingOverview = z.object({
  method: z.enum(PAYMENT_METHODS),
  /** The card on file, as the payment provider tells it (never the number). */
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  status: z.enum(BILLING_STATUSES),
  grace_until: timestamp.nullable(),
  period: billingPeriod,
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** What the next period's invoice will say (none without a plan). */
  next_invoice: z
    .object({ issued_on: day, subtotal_yen: z.number().int(), tax_yen: z.number().int(), total_yen: z.number().int() })
    .nullable(),
  invoices: z.array(invoiceSummary),
  /** Whether card payment can be set up here (the payment provider is configured). */
  card_available: z.boolean(),
  /** The payment provider's publishable key, from the server's configuration. */
  publishable_key: z.string().nullable(),
});
export type BillingOverview = z.infer<typeof billingOverview>;

export const billingStanding = z.object({ status: z.enum(BILLING_STATUSES), grace_until: timestamp.nullable() });
export type BillingStanding = z.infer<typeof billingStanding>;

export const redirectUrl = dataOf(z.object({ url: z.string() }));

const access = heldBy('account_owner');
const owner = { none: 'the account owner decides the plan and how it is paid' };

export const billingApi = {
  paymentPlan: endpoint({
    method: 'GET',
    path: '/account/payment_plan',
    summary: "The OEM's plans, the account's current and pending plan",
    access,
    response: dataOf(paymentPlanView),
  }),
  changePlan: endpoint({
    method: 'POST',
    path: '/account/payment_plan',
    summary: 'Change the plan: an upgrade now, a downgrade at the period end',
    access,
    permission: owner,
    body: changePlanBody,
    response: dataOf(changePlanResult),
  }),
  cancelPending: endpoint({
    method: 'DELETE',
    path: '/account/payment_plan/pending',
    summary: 'Cancel the downgrade waiting for the period end',
    access,
    permission: owner,
    response: dataOf(paymentPlanView),
  }),
  overview: endpoint({
    method: 'GET',
    path: '/account/payment',
    summary: 'Payment method, card, standing, next invoice and billing history',
    access,
    response: dataOf(billingOverview),
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/account/payment/invoices/:id/pdf',
    summary: 'An invoice as a qualified invoice PDF',
    access,
    params: idParams,
    response: z.string().describe('application/pdf'),
    contentType: 'application/pdf',
  }),
  checkout: endpoint({
    method: 'POST',
    path: '/account/payment/checkout',
    summary: "Start card entry on the payment provider's hosted checkout (subscription mode)",
    access,
    permission: owner,
    response: redirectUrl,
  }),
  completeCheckout: endpoint({
    method: 'POST',
    path: '/account/payment/checkout/complete',
    summary: 'Record the card and subscription of a completed checkout',
    access,
    permission: owner,
    body: z.object({ session_id: z.string().trim().min(1).max(255) }),
    response: dataOf(billingOverview),
  }),
  portal: endpoint({
    method: 'POST',
    path: '/account/payment/portal',
    summary: "Open the payment provider's portal to change the card",
    access,
    permission: owner,
    response: redirectUrl,
  }),
  standing: endpoint({
    method: 'GET',
    path: '/account/billing_standing',
    summary: "The account's payment standing, for the console's banner",
    access: heldByOrStaff('account_owner'),
    channelScoped: false,
    response: dataOf(billingStanding),
  }),
};

export const INVOICE_MARKED_PAID_MESSAGE = '入金済みにしました。';

/** An account's billing as its OEM's admin sees it: how it pays, its standing, its plan and its invoices. */
export const adminAccountBilling = billingStanding.extend({
  method: z.enum(PAYMENT_METHODS),
  plan: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  /** Newest first. */
  invoices: z.array(invoiceSummary),
});
export type AdminAccountBilling = z.infer<typeof adminAccountBilling>;

const adminInvoiceParams = z.object({ id, invoiceId: id });

/**
 * The admin's view of an account's billing, and recording a bank transfer: the invoice is paid (and
 * the account recovers when nothing else is due). The account must be the acting OEM's.
 */
export const adminBillingApi = {
  accountBilling: endpoint({
    method: 'GET',
    path: '/admin/accounts/:id/billing',
    summary: "An account's payment method, standing, plan and invoices",
    access: anyAdmin,
    permission: OEM_ADMIN_PERMISSION,
    params: idParams,
    query: actingOemQuery,
    response: dataOf(adminAccountBilling),
  }),
  invoicePdf: endpoint({
    method: 'GET',
    path: '/admin/accounts/:id/invoices/:invoiceId/pdf',
    summary: "An account's invoice as a qualified invoice PDF",
    access: anyAdmin,
    permission: OEM_ADMIN_PERMISSION,
    params: adminInvoiceParams,
    query: actingOemQuery,
    response: z.string().describe('application/pdf'),
    contentType: 'application/pdf',
  }),
  markPaid: endpoint({
    method: 'POST',
    path: '/admin/accounts/:id/invoices/:invoiceId/paid',
    summary: "Mark an account's invoice paid (bank transfer received)",
    access: anyAdmin,
    permission: OEM_ADMIN_PERMISSION,
    params: adminInvoiceParams,
    query: actingOemQuery,
    response: okMessage,
  }),
};
