import {
  DEFAULT_THRESHOLDS,
  INCIDENT_SEVERITIES,
  type DetectionThresholds,
  type IncidentFigures,
  type IncidentSeverity,
} from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { EventTransaction } from '../../platform/events.ts';
import { channelScope, oemScope, type ChannelScope } from '../../platform/principal.ts';
import { queueMail } from '../mail/service.ts';
import { metricSeries } from '../metrics/series.ts';
import { DETECTORS, type Detector, type Finding, type Verdict } from './registry.ts';
import * as repo from './repository.ts';
import { changesOf } from './verdict.ts';

/** The channel's thresholds: the defaults, with what staff changed. */
export async function thresholdsOf(ctx: AppContext, scope: ChannelScope): Promise<DetectionThresholds> {
  return { ...DEFAULT_THRESHOLDS, ...(await repo.storedThresholds(ctx.database.db, scope)) };
}

const SEVERITY_JA: Record<IncidentSeverity, string> = { info: '情報', warning: '警告', critical: '重大' };
const rank = (severity: IncidentSeverity) => INCIDENT_SEVERITIES.indexOf(severity);
const sameFigures = (a: IncidentFigures, b: IncidentFigures) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Runs the channel's detectors (`withLine`: also those that call LINE) and applies their verdicts:
 * a finding raises an incident or updates the open one of its detector and subject; an incident
 * whose condition no longer holds resolves by itself; a detector that cannot tell changes nothing.
 */
export async function checkChannel(
  ctx: AppContext,
  scope: ChannelScope,
  options: { withLine: boolean } = { withLine: true },
): Promise<void> {
  const now = ctx.clock.now();
  const thresholds = await thresholdsOf(ctx, scope);
  const input = {
    ctx,
    scope,
    now,
    thresholds,
    series: async (metric: Parameters<typeof metricSeries>[2], hours: number) =>
      (await metricSeries(ctx.database.db, scope, metric, now, hours)).map((point) => point.value),
  };
  for (const detector of ctx.registries.all(DETECTORS)) {
    if (detector.callsLine && !options.withLine) continue;
    let verdict: Verdict;
    try {
      verdict = await detector.check(input);
    } catch (error) {
      ctx.log.error({ err: error, detector: detector.kind, lineAccountId: scope.lineAccountId }, 'detector failed');
      continue;
    }
    // Cannot tell (LINE unreachable, its statistics not ready or withheld): not even a transaction.
    if (verdict) await apply(ctx, scope, detector, verdict, now);
  }
}

async function apply(ctx: AppContext, scope: ChannelScope, detector: Detector, verdict: Verdict, now: Date) {
  await ctx.events.transaction(ctx.database.db, async (on) => {
    const changes = changesOf(await repo.unresolvedOf(on.tx, scope, detector.kind), verdict);
    for (const { incident: existing, finding } of changes.update) {
      const affected = finding.affected ?? [];
      const severity = rank(finding.severity) > rank(existing.severity) ? finding.severity : existing.severity;
      // What a later check cannot see again (the send that preceded a spike) stays with the incident.
      const figures = { ...existing.figures, ...finding.figures };
      const kept = affected.length > 0 ? affected : existing.affected;
      await repo.touchIncident(on.tx, scope, existing.id, { severity, figures, affected: kept, at: now });
      if (!sameFigures(existing.figures, figures) || severity !== existing.severity) {
        await repo.addTimeline(on.tx, scope, { incidentId: existing.id, kind: 'updated', at: now, figures });
      }
    }
    for (const finding of changes.raise) {
      await raise(
        ctx,
        on,
        scope,
        detector,
        { ...finding, subject: finding.subject ?? '', affected: finding.affected ?? [] },
        now,
      );
    }
    for (const incident of changes.resolve) {
      if (await repo.setStatus(on.tx, scope, incident.id, 'resolved', now)) {
        await repo.addTimeline(on.tx, scope, { incidentId: incident.id, kind: 'resolved', at: now });
      }
    }
  });
}

/** A new incident; warning and above e-mail the staff who opted in, once (with the raise). */
async function raise(
  ctx: AppContext,
  on: EventTransaction,
  scope: ChannelScope,
  detector: Detector,
  finding: Required<Finding>,
  now: Date,
) {
  const mail = rank(finding.severity) >= rank('warning');
  const row = await repo.insertIncident(
    on.tx,
    scope,
    { detector: detector.kind, metric: detector.metric, ...finding, at: now },
    mail,
  );
  if (!row) return;
  await repo.addTimeline(on.tx, scope, { incidentId: row.id, kind: 'raised', at: now, figures: finding.figures });
  if (!mail) return;
  const addresses = await repo.optedInAddresses(on.tx, scope);
  const oemId = await repo.oemOfChannel(on.tx, scope);
  if (oemId === undefined) return;
  on.afterCommit(async () => {
    for (const to of addresses) {
      await queueMail(ctx, oemScope(oemId), {
        to,
        subject: `【異常検知】${detector.title}（${SEVERITY_JA[finding.severity]}）`,
        text: [
          `チャネルで異常を検知しました: ${detector.title}（重要度: ${SEVERITY_JA[finding.severity]}）`,
          '管理画面の「異常検知」で内容を確認し、対応してください。',
        ].join('\n'),
      });
    }
  }, 'incident e-mails');
}

/** Every channel with a token, one after the other (the worker's schedule). */
export async function checkAllChannels(ctx: AppContext, options: { withLine: boolean }): Promise<void> {
  for (const lineAccountId of await repo.channelsToCheckUnscoped(ctx.database.db)) {
    if (ctx.queue.stopping()) return;
    await checkChannel(ctx, channelScope(lineAccountId), options);
  }
}
