/** Facts of the labels module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** Friends newly got a tag (from staff or a plan); only those who did not have it already. */
    'tag.added': { lineAccountId: number; tagId: number; friendIds: number[] };
  }
}

export {};
