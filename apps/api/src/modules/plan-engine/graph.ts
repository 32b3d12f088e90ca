import {
  FIRST_BOX_ID,
  applyNightWindow,
  dueTime,
  hasOptions,
  isEmptyMessage,
  optionsOf,
  type MessageType,
  type NightWindow,
  type PlanMessage,
  type ScheduledTiming,
} from '@linq/contract';
import type { PlanEffect } from './registries.ts';

/*
 * How a friend moves through a plan (DESIGN.md section 8), as pure functions of the plan's boxes
 * and timings: what follows a sent box, what a tap on an option leads to, and when. The engine
 * (scheduler.ts, enrol.ts, taps.ts) only reads and writes rows around these decisions.
 */

export interface GraphAction {
  id: number;
  boxId: string;
  messageType: MessageType;
  message: PlanMessage;
  /** What reaching the box does to the friend (registries.ts). */
  effects: PlanEffect[];
}

export interface GraphTiming extends ScheduledTiming {
  id: number;
  /** The start box's plan action id. */
  planActionId: number;
  /** The end box's plan action id. */
  nextPlanActionId: number;
}

export class PlanGraph {
  readonly #actions = new Map<number, GraphAction>();
  readonly #byBox = new Map<string, GraphAction>();
  readonly #into = new Map<number, GraphTiming>();
  readonly #from = new Map<number, GraphTiming>();

  constructor(actions: GraphAction[], timings: GraphTiming[]) {
    for (const action of actions) {
      this.#actions.set(action.id, action);
      this.#byBox.set(action.boxId, action);
    }
    for (const timing of timings) {
      this.#into.set(timing.nextPlanActionId, timing);
      // A box without options has one child; a box with options leads to its children by tap.
      this.#from.set(timing.planActionId, timing);
    }
  }

  /** box-0, where every enrolment starts. */
  first(): GraphAction | undefined {
    return this.#byBox.get(FIRST_BOX_ID);
  }

  action(id: number): GraphAction | undefined {
    return this.#actions.get(id);
  }

  byBox(boxId: string): GraphAction | undefined {
    return this.#byBox.get(boxId);
  }

  /** The timing whose arrow ends at the box (each box has at most one). */
  timingInto(actionId: number): GraphTiming | undefined {
    return this.#into.get(actionId);
  }

  /** The one child of a box without options, through its timing. */
  childOf(actionId: number): GraphTiming | undefined {
    const action = this.#actions.get(actionId);
    if (!action || hasOptions(action.messageType)) return undefined;
    return this.#from.get(actionId);
  }
}

/** Where the engine's decisions are made: the engine clock's now and the account's time and night window. */
export interface StepContext {
  now: Date;
  timeZone: string;
  /** Null for auto-replies (an answer is expected at once) and when the channel has none. */
  nightWindow: NightWindow | null;
}

export type Step =
  /** Send `planActionId` (its `occurrence`-th time) at `dueAt`; `arrivedAt` is when its timing started. */
  | { kind: 'send'; planActionId: number; occurrence: number; arrivedAt: Date; dueAt: Date }
  /** The box sent has options: the friend's tap decides what follows. */
  | { kind: 'wait_for_tap' }
  /** Nothing follows: the enrolment is finished. */
  | { kind: 'finish' };

/** A send of `action` through `timing` (none for box-0) for a friend who reached its start at `arrivedAt`. */
function sendStep(
  timing: GraphTiming | undefined,
  actionId: number,
  arrivedAt: Date,
  context: StepContext,
  occurrence = 1,
): Step {
  const dueAt = timing
    ? dueTime(timing, {
        from: arrivedAt,
        timeZone: context.timeZone,
        now: context.now,
        nightWindow: context.nightWindow,
        occurrence,
      })
    : applyNightWindow(
        new Date(Math.max(arrivedAt.getTime(), context.now.getTime())),
        context.nightWindow,
        context.timeZone,
      );
  // A timing that has no such send (a repeat without valid times) ends the way here.
  if (dueAt === null) return { kind: 'finish' };
  return { kind: 'send', planActionId: actionId, occurrence, arrivedAt, dueAt };
}

/** The first step of an enrolment: box-0, at `startAt` (now, or a broadcast's time), out of the night window. */
export function firstStep(graph: PlanGraph, startAt: Date, context: StepContext): Step {
  const first = graph.first();
  if (!first) return { kind: 'finish' };
  return sendStep(undefined, first.id, startAt, context);
}

/**
 * What follows the `occurrence`-th send of a box that went out at `context.now`: the next send of
 * a repeat timing into it; else a wait for a tap when it has options; else its child through its
 * timing; else the end.
 */
export function stepAfterSend(
  graph: PlanGraph,
  sent: { planActionId: number; occurrence: number; arrivedAt: Date },
  context: StepContext,
): Step {
  const action = graph.action(sent.planActionId);
  if (!action) return { kind: 'finish' };
  const into = graph.timingInto(action.id);
  if (into?.timing_type === 'send_repeat' && sent.occurrence < into.repeat_times) {
    const next = sendStep(into, action.id, sent.arrivedAt, context, sent.occurrence + 1);
    if (next.kind === 'send') return next;
  }
  if (hasOptions(action.messageType)) return { kind: 'wait_for_tap' };
  return stepToChild(graph, graph.childOf(action.id), context);
}

function stepToChild(graph: PlanGraph, timing: GraphTiming | undefined, context: StepContext): Step {
  if (!timing || !graph.action(timing.nextPlanActionId)) return { kind: 'finish' };
  return sendStep(timing, timing.nextPlanActionId, context.now, context);
}

/** The option of the box's message whose action has this item id (what a postback names), if any. */
export function tappedOption(action: GraphAction, actionItemId: number): { childBoxId: string | null } | null {
  const option = optionsOf(action.message).find((candidate) => candidate.action.id === actionItemId);
  return option ? { childBoxId: option.action.box_id ?? null } : null;
}

/** What a tap at `context.now` on an option of the box leads to: its child box through the timing into it, or the end. */
export function stepAfterTap(graph: PlanGraph, childBoxId: string | null, context: StepContext): Step {
  const child = childBoxId === null ? undefined : graph.byBox(childBoxId);
  if (!child) return { kind: 'finish' };
  const timing = graph.timingInto(child.id);
  return sendStep(timing, child.id, context.now, context);
}

/** A waiting send recomputed after its timing changed: from the same arrival, never before now (dueTime's rule). */
export function rescheduledDue(
  timing: GraphTiming,
  waiting: { arrivedAt: Date; occurrence: number },
  context: StepContext,
): Date | null {
  return dueTime(timing, {
    from: waiting.arrivedAt,
    timeZone: context.timeZone,
    now: context.now,
    nightWindow: context.nightWindow,
    occurrence: waiting.occurrence,
  });
}

/** Whether the box has anything to send (a box left empty passes on without a message). */
export function sendsMessage(action: GraphAction): boolean {
  return !isEmptyMessage(action.message);
}
