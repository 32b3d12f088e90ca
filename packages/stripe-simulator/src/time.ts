/**
 * Monthly periods as Stripe bills them: the next period ends on the billing anchor's day of the
 * month at the anchor's time, or on the month's last day when the month is shorter
 * (an anchor on 31 January renews on 28/29 February, then 31 March).
 */
export function addMonths(anchorSec: number, months: number): number {
  const anchor = new Date(anchorSec * 1000);
  const day = anchor.getUTCDate();
  const target = new Date(
    Date.UTC(
      anchor.getUTCFullYear(),
      anchor.getUTCMonth() + months,
      1,
      anchor.getUTCHours(),
      anchor.getUTCMinutes(),
      anchor.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return Math.floor(target.getTime() / 1000);
}

/** The `n`-th period boundary after the anchor for a price's `recurring[interval]` and `interval_count`. */
export function boundary(anchorSec: number, interval: string, count: number, n: number): number {
  if (interval === 'day') return anchorSec + n * count * 86_400;
  if (interval === 'week') return anchorSec + n * count * 7 * 86_400;
  return addMonths(anchorSec, n * count * (interval === 'year' ? 12 : 1));
}
