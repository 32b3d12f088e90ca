import { DEFAULT_THRESHOLDS as T } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { BLOCK_HISTORY_WEEKS, blockRates, blockSpikeRule } from './block-spike.ts';
import { credentialsRule } from './credentials.ts';
import { failureRateRule } from './failure-rate.ts';
import { quotaMonth, quotaRule, spentByRefusal } from './quota.ts';
import { countRule } from './refusals.ts';
import { planStoppedRule, schedulerLagRule, type OverduePlan } from './scheduler-lag.ts';
import { SILENCE_HISTORY_WEEKS, webhookSilenceRule } from './webhook-silence.ts';
import { takeoverRule } from './webhook-takeover.ts';

const WEEK = 168;
/** A weekly pattern: `perHour(hourOfWeek)` for each hour of `weeks` weeks, then `tail` (last, current). */
const weekly = (weeks: number, perHour: (hourOfWeek: number) => number, tail: number[] = []) => [
  ...Array.from({ length: weeks * WEEK }, (_, i) => perHour(i % WEEK)),
  ...tail,
];

describe('delivery failure rate', () => {
  it('needs a minimum of sends, then compares the rate with the threshold', () => {
    expect(failureRateRule(0, 5, T)).toBeNull(); // a quiet channel: 5 failures of 5 is no sample
    expect(failureRateRule(95, 5, T)).toBeNull(); // 5 % < 10 %
    expect(failureRateRule(80, 20, T)).toMatchObject({
      severity: 'warning',
      figures: { rate_percent: 20, total: 100 },
    });
    expect(failureRateRule(10, 30, T)).toMatchObject({ severity: 'critical', figures: { rate_percent: 75 } });
  });
});

describe('block spike', () => {
  it('raises on a burst well above the baseline, with at least the minimum of blocks', () => {
    const hourly = weekly(BLOCK_HISTORY_WEEKS, (h) => (h % 3 === 0 ? 1 : 0), [2, 25]);
    expect(blockSpikeRule(hourly, T)).toMatchObject({ blocks: 25 });
  });
  it('stays quiet on a new, quiet channel (one or a few blocks)', () => {
    expect(
      blockSpikeRule(
        weekly(BLOCK_HISTORY_WEEKS, () => 0, [1, 3]),
        T,
      ),
    ).toBeNull();
    expect(blockSpikeRule([0, 0, 4], T)).toBeNull();
  });
  it('stays quiet on a normal weekly pattern (the weekly broadcast always costs some blocks)', () => {
    // Monday 10:00 (hour 10 of the week): 12 blocks every week; the current hour is that hour again.
    const thisWeek = Array.from({ length: 11 }, (_, h) => (h === 10 ? 13 : 0));
    const hourly = weekly(BLOCK_HISTORY_WEEKS, (h) => (h === 10 ? 12 : 0), thisWeek);
    expect(blockSpikeRule(hourly, T)).toBeNull();
  });
  it('compares the block rate of a send with the usual daily rate', () => {
    expect(blockRates(200, 20, 2, 1000)).toEqual({ sendRate: 10, usualRate: 0.2 });
  });
});

describe('webhook silence', () => {
  const busyDays = (h: number) => (h % 24 >= 9 && h % 24 < 21 ? 5 : 0);
  it('raises when hours that normally receive events are silent', () => {
    // The current hour is 15:00 on day 0 of the fifth week; 12:00–14:00 were silent.
    const hourly = weekly(SILENCE_HISTORY_WEEKS, busyDays, [...Array.from({ length: 12 }, busyDays), 0, 0, 0, 0]);
    expect(webhookSilenceRule(hourly, T)).toMatchObject({ severity: 'warning', figures: { silent_hours: 3 } });
  });
  it('stays quiet at night, when the channel never receives events, and on a new channel', () => {
    const night = weekly(SILENCE_HISTORY_WEEKS, busyDays, [0, 0, 0, 0, 0]);
    expect(webhookSilenceRule(night, T)).toBeNull();
    expect(
      webhookSilenceRule(
        Array.from({ length: 40 }, () => 0),
        T,
      ),
    ).toBeNull();
  });
});

