import { DOWNGRADE_OVER_USAGE_MESSAGE, OVER_CHANNELS, OVER_STAFF, TAX_RATES, type TaxRate } from '@linq/contract';
import { addDays, addMonths } from '../agency-contracts/dates.ts';

/*
 * Billing's pure rules: monthly periods, what a plan change is, when a downgrade fits the account's
 * usage, and a qualified invoice's totals. The service applies them with the engine's clock.
 */

export interface InvoiceItem {
  description: string;
  quantity: number;
  unitPriceYen: number;
  taxRate: TaxRate;
}
export interface InvoiceTax {
  rate: TaxRate;
  /** The items' total before tax at this rate. */
  baseYen: number;
  taxYen: number;
}

export interface Period {
  start: string;
  /** The period's last day. */
  end: string;
}

/** The monthly period starting on `start` (YYYY-MM-DD): up to the day before the same day next month. */
export function periodFrom(start: string): Period {
  return { start, end: addDays(addMonths(start, 1), -1) };
}

/**
 * The period that holds `day`, rolled on from `period` month by month (the day a period ends is still
 * in it).
 */
export function periodHolding(period: Period, day: string): Period {
  let current = period;
  while (current.end < day) current = periodFrom(addDays(current.end, 1));
  return current;
}

export interface PlanPrice {
  id: number;
  monthlyPriceYen: number;
}

/** A move to a dearer plan (or onto a plan at all) is an upgrade, in force at once; anything else waits. */
export function changeKind(current: PlanPrice | null, target: PlanPrice): 'upgrade' | 'downgrade' {
  return !current || target.monthlyPriceYen > current.monthlyPriceYen ? 'upgrade' : 'downgrade';
}

export interface UsageNow {
  channels: number;
  staffUsers: number;
}
export interface TargetLimits {
  name: string;
  maxChannels: number;
  maxStaffUsers: number;
}

/** Why the account's current usage does not fit the target plan (null: it fits). */
export function downgradeRefusal(usage: UsageNow, target: TargetLimits): string | null {
  const over = [
    usage.channels > target.maxChannels ? OVER_CHANNELS(usage.channels, target.maxChannels) : null,
    usage.staffUsers > target.maxStaffUsers ? OVER_STAFF(usage.staffUsers, target.maxStaffUsers) : null,
  ].filter((reason): reason is string => reason !== null);
  return over.length > 0 ? DOWNGRADE_OVER_USAGE_MESSAGE(target.name, over) : null;
}

export interface InvoiceTotals {
  taxes: InvoiceTax[];
  subtotalYen: number;
  taxYen: number;
  totalYen: number;
}

/**
 * A qualified invoice's totals: the items summed per tax rate, and the tax of each rate computed once
 * on that sum and rounded down (never per item), as the invoice system requires.
 */
export function invoiceTotals(items: readonly InvoiceItem[]): InvoiceTotals {
  const taxes = TAX_RATES.flatMap((rate: TaxRate) => {
    const baseYen = items
      .filter((item) => item.taxRate === rate)
      .reduce((sum, item) => sum + item.quantity * item.unitPriceYen, 0);
    const hasItems = items.some((item) => item.taxRate === rate);
    return hasItems ? [{ rate, baseYen, taxYen: Math.floor((baseYen * rate) / 100) }] : [];
  });
  const subtotalYen = taxes.reduce((sum, tax) => sum + tax.baseYen, 0);
  const taxYen = taxes.reduce((sum, tax) => sum + tax.taxYen, 0);
  return { taxes, subtotalYen, taxYen, totalYen: subtotalYen + taxYen };
}

/**
 * The totals of items whose prices include tax (a card provider charges tax-included amounts, with
 * prorations): per rate, the tax within the rate's tax-included sum, computed once and rounded down;
 * the base is the rest. The total is exactly what was charged.
 */
export function invoiceTotalsIncludingTax(items: readonly InvoiceItem[]): InvoiceTotals {
  const taxes = TAX_RATES.flatMap((rate: TaxRate) => {
    if (!items.some((item) => item.taxRate === rate)) return [];
    const including = items
      .filter((item) => item.taxRate === rate)
      .reduce((sum, item) => sum + item.quantity * item.unitPriceYen, 0);
    const taxYen = Math.floor((including * rate) / (100 + rate));
    return [{ rate, baseYen: including - taxYen, taxYen }];
  });
  const subtotalYen = taxes.reduce((sum, tax) => sum + tax.baseYen, 0);
  const taxYen = taxes.reduce((sum, tax) => sum + tax.taxYen, 0);
  return { taxes, subtotalYen, taxYen, totalYen: subtotalYen + taxYen };
}

/** An invoice's number: the period's month and the invoice's row, unique and readable on a bank slip. */
export const invoiceNumber = (periodStart: string, accountId: number, sequence: number): string =>
  `INV-${periodStart.slice(0, 7).replace('-', '')}-${String(accountId).padStart(5, '0')}-${String(sequence).padStart(2, '0')}`;
