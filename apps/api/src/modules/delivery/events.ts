/** Facts of the delivery module: a delivery (up to 500 recipients) settled, once per delivery. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** LINE accepted the delivery (also when a retry learns it had accepted an earlier attempt). */
    'message.delivered': SettledDelivery;
    /** The delivery will never be sent: LINE refused it, it ran out of attempts or waited too long. */
    'message.failed': SettledDelivery & { reason: string };
  }
}

/** The delivery by id; subscribers read its recipients (friend_ids) and source on the deliveries row. */
export interface SettledDelivery {
  lineAccountId: number;
  deliveryId: number;
}
