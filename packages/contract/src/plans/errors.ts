import { PLAN_SAVE_FIELD_NAMES } from './attributes.ts';

/*
 * Plan save errors (spec section 8): an object keyed by field, each with a Japanese description;
 * the editor shows the first one's description and highlights the box its key names. Keys are the
 * save format's dotted paths (plan_actions_attributes.3.message_attributes.text,
 * plan_timings_attributes.0.after_days), with the plan's own fields under plan. (plan.send_at).
 */

export type PlanErrors = Record<string, { description: string }>;
export type PlanErrorPath = readonly (string | number)[];

const PLAN_FIELDS = new Set<string>(PLAN_SAVE_FIELD_NAMES);

/** A path in the save payload as its error key. */
export function planErrorKey(path: PlanErrorPath): string {
  const [first] = path;
  const dotted = path.map(String).join('.');
  return typeof first === 'string' && PLAN_FIELDS.has(first) ? `plan.${dotted}` : dotted;
}

/** Collects errors in order, the first description per key kept (the first error is the one shown). */
export class PlanErrorList {
  readonly errors: PlanErrors = {};

  add(path: PlanErrorPath, description: string): void {
    const key = planErrorKey(path);
    if (!(key in this.errors)) this.errors[key] = { description };
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }
}

/** The index of the box (in plan_actions_attributes, which is the editor's plan_actions order) an error key names, if any. */
export function errorBoxIndex(key: string): number | null {
  const match = /^plan_actions_attributes\.(\d+)(\.|$)/.exec(key);
  return match ? Number(match[1]) : null;
}

/** The index of the timing (among those sent, i.e. not marked destroyed) an error key names, if any. */
export function errorTimingIndex(key: string): number | null {
  const match = /^plan_timings_attributes\.(\d+)(\.|$)/.exec(key);
  return match ? Number(match[1]) : null;
}
