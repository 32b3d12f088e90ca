import {
  CARD_UNAVAILABLE_MESSAGE,
  CHECKOUT_INCOMPLETE_MESSAGE,
  NO_CARD_MESSAGE,
  NO_PENDING_PLAN_MESSAGE,
  PLAN_LOCKED_MESSAGE,
  PLAN_UNAVAILABLE_MESSAGE,
  SAME_PLAN_MESSAGE,
  taxedPrice,
  type AdminAccountBilling,
  type BillingOverview,
  type BillingPlan,
  type BillingStanding,
  type InvoiceSummary,
  type PaymentPlanView,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, conflict, forbidden, notFound } from '../../platform/errors.ts';
import { accountScope, type AccountScope, type OemScope } from '../../platform/principal.ts';
import { addDays, today } from '../agency-contracts/dates.ts';
import { usageOf } from '../plan-limits/service.ts';
import { cardProvider } from './card.ts';
import { invoiceFor, invoicePayment, type ChargedLine } from './invoices.ts';
import type { PaymentProvider } from './provider.ts';
import * as repo from './repository.ts';
import { changeKind, downgradeRefusal, invoiceTotals, periodFrom, periodHolding } from './rules.ts';

const DAY_MS = 86_400_000;

/** The account's billing, opened (invoice payment, a period from today) on first use. */
async function billingOf(ctx: AppContext, db: Db, scope: AccountScope, lock = false): Promise<repo.BillingRow> {
  await repo.ensure(db, scope, periodFrom(today(ctx.clock.now())));
  const row = await repo.find(db, scope, lock);
  if (!row) throw notFound('アカウント');
  return row;
}

async function providerOf(ctx: AppContext, billing: repo.BillingRow): Promise<PaymentProvider> {
  if (billing.method === 'invoice') return invoicePayment;
  return (await cardProvider(ctx)) ?? invoicePayment;
}

const presentPlan = (plan: repo.PlanRow): BillingPlan => ({
  id: plan.id,
  name: plan.name,
  price: taxedPrice(plan.monthlyPriceYen),
  max_channels: plan.maxChannels,
  max_staff_users: plan.maxStaffUsers,
  max_monthly_messages: plan.maxMonthlyMessages,
  rich_menu_rules: plan.richMenuRules,
  forms: plan.forms,
  inflow_routes: plan.inflowRoutes,
});

const presentInvoice = (invoice: repo.InvoiceRow): InvoiceSummary => ({
  id: invoice.id,
  number: invoice.number,
  period: { start: invoice.periodStart, end: invoice.periodEnd },
  issued_on: invoice.issuedOn,
  due_on: invoice.dueOn,
  status: invoice.status,
  method: invoice.method,
  total_yen: invoice.totalYen,
});

async function planView(ctx: AppContext, db: Db, scope: AccountScope): Promise<PaymentPlanView> {
  const billing = await billingOf(ctx, db, scope);
  const plans = await repo.plansFor(db, scope);
  const account = await repo.accountOf(db, scope);
  const pending = billing.pendingPlanId ? plans.find((plan) => plan.id === billing.pendingPlanId) : undefined;
  return {
    plans: plans.map(presentPlan),
    current_plan_id: account?.planId ?? null,
    pending: pending ? { plan_id: pending.id, name: pending.name, applies_on: addDays(billing.periodEnd, 1) } : null,
    locked: await repo.hasLiveContract(db, scope),
    period: { start: billing.periodStart, end: billing.periodEnd },
  };
}

export async function paymentPlan(ctx: AppContext, scope: AccountScope): Promise<PaymentPlanView> {
  return planView(ctx, ctx.database.db, scope);
}

/**
 * Changes the plan: an upgrade is in force at once (a card subscription follows it), a downgrade waits
 * for the period's end and is refused when the account's channels or staff are over the target's
 * limits. Refused while a live agency contract sets the plan.
 */
