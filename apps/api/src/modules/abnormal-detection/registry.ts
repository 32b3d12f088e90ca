import type { AffectedItem, DetectionThresholds, IncidentFigures, IncidentSeverity, MetricName } from '@linq/contract';
import type { AppContext } from '../../platform/context.ts';
import type { ChannelScope } from '../../platform/principal.ts';
import { registryKey } from '../../platform/registry.ts';

/** What a detector found wrong about one subject of the channel ('' for the channel itself). */
export interface Finding {
  subject?: string;
  severity: IncidentSeverity;
  figures: IncidentFigures;
  affected?: AffectedItem[];
}

/**
 * A detector's answer: what is wrong now (an empty list: nothing, so its open incidents clear), or
 * null when it cannot tell (LINE not answering, its statistics not ready or withheld): then nothing
 * is raised nor cleared, and the next check tries again. A detector reading LINE goes through
 * verdict.ts (`readLine`, `statisticsReading`, `verdictOver`), which gives null for no reading.
 */
export type Verdict = Finding[] | null;

export interface DetectorInput {
  ctx: AppContext;
  scope: ChannelScope;
  now: Date;
  thresholds: DetectionThresholds;
  /** The metric per hour over the last `hours` hours (the current one included), oldest first. */
  series(metric: MetricName, hours: number): Promise<number[]>;
}

/**
 * A detector of abnormal conditions, contributed by a module's manifest
 * (`contribution(DETECTORS, …)`): its rule is a pure function over series, `check` gathers them.
 */
export interface Detector {
  kind: string;
  /** Its name in the e-mail to staff (Japanese; the screens translate `kind`). */
  title: string;
  /** The roll-up its incidents' chart shows. */
  metric: MetricName;
  /** It calls LINE: run on the slower schedule (and on demand), not every minute. */
  callsLine?: boolean;
  check(input: DetectorInput): Promise<Verdict>;
}

export const DETECTORS = registryKey<Detector>('abnormal-detection.detectors');

export const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
export const round1 = (value: number) => Math.round(value * 10) / 10;
