import type { DetectionThresholds } from '@linq/contract';
import { followingCount, planSendsWithBlocks } from '../repository.ts';
import { round1, sum, type Detector, type Finding } from '../registry.ts';

const WEEK_HOURS = 168;
export const BLOCK_HISTORY_WEEKS = 4;
/** How far back a plan send may be to be named as the cause of the blocks. */
const CAUSE_WINDOW_MS = 24 * 3_600_000;

export interface BlockSpike {
  blocks: number;
  usualPerHour: number;
  threshold: number;
  /** Blocks per day over the baseline. */
  usualPerDay: number;
}

/**
 * Blocks in the current or the last hour against the channel's own baseline (the hours before):
 * above mean + sigma·sd, at least `block_spike_min_blocks` (so a small channel does not alarm on
 * one block), and more than twice the same hour in the weeks before (a weekly broadcast's usual
 * blocks are no spike). `hourly`: the baseline then the last hour then the current one.
 */
export function blockSpikeRule(
  hourly: readonly number[],
  t: Pick<DetectionThresholds, 'block_spike_sigma' | 'block_spike_min_blocks'>,
): BlockSpike | null {
  if (hourly.length < 3) return null;
  const baseline = hourly.slice(0, -2);
  const mean = sum(baseline) / baseline.length;
  const sd = Math.sqrt(sum(baseline.map((value) => (value - mean) ** 2)) / baseline.length);
  // A baseline of zeros has no spread: one block would be "infinitely" unusual; half a block is the floor.
  const threshold = mean + t.block_spike_sigma * Math.max(sd, 0.5);
  const candidates = [hourly.length - 1, hourly.length - 2].filter(
    (hour) => hourly[hour]! >= t.block_spike_min_blocks && hourly[hour]! > threshold,
  );
  const spike = candidates.find((hour) => {
    const sameHourBefore = Array.from({ length: BLOCK_HISTORY_WEEKS }, (_, week) => hourly[hour - (week + 1) * WEEK_HOURS])
      .filter((value): value is number => value !== undefined);
    return hourly[hour]! > 2 * Math.max(0, ...sameHourBefore);
  });
  if (spike === undefined) return null;
  return {
    blocks: hourly[spike]!,
    usualPerHour: round1(mean),
    threshold: round1(threshold),
    usualPerDay: mean * 24,
  };
}

/** The block rate among a send's recipients against the channel's usual daily rate, in percent. */
export function blockRates(
  recipients: number,
  blocked: number,
  usualPerDay: number,
  following: number,
): { sendRate: number; usualRate: number } {
  return {
    sendRate: recipients > 0 ? round1((blocked / recipients) * 100) : 0,
    usualRate: following > 0 ? round1((usualPerDay / following) * 100) : 0,
  };
}

export const blockSpikeDetector: Detector = {
  kind: 'block_spike',
  title: 'ブロックの急増',
  metric: 'blocks',
  async check({ ctx, scope, now, thresholds, series }) {
    const spike = blockSpikeRule(await series('blocks', BLOCK_HISTORY_WEEKS * WEEK_HOURS + 2), thresholds);
    if (!spike) return [];
    const finding: Finding = {
      severity: 'warning',
      figures: { blocks: spike.blocks, usual_per_hour: spike.usualPerHour, threshold: spike.threshold },
      affected: [],
    };
    const db = ctx.database.db;
    const [cause] = await planSendsWithBlocks(db, scope, new Date(now.getTime() - CAUSE_WINDOW_MS), now);
    if (cause && cause.blocked > 0) {
      const rates = blockRates(cause.recipients, cause.blocked, spike.usualPerDay, await followingCount(db, scope));
      finding.figures = {
        ...finding.figures,
        plan: cause.planName,
        plan_sent_at: cause.sentAt.toISOString(),
        plan_recipients: cause.recipients,
        plan_blocked: cause.blocked,
        plan_block_rate_percent: rates.sendRate,
        usual_block_rate_percent: rates.usualRate,
      };
      finding.affected = [{ kind: 'plan', id: cause.planId, label: cause.planName, count: cause.blocked }];
    }
    return [finding];
  },
};
