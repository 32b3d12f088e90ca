import type { PaymentMethod } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { AccountScope } from '../../platform/principal.ts';
import { addDays, today } from '../agency-contracts/dates.ts';
import type { PaymentProvider } from './provider.ts';
import * as repo from './repository.ts';
import { invoiceNumber, invoiceTotals, invoiceTotalsIncludingTax, type InvoiceItem, type Period } from './rules.ts';

/** Days from an invoice's issue to its due date. */
export const INVOICE_DUE_DAYS = 14;

/** A line of what the card provider charged: its amount includes tax (negative: a credit). */
export interface ChargedLine {
  amountYen: number;
  /** A plan change's prorated credit or charge, not the period's plan price. */
  proration: boolean;
  period: Period;
}

/** What a charged line says on our invoice. */
function chargedItem(planName: string, line: ChargedLine): InvoiceItem {
  const during = `（${line.period.start} 〜 ${line.period.end}）`;
  const description = !line.proration
    ? `${planName}プラン 月額利用料${during}`
    : line.amountYen < 0
      ? `プラン変更 変更前プランの未利用分${during}`
      : `プラン変更 変更後プランの日割り分${during}`;
  return { description, quantity: 1, unitPriceYen: line.amountYen, taxRate: 10 };
}

/**
 * The period's invoice of the account's plan, as issued today: issuer, recipient, items and totals.
 * Without `charged`, one item at the plan's price before tax; with it (a card provider's invoice), its
 * lines as charged, tax included, so that the invoice's total is what was paid.
 */
export async function invoiceFor(
  db: Db,
  scope: AccountScope,
  period: Period,
  issuedOn: string,
  method: PaymentMethod,
  charged?: readonly ChargedLine[],
): Promise<repo.NewInvoice | null> {
  const account = await repo.accountOf(db, scope);
  if (!account?.planId) return null;
  const plan = await repo.planOfAccountOem(db, scope, account.planId);
  if (!plan) return null;
  const pricesIncludeTax = charged !== undefined && charged.length > 0;
  const items = pricesIncludeTax
    ? charged.map((line) => chargedItem(plan.name, line))
    : [
        {
          description: `${plan.name}プラン 月額利用料（${period.start} 〜 ${period.end}）`,
          quantity: 1,
          unitPriceYen: plan.monthlyPriceYen,
          taxRate: 10 as const,
        },
      ];
  const totals = pricesIncludeTax ? invoiceTotalsIncludingTax(items) : invoiceTotals(items);
  const sequence = (await repo.invoiceCount(db, scope)) + 1;
  return {
    number: invoiceNumber(period.start, scope.accountId, sequence),
    method,
    periodStart: period.start,
    periodEnd: period.end,
    issuedOn,
    dueOn: addDays(issuedOn, INVOICE_DUE_DAYS),
    items,
    pricesIncludeTax,
    ...totals,
    issuerName: account.issuerName,
    issuerRegistrationNumber: account.issuerRegistrationNumber,
    recipientName: account.name,
  };
}

/** Bank transfer: the period's invoice is issued here, once, and waits for an admin to mark it paid. */
export const invoicePayment: PaymentProvider = {
  method: 'invoice',
  async billPeriod(ctx: AppContext, scope: AccountScope, billing: repo.BillingRow) {
    const db = ctx.database.db;
    const day = today(ctx.clock.now());
    const period = { start: billing.periodStart, end: billing.periodEnd };
    const invoice = await invoiceFor(db, scope, period, day, 'invoice');
    if (invoice) await repo.insertInvoice(db, scope, invoice);
  },
  async planChanged() {
    // The next period's invoice is issued at the plan's price then.
  },
};
