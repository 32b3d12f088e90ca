import { ENDING_WITHIN_DAYS, type BillingCycle, type ContractStatus } from '@linq/contract';

/*
 * The date rules of a live contract (active or ending): the calendar of Japan, where the agencies
 * and their clients are. Pure: the worker and the service apply them with the engine's clock.
 */

const DAY_MS = 86_400_000;
const JST_OFFSET_MS = 9 * 3_600_000;

/** Today in Japan, YYYY-MM-DD. */
export function today(now: Date): string {
  return new Date(now.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` later, on the month's last day when it has no such day (1/31 → 2/28). */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

/** The last day ending within the window: an end on or before it makes a live contract `ending`. */
export const endingBy = (day: string): string => addDays(day, ENDING_WITHIN_DAYS);

export interface LiveTerms {
  startDate: string;
  endDate: string;
  billingCycle: BillingCycle;
  autoRenewal: boolean;
}

/**
 * Where a live contract stands on `day`: past its end it is ended, or, auto-renewing, renewed by
 * whole billing cycles until its term holds the day (`renewed` carries the new dates); then
 * `ending` when its end is within ENDING_WITHIN_DAYS, `active` otherwise.
 */
export function settle(
  terms: LiveTerms,
  day: string,
): { status: ContractStatus; renewed: { startDate: string; endDate: string } | null } {
  let { startDate, endDate } = terms;
  let renewed: { startDate: string; endDate: string } | null = null;
  if (endDate < day) {
    if (!terms.autoRenewal) return { status: 'ended', renewed: null };
    const months = terms.billingCycle === 'yearly' ? 12 : 1;
    while (endDate < day) {
      startDate = addDays(endDate, 1);
      endDate = addDays(addMonths(startDate, months), -1);
    }
    renewed = { startDate, endDate };
  }
  return { status: endDate <= endingBy(day) ? 'ending' : 'active', renewed };
}
