/** Facts of the plan engine. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A trigger matched more friends than one transaction should enrol one by one (a tag put on
     * 50,000 friends): the plan engine's consumer enrols them in bulk, through the outbox, after the
     * triggering transaction committed.
     */
    'plan.enrolment_requested': {
      lineAccountId: number;
      planId: number;
      friendIds: number[];
      trigger: string;
    };
  }
}

export {};
