import type { InflowAttributionKind } from '@linq/contract';

/** Facts of the inflows module. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /**
     * A friend was attributed to a route (once per visit: LINE Login's callback and the follow
     * webhook both seen), with the route's actions already applied in the same transaction.
     */
    'inflow.attributed': {
      lineAccountId: number;
      friendId: number;
      routeId: number;
      attributionId: number;
      kind: InflowAttributionKind;
    };
  }
}

export {};
