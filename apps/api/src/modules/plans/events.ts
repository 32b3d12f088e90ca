/** Facts of the plans module: changes to a plan that friends waiting in it must follow (safe live editing). */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A save is about to remove boxes of the plan (published before they are deleted, in the save's
     * transaction): enrolments waiting at them end, with the reason.
     */
    'plan.boxes_removing': PlanChange & { planActionIds: number[] };
    /** A save changed the timings into these boxes (or made new ones): sends waiting on them are rescheduled. */
    'plan.timings_changed': PlanChange & { planActionIds: number[] };
    /** The plan was activated again; sends that fell due while it was paused are sent or skipped. */
    'plan.resumed': PlanChange & { missedSends: 'send' | 'skip' };
  }
}

export interface PlanChange {
  lineAccountId: number;
  planId: number;
  /** Who changed it (null: the system). */
  userId: number | null;
}

export {};
