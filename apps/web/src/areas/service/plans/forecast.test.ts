import type { BroadcastForecast } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { needsPartialConfirm, recipientsWithinQuota, sendDuration } from './forecast.ts';

const forecast = (changes: Partial<BroadcastForecast>): BroadcastForecast => ({
  recipients: 100,
  messages_per_recipient: 2,
  total_messages: 200,
  quota_remaining: 1000,
  exceeds_quota: false,
  estimated_seconds: 1,
  ...changes,
});

describe('broadcast forecast', () => {
  it('the quota covers every recipient when it is large enough or unlimited', () => {
    expect(recipientsWithinQuota(forecast({}))).toBe(100);
    expect(recipientsWithinQuota(forecast({ quota_remaining: null }))).toBe(100);
  });

  it('a quota smaller than messages × recipients covers whole recipients only', () => {
    expect(recipientsWithinQuota(forecast({ quota_remaining: 51, exceeds_quota: true }))).toBe(25);
    expect(recipientsWithinQuota(forecast({ quota_remaining: 0, exceeds_quota: true }))).toBe(0);
  });

  it('activating a broadcast that overruns the quota needs the partial send confirmed', () => {
    expect(needsPartialConfirm(forecast({}))).toBe(false);
    expect(needsPartialConfirm(forecast({ quota_remaining: 10, exceeds_quota: true }))).toBe(true);
  });

  it('the send time reads in seconds under a minute, then in minutes and hours rounded up', () => {
    expect(sendDuration(0.2)).toEqual({ hours: 0, minutes: 0, seconds: 1 });
    expect(sendDuration(59)).toEqual({ hours: 0, minutes: 0, seconds: 59 });
    expect(sendDuration(61)).toEqual({ hours: 0, minutes: 2, seconds: 0 });
    expect(sendDuration(3600 + 125)).toEqual({ hours: 1, minutes: 3, seconds: 0 });
  });
});
