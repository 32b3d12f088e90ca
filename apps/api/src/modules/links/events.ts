/** Facts of the links module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A friend opened a tracked link; `first` is true for exactly one opening of each link. */
    'link.opened': {
      lineAccountId: number;
      friendId: number;
      /** The uri action or tap area sent (message_template_actions.id; the row may be gone since). */
      actionItemId: number;
      first: boolean;
    };
  }
}

export {};