describe('counts (signature failures, rate limits)', () => {
  it('raises at the minimum', () => {
    expect(countRule([1, 1], 3)).toBeNull();
    expect(countRule([1, 2], 3)).toMatchObject({ figures: { count: 3 } });
  });
});

describe('quota', () => {
  const mid = new Date('2026-11-16T03:00:00Z'); // 12:00 JST on the 16th: half the month gone
  it('warns at 80 %, is critical at 95 % and when spent, with the forecast day', () => {
    expect(quotaRule(null, 10_000, mid, T)).toBeNull(); // no limit
    expect(quotaRule(1000, 500, mid, T)).toBeNull();
    const warning = quotaRule(1000, 800, mid, T);
    expect(warning).toMatchObject({ severity: 'warning', figures: { used_percent: 80, spent: 0 } });
    expect(new Date(String(warning!.figures.runs_out_on)).getTime()).toBeGreaterThan(mid.getTime());
    expect(quotaRule(1000, 960, mid, T)).toMatchObject({ severity: 'critical' });
    expect(quotaRule(1000, 1000, mid, T)).toMatchObject({ severity: 'critical', figures: { spent: 1 } });
  });
  it('forecasts nothing when the pace does not reach the limit this month', () => {
    const early = new Date('2026-11-01T03:00:00Z');
    expect(quotaRule(1000, 800, new Date('2026-11-29T03:00:00Z'), T)!.figures.runs_out_on).toBeNull();
    expect(quotaRule(1000, 800, early, T)!.figures.runs_out_on).not.toBeNull();
  });
  it('counts the month in Japan time and treats a quota-spent 429 as spent', () => {
    expect(quotaMonth(new Date('2026-11-30T16:00:00Z')).start.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(spentByRefusal([0, 0])).toBeNull();
    expect(spentByRefusal([0, 2])).toMatchObject({ severity: 'critical', figures: { spent: 1 } });
  });
});

describe('webhook taken over', () => {
  const key = 'abc123';
  it('raises when the URL points elsewhere or is unset, warns when switched off', () => {
    expect(takeoverRule({ endpoint: `https://console.example/webhooks/line/${key}`, active: true }, key)).toBeNull();
    expect(takeoverRule({ endpoint: 'https://other-tool.example/hook', active: true }, key)).toMatchObject({
      severity: 'critical',
      figures: { state: 'elsewhere' },
    });
    expect(takeoverRule(null, key)).toMatchObject({ figures: { state: 'unset' } });
    expect(
      takeoverRule({ endpoint: `https://console.example/webhooks/line/${key}`, active: false }, key),
    ).toMatchObject({ severity: 'warning', figures: { state: 'inactive' } });
  });
});

describe('scheduler lag and stopped plans', () => {
  const now = new Date('2026-11-16T03:00:00Z');
  const plan = (minutesLate: number, due = 4): OverduePlan => ({
    planId: 7,
    planName: 'ステップ配信',
    due,
    oldestDueAt: new Date(now.getTime() - minutesLate * 60_000),
  });
  it('raises lag past N minutes and names the plans; a plan stopped past the longer threshold', () => {
    expect(schedulerLagRule([plan(5)], now, T)).toBeNull();
    expect(schedulerLagRule([plan(20)], now, T)).toMatchObject({
      figures: { due_sends: 4, oldest_minutes: 20 },
      affected: [{ kind: 'plan', id: 7, count: 4 }],
    });
    expect(planStoppedRule([plan(20)], now, T)).toEqual([]);
    expect(planStoppedRule([plan(200)], now, T)).toMatchObject([{ subject: 'plan:7', severity: 'critical' }]);
  });
});

describe('credentials', () => {
  it('raises while LINE refuses the token or has suspended the account', () => {
    expect(credentialsRule(null, 0, null)).toBeNull();
    expect(credentialsRule(null, 1, null)).toMatchObject({ severity: 'critical' });
    expect(credentialsRule(new Date(), 0, null)).toMatchObject({ severity: 'critical' });
    const since = new Date('2026-11-16T03:00:00Z');
    expect(credentialsRule(null, 0, since)).toEqual({
      severity: 'critical',
      figures: { invalid_since: null, refusals: 0, suspended_since: '2026-11-16T03:00:00.000Z' },
    });
  });
});
