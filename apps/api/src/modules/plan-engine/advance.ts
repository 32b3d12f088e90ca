import type { GraphAction, Step } from './graph.ts';
import type * as repo from './repository.ts';

/** The enrolment ended: nothing left to send. */
export function finished(id: number, now: Date): repo.EnrolmentAdvance {
  return {
    id,
    status: 'finished',
    currentBoxId: null,
    currentPlanActionId: null,
    nextPlanActionId: null,
    nextOccurrence: 1,
    arrivedAt: null,
    nextActionAt: null,
    endedAt: now,
  };
}

/** The enrolment after `sent` went out (or was found sent before), per the step that follows it. */
export function advanceTo(id: number, sent: GraphAction, step: Step, now: Date): repo.EnrolmentAdvance {
  const at = { currentBoxId: sent.boxId, currentPlanActionId: sent.id };
  switch (step.kind) {
    case 'send':
      return {
        id,
        status: 'active',
        ...at,
        nextPlanActionId: step.planActionId,
        nextOccurrence: step.occurrence,
        arrivedAt: step.arrivedAt,
        nextActionAt: step.dueAt,
        endedAt: null,
      };
    case 'wait_for_tap':
      return {
        id,
        status: 'active',
        ...at,
        nextPlanActionId: null,
        nextOccurrence: 1,
        arrivedAt: null,
        nextActionAt: null,
        endedAt: null,
      };
    case 'finish':
      return { ...finished(id, now), ...at };
  }
}

/** An instant moved by `ms` (an enrolment's own time and the engine clock differ by its offset). */
export const shifted = (at: Date, ms: number): Date => (ms === 0 ? at : new Date(at.getTime() + ms));

/** A step decided at an enrolment's own time, on the engine clock (its times less the offset). */
export function onEngineClock(step: Step, offsetMs: number): Step {
  if (step.kind !== 'send' || offsetMs === 0) return step;
  return { ...step, arrivedAt: shifted(step.arrivedAt, -offsetMs), dueAt: shifted(step.dueAt, -offsetMs) };
}