export async function changePlan(ctx: AppContext, scope: AccountScope, planId: number) {
  const applied = await ctx.database.db.transaction(async (tx) => {
    const billing = await billingOf(ctx, tx, scope, true);
    if (await repo.hasLiveContract(tx, scope)) throw forbidden(PLAN_LOCKED_MESSAGE);
    const target = await repo.planOfAccountOem(tx, scope, planId);
    if (!target || target.status !== 'active')
      throw new AppError('validation', PLAN_UNAVAILABLE_MESSAGE, {
        plan_id: { description: PLAN_UNAVAILABLE_MESSAGE },
      });
    const account = await repo.accountOf(tx, scope);
    const current = account?.planId ? await repo.planOfAccountOem(tx, scope, account.planId) : undefined;
    if (current?.id === target.id) throw conflict(SAME_PLAN_MESSAGE);
    if (changeKind(current ?? null, target) === 'upgrade') {
      await repo.setPlan(tx, scope, target.id);
      await repo.update(tx, scope, { pendingPlanId: null });
      await (await providerOf(ctx, billing)).planChanged(ctx, billing, target);
      return 'now' as const;
    }
    const usage = await usageOf(tx, scope, ctx.clock.now());
    const used = (limit: string) => usage?.limits.find((figure) => figure.limit === limit)?.used ?? 0;
    const refusal = downgradeRefusal({ channels: used('channels'), staffUsers: used('staff_users') }, target);
    if (refusal) throw conflict(refusal);
    await repo.update(tx, scope, { pendingPlanId: target.id });
    return 'period_end' as const;
  });
  return { ...(await paymentPlan(ctx, scope)), applied };
}

export async function cancelPending(ctx: AppContext, scope: AccountScope): Promise<PaymentPlanView> {
  await ctx.database.db.transaction(async (tx) => {
    const billing = await billingOf(ctx, tx, scope, true);
    if (!billing.pendingPlanId) throw conflict(NO_PENDING_PLAN_MESSAGE);
    await repo.update(tx, scope, { pendingPlanId: null });
  });
  return paymentPlan(ctx, scope);
}

export async function overview(ctx: AppContext, scope: AccountScope): Promise<BillingOverview> {
  const db = ctx.database.db;
  const billing = await billingOf(ctx, db, scope);
  const account = await repo.accountOf(db, scope);
  const plan = account?.planId ? await repo.planOfAccountOem(db, scope, account.planId) : undefined;
  const nextPlan = billing.pendingPlanId ? await repo.planOfAccountOem(db, scope, billing.pendingPlanId) : plan;
  const next =
    nextPlan &&
    invoiceTotals([{ description: nextPlan.name, quantity: 1, unitPriceYen: nextPlan.monthlyPriceYen, taxRate: 10 }]);
  const card = await cardProvider(ctx);
  return {
    method: billing.method,
    card: billing.cardBrand && billing.cardLast4 ? { brand: billing.cardBrand, last4: billing.cardLast4 } : null,
    status: billing.status,
    grace_until: billing.graceUntil?.toISOString() ?? null,
    period: { start: billing.periodStart, end: billing.periodEnd },
    plan: plan ? { id: plan.id, name: plan.name } : null,
    next_invoice: next
      ? {
          issued_on: addDays(billing.periodEnd, 1),
          subtotal_yen: next.subtotalYen,
          tax_yen: next.taxYen,
          total_yen: next.totalYen,
        }
      : null,
    invoices: (await repo.invoices(db, scope)).map(presentInvoice),
    card_available: card !== null,
    publishable_key: card?.publishableKey ?? null,
  };
}

export async function invoiceOf(ctx: AppContext, scope: AccountScope, id: number): Promise<repo.InvoiceRow> {
  const invoice = await repo.invoice(ctx.database.db, scope, id);
  if (!invoice) throw notFound('請求書');
  return invoice;
}

async function requireCard(ctx: AppContext) {
  const card = await cardProvider(ctx);
  if (!card) throw new AppError('bad_request', CARD_UNAVAILABLE_MESSAGE);
  return card;
}

/** A hosted checkout for card entry, subscribing to the account's plan. */
export async function checkout(ctx: AppContext, scope: AccountScope, origin: string): Promise<string> {
  const card = await requireCard(ctx);
  const db = ctx.database.db;
  const billing = await billingOf(ctx, db, scope);
  const account = await repo.accountOf(db, scope);
  const plan = account?.planId ? await repo.planOfAccountOem(db, scope, account.planId) : undefined;
  if (!plan || !account) throw new AppError('bad_request', PLAN_UNAVAILABLE_MESSAGE);
  let customerId = billing.providerCustomerId;
  if (!customerId) {
    customerId = await card.createCustomer(scope.accountId, account.name);
    await repo.update(db, scope, { providerCustomerId: customerId });
  }
  return card.checkoutUrl({
    accountId: scope.accountId,
    customerId,
    plan,
    successUrl: `${origin}/account/payment?checkout={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${origin}/account/payment`,
  });
}

