import { LineApiError, type LineStatistics } from '../../platform/line.ts';
import type { Finding, Verdict } from './registry.ts';

/*
 * How a detector's verdict becomes changes to its incidents, and how a read of LINE becomes a
 * verdict. Pure: check.ts applies the changes in a transaction; the detectors' reads go through
 * `readLine` so that "LINE did not tell" is a value, never a zero.
 */

/**
 * What a detector learnt from LINE: the value, or nothing to go on. `unreachable`: LINE failed or
 * refused the call; `not_ready`: LINE's statistics for that date are not counted yet (`unready`),
 * not counted at all (`out_of_service`), or withheld below its privacy threshold.
 */
export type LineReading<T> = { ready: true; value: T } | { ready: false; why: 'unreachable' | 'not_ready' };

/** Calls LINE; a failed call (time-out, 5xx, 4xx) is no reading rather than an error. */
export async function readLine<T>(read: () => Promise<T>): Promise<LineReading<T>> {
  try {
    return { ready: true, value: await read() };
  } catch (error) {
    if (error instanceof LineApiError) return { ready: false, why: 'unreachable' };
    throw error;
  }
}

/** LINE's statistics answer as a reading: only `ready` carries figures. */
export function statisticsReading<T>(answer: LineReading<LineStatistics<T>>): LineReading<T> {
  if (!answer.ready) return answer;
  return answer.value.status === 'ready'
    ? { ready: true, value: answer.value.figures }
    : { ready: false, why: 'not_ready' };
}

/** The rule's verdict over a reading; no reading: null (the detector cannot tell, so nothing changes). */
export function verdictOver<T>(reading: LineReading<T>, rule: (value: T) => Verdict): Verdict {
  return reading.ready ? rule(reading.value) : null;
}

export interface VerdictChanges<I> {
  /** Open incidents the condition still holds for, with the finding that updates them. */
  update: { incident: I; finding: Finding }[];
  /** Findings without an open incident of their subject: new incidents. */
  raise: Finding[];
  /** Open incidents whose condition no longer holds: they resolve by themselves. */
  resolve: I[];
}

/**
 * What a verdict does to the detector's unresolved incidents: a finding updates the incident of its
 * subject or raises one; an incident no finding names resolves. A null verdict (the detector could
 * not tell: LINE unreachable, its statistics not ready or withheld) changes nothing at all.
 */
export function changesOf<I extends { subject: string }>(open: readonly I[], verdict: Verdict): VerdictChanges<I> {
  const changes: VerdictChanges<I> = { update: [], raise: [], resolve: [] };
  if (verdict === null) return changes;
  const named = new Set<I>();
  for (const finding of verdict) {
    const incident = open.find((candidate) => candidate.subject === (finding.subject ?? ''));
    if (incident) {
      named.add(incident);
      changes.update.push({ incident, finding });
    } else {
      changes.raise.push(finding);
    }
  }
  changes.resolve = open.filter((incident) => !named.has(incident));
  return changes;
}
