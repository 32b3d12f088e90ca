/** Facts of the conversions module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A conversion was counted at a point; `friendId` null for an anonymous hit. */
    'conversion.reached': {
      lineAccountId: number;
      conversionId: number;
      pointId: number;
      friendId: number | null;
    };
  }
}

export {};
