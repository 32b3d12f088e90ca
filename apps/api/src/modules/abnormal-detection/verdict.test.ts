import { DEFAULT_THRESHOLDS as T } from '@linq/contract';
import { describe, expect, it } from 'vitest';
import { LineApiError, type LineFollowers, type LineStatistics } from '../../platform/line.ts';
import { quotaVerdict } from './detectors/quota.ts';
import type { Finding, Verdict } from './registry.ts';
import { changesOf, readLine, statisticsReading, verdictOver, type LineReading } from './verdict.ts';

/*
 * LINE's statistics not ready (or withheld), or LINE not answering, is no reading: the verdict is
 * null, and a null verdict neither raises nor clears an incident (it stays as it is; the next check
 * reads again).
 */

const open = [{ id: 1, subject: '' }];
const warning: Finding = { severity: 'warning', figures: { blocks: 40 } };
/** A rule over LINE's follower figures: more than 30 blocks is wrong. */
const manyBlocks = ({ blocks }: LineFollowers): Verdict => (blocks > 30 ? [{ ...warning, figures: { blocks } }] : []);
const answered = (answer: LineStatistics<LineFollowers>) => statisticsReading({ ready: true, value: answer });
const unchanged = { update: [], raise: [], resolve: [] };

describe('a verdict over LINE statistics', () => {
  it('unready and out_of_service are no reading: neither raise nor clear', () => {
    for (const status of ['unready', 'out_of_service'] as const) {
      const verdict = verdictOver(answered({ status }), manyBlocks);
      expect(verdict).toBeNull();
      expect(changesOf(open, verdict)).toEqual(unchanged); // the open incident is not cleared
      expect(changesOf([], verdict)).toEqual(unchanged); // and nothing is raised
    }
  });

  it('ready figures decide: raise, keep, or clear', () => {
    const high = verdictOver(
      answered({ status: 'ready', figures: { followers: 90, targetedReaches: 50, blocks: 40 } }),
      manyBlocks,
    );
    expect(changesOf([], high)).toMatchObject({ raise: [{ figures: { blocks: 40 } }], resolve: [] });
    expect(changesOf(open, high)).toMatchObject({ update: [{ incident: { id: 1 } }], raise: [], resolve: [] });
    const low = verdictOver(
      answered({ status: 'ready', figures: { followers: 90, targetedReaches: 50, blocks: 0 } }),
      manyBlocks,
    );
    expect(changesOf(open, low)).toEqual({ update: [], raise: [], resolve: open });
  });

  it('a failed call to LINE is no reading either; other errors still throw', async () => {
    const failed = await readLine<LineStatistics<LineFollowers>>(() => Promise.reject(new LineApiError(500, 'down')));
    expect(failed).toEqual({ ready: false, why: 'unreachable' });
    expect(statisticsReading(failed)).toEqual(failed);
    expect(changesOf(open, verdictOver(statisticsReading(failed), manyBlocks))).toEqual(unchanged);
    await expect(readLine(() => Promise.reject(new TypeError('a bug')))).rejects.toThrow('a bug');
  });

  it('findings name their subjects: an incident of another subject resolves', () => {
    const incidents = [
      { id: 1, subject: 'plan:1' },
      { id: 2, subject: 'plan:2' },
    ];
    const changes = changesOf(incidents, [
      { ...warning, subject: 'plan:2' },
      { ...warning, subject: 'plan:3' },
    ]);
    expect(changes.update.map((u) => u.incident.id)).toEqual([2]);
    expect(changes.raise.map((f) => f.subject)).toEqual(['plan:3']);
    expect(changes.resolve.map((i) => i.id)).toEqual([1]);
  });
});

describe('the quota detector over its read of LINE', () => {
  const now = new Date('2026-11-16T03:00:00Z');
  const quota = (limit: number, used: number): LineReading<{ limit: number | null; used: number }> => ({
    ready: true,
    value: { limit, used },
  });

  it('LINE not answering leaves the quota incident as it is, even after quota-spent refusals', () => {
    const verdict = quotaVerdict({ ready: false, why: 'unreachable' }, [1, 0], now, T);
    expect(verdict).toBeNull();
    expect(changesOf(open, verdict)).toEqual(unchanged);
  });

  it('a reading raises near the end, clears below it, and a spent refusal wins', () => {
    expect(quotaVerdict(quota(1000, 850), [0, 0], now, T)).toMatchObject([{ severity: 'warning' }]);
    expect(changesOf(open, quotaVerdict(quota(1000, 100), [0, 0], now, T)).resolve).toEqual(open);
    expect(quotaVerdict(quota(1000, 100), [0, 2], now, T)).toMatchObject([
      { severity: 'critical', figures: { spent: 1, refusals: 2 } },
    ]);
  });
});