/** Records a completed checkout: the account now pays by card, its subscription and card on file. */
export async function completeCheckout(ctx: AppContext, scope: AccountScope, sessionId: string) {
  const card = await requireCard(ctx);
  const result = await card.completedCheckout(sessionId, scope.accountId);
  if (!result) throw new AppError('bad_request', CHECKOUT_INCOMPLETE_MESSAGE);
  await ctx.database.db.transaction(async (tx) => {
    await billingOf(ctx, tx, scope, true);
    await repo.update(tx, scope, {
      method: 'card',
      providerCustomerId: result.customerId,
      providerSubscriptionId: result.subscriptionId,
      cardBrand: result.card?.brand ?? null,
      cardLast4: result.card?.last4 ?? null,
    });
  });
  return overview(ctx, scope);
}

export async function portal(ctx: AppContext, scope: AccountScope, origin: string): Promise<string> {
  const card = await requireCard(ctx);
  const billing = await billingOf(ctx, ctx.database.db, scope);
  if (!billing.providerCustomerId) throw new AppError('bad_request', NO_CARD_MESSAGE);
  return card.portalUrl(billing.providerCustomerId, `${origin}/account/payment`);
}

export async function standing(ctx: AppContext, accountId: number): Promise<BillingStanding> {
  const row = await repo.standing(ctx.database.db, accountScope(accountId));
  return { status: row?.status ?? 'active', grace_until: row?.graceUntil?.toISOString() ?? null };
}

/**
 * The account's standing from its invoices: one past due starts the grace period (kept when it runs
 * already); none leaves the account active again, read-only or not.
 */
export async function settleStanding(ctx: AppContext, db: Db, scope: AccountScope): Promise<void> {
  const billing = await repo.find(db, scope, true);
  if (!billing) return;
  if (await repo.hasPastDue(db, scope)) {
    if (billing.status === 'active') {
      const graceUntil = new Date(ctx.clock.now().getTime() + ctx.config.BILLING_GRACE_DAYS * DAY_MS);
      await repo.update(db, scope, { status: 'past_due', graceUntil });
    }
  } else if (billing.status !== 'active') {
    await repo.update(db, scope, { status: 'active', graceUntil: null });
  }
}

/** The acting OEM's account `accountId`: another OEM's is not found. */
async function accountOfActingOem(ctx: AppContext, scope: OemScope, accountId: number): Promise<AccountScope> {
  const ofOem = await repo.accountOfOem(ctx.database.db, scope, accountId);
  if (!ofOem) throw notFound('アカウント');
  return accountScope(ofOem);
}

/** The admin's view of the account's billing: method, standing, plan and invoices (newest first). */
export async function accountBilling(
  ctx: AppContext,
  scope: OemScope,
  accountId: number,
): Promise<AdminAccountBilling> {
  const account = await accountOfActingOem(ctx, scope, accountId);
  const db = ctx.database.db;
  const billing = await billingOf(ctx, db, account);
  const planId = (await repo.accountOf(db, account))?.planId;
  const plan = planId ? await repo.planOfAccountOem(db, account, planId) : undefined;
  return {
    method: billing.method,
    status: billing.status,
    grace_until: billing.graceUntil?.toISOString() ?? null,
    plan: plan ? { id: plan.id, name: plan.name } : null,
    invoices: (await repo.invoices(db, account)).map(presentInvoice),
  };
}

/** The account's invoice, for the admin's PDF download. */
export async function adminInvoiceOf(ctx: AppContext, scope: OemScope, accountId: number, invoiceId: number) {
  return invoiceOf(ctx, await accountOfActingOem(ctx, scope, accountId), invoiceId);
}

/** An admin records a bank transfer for the account's invoice. */
export async function markPaid(ctx: AppContext, scope: OemScope, accountId: number, invoiceId: number) {
  const account = await accountOfActingOem(ctx, scope, accountId);
  await ctx.database.db.transaction(async (tx) => {
    const invoice = await repo.invoice(tx, account, invoiceId);
    if (!invoice) throw notFound('請求書');
    if (invoice.status !== 'paid')
      await repo.updateInvoice(tx, account, invoice.id, { status: 'paid', paidAt: ctx.clock.now() });
    await settleStanding(ctx, tx, account);
  });
}

