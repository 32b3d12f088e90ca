import type { BroadcastForecast } from '@linq/contract';

/*
 * Reading a broadcast's forecast before it is activated: how many friends the quota still covers
 * and how long the send takes, in words.
 */

/** Friends the remaining monthly quota covers (every recipient when LINE sets no limit). */
export function recipientsWithinQuota(forecast: BroadcastForecast): number {
  if (forecast.quota_remaining === null) return forecast.recipients;
  if (forecast.messages_per_recipient <= 0) return forecast.recipients;
  return Math.min(forecast.recipients, Math.floor(forecast.quota_remaining / forecast.messages_per_recipient));
}

/**
 * Whether activating needs the user to confirm a partial send: the broadcast would overrun the
 * quota. Activation is refused without that confirmation (allow_partial_send).
 */
export function needsPartialConfirm(forecast: BroadcastForecast): boolean {
  return forecast.exceeds_quota;
}

/** The send time rounded up to what a person reads: seconds under a minute, then minutes, then hours and minutes. */
export function sendDuration(seconds: number): { hours: number; minutes: number; seconds: number } {
  const whole = Math.max(0, Math.ceil(seconds));
  if (whole < 60) return { hours: 0, minutes: 0, seconds: whole };
  const minutes = Math.ceil(whole / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60, seconds: 0 };
}
