/** Facts of the forms module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A form was answered (a first answer, not an edit): by a friend through their signed link, or
     * anonymously (friendId null). Published in the answer's transaction, through the outbox for
     * whatever consumes it later; the plan engine's form_answered trigger starts scenarios from it.
     */
    'form.answered': { lineAccountId: number; formId: number; answerId: number; friendId: number | null };
  }
}

export {};
