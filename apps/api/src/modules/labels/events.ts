/** Facts of the labels module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** Friends newly got a tag (from staff or a plan); only those who did not have it already. */
    'tag.added': { lineAccountId: number; tagId: number; friendIds: number[] };
    /** Friends newly got a mark (from staff, a plan or a tap); only those who did not have it already. */
    'mark.added': { lineAccountId: number; markId: number; friendIds: number[] };
    /**
     * Friends lost a tag or mark: taken off them (friend detail, bulk, a tap) or the label deleted.
     * Only friends who carried it.
     */
    'label.removed': { lineAccountId: number; kind: 'tags' | 'marks'; labelId: number; friendIds: number[] };
  }
}

export {};