/**
 * The worker's pass, by the engine's clock: opens billing for new accounts, rolls ended periods on
 * (applying a pending downgrade, unless an agency contract now sets the plan), bills the periods,
 * makes unpaid invoices past due after their due date, and ends the grace of past-due accounts.
 */
export async function runBilling(ctx: AppContext): Promise<void> {
  const db = ctx.database.db;
  const now = ctx.clock.now();
  const day = today(now);
  await repo.ensureAllUnscoped(db, periodFrom(day));
  for (const accountId of await repo.endedPeriodsUnscoped(db, day)) {
    const scope = accountScope(accountId);
    await db.transaction(async (tx) => {
      const billing = await repo.find(tx, scope, true);
      if (!billing || billing.periodEnd >= day) return;
      const period = periodHolding({ start: billing.periodStart, end: billing.periodEnd }, day);
      const pending = billing.pendingPlanId ? await repo.planOfAccountOem(tx, scope, billing.pendingPlanId) : undefined;
      if (pending && !(await repo.hasLiveContract(tx, scope))) {
        await repo.setPlan(tx, scope, pending.id);
        await (await providerOf(ctx, billing)).planChanged(ctx, billing, pending);
      }
      await repo.update(tx, scope, { periodStart: period.start, periodEnd: period.end, pendingPlanId: null });
    });
  }
  for (const accountId of await repo.unbilledUnscoped(db)) {
    const scope = accountScope(accountId);
    const billing = await repo.find(db, scope);
    if (billing) await (await providerOf(ctx, billing)).billPeriod(ctx, scope, billing);
  }
  for (const accountId of await repo.markOverdueUnscoped(db, day)) {
    await db.transaction((tx) => settleStanding(ctx, tx, accountScope(accountId)));
  }
  await repo.endGraceUnscoped(db, now);
}

/** A card provider's invoice as reported: its id, the period it bills, whether it was paid, its lines as charged. */
export interface ProviderInvoice {
  id: string;
  periodStart: string;
  paid: boolean;
  lines: ChargedLine[];
}

/**
 * The invoice of a card payment the provider reports, recorded (or updated) as the period's invoice,
 * with the amounts the provider charged (a plan change's prorations included).
 */
export async function recordProviderInvoice(
  ctx: AppContext,
  db: Db,
  scope: AccountScope,
  providerInvoice: ProviderInvoice,
): Promise<void> {
  const status = providerInvoice.paid ? ('paid' as const) : ('past_due' as const);
  const paidAt = providerInvoice.paid ? ctx.clock.now() : null;
  const known = await repo.invoiceOfProvider(db, scope, providerInvoice.id);
  if (known) {
    await repo.updateInvoice(db, scope, known.id, { status, paidAt });
    return;
  }
  const billing = await billingOf(ctx, db, scope, true);
  const period = periodHolding({ start: billing.periodStart, end: billing.periodEnd }, providerInvoice.periodStart);
  const invoice = await invoiceFor(
    db,
    scope,
    periodFrom(providerInvoice.periodStart),
    today(ctx.clock.now()),
    'card',
    providerInvoice.lines,
  );
  const samePeriod = (await repo.invoices(db, scope)).find(
    (row) => row.periodStart === period.start && row.providerInvoiceId === null && row.status !== 'paid',
  );
  if (samePeriod) {
    // The period's invoice (issued for bank transfer before the card was set up) is now paid by card:
    // it keeps its number and says what the card was charged.
    const charged = invoice && {
      items: invoice.items,
      pricesIncludeTax: invoice.pricesIncludeTax,
      taxes: invoice.taxes,
      subtotalYen: invoice.subtotalYen,
      taxYen: invoice.taxYen,
      totalYen: invoice.totalYen,
    };
    await repo.updateInvoice(db, scope, samePeriod.id, {
      ...charged,
      status,
      paidAt,
      method: 'card',
      providerInvoiceId: providerInvoice.id,
    });
    return;
  }
  if (!invoice) return;
  await repo.insertInvoice(db, scope, { ...invoice, status, paidAt, providerInvoiceId: providerInvoice.id });
}
