/** Facts of the delivery module: a delivery (up to 500 recipients) settled, once per delivery. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** LINE accepted the delivery (also when a retry learns it had accepted an earlier attempt). */
    'message.delivered': SettledDelivery;
    /** The delivery will never be sent: LINE refused it, it ran out of attempts or waited too long. */
    'message.failed': SettledDelivery & { reason: string };
    /**
     * LINE refused an attempt of a delivery for a reason of the channel or of LINE (rate limit,
     * spent monthly quota, invalid token, LINE unavailable), whatever becomes of the delivery.
     */
    'delivery.refused': SettledDelivery & { refusal: DeliveryRefusal; at: Date };
  }
}

/** The delivery by id; subscribers read its recipients (friend_ids) and source on the deliveries row. */
export interface SettledDelivery {
  lineAccountId: number;
  deliveryId: number;
}

/** Why LINE refused an attempt: 429 rate limit, 429 spent quota (told apart by LINE's message), 401, 5xx or no answer. */
export type DeliveryRefusal = 'rate_limited' | 'quota_spent' | 'unauthorized' | 'unavailable';
