/** Facts of the talks module, published when a friend's message or tap is stored in the talk. */
declare module '../../platform/events.ts' {
  interface DomainEvents {
    /** A friend sent a message (text, image, sticker, …), stored once per webhook event. */
    'message.received': IncomingMessage & { messageType: string };
    /** A friend tapped a postback action, stored once per webhook event. */
    'postback.tapped': IncomingMessage & {
      /** The postback's data as LINE sent it. */
      data: string;
      /**
       * The item id our postback data names (a template action or a plan box's option: one id
       * sequence for both), else null; each module looks it up among its own.
       */
      actionItemId: number | null;
    };
  }
}

/** Realtime events of the talks module: a message stored in a talk (the talk list and the open chat follow). */
declare module '../../platform/realtime.ts' {
  interface RealtimeEvents {
    'message.created': { friendId: number; messageId: number; direction: 'incoming' | 'outgoing' };
    /**
     * The friend's talk has new entries from another source (a plan's send): the open talk reads
     * again; the talk list stays as it is (plan sends do not move it).
     */
    'talk.updated': { friendId: number };
  }
}

export interface IncomingMessage {
  lineAccountId: number;
  friendId: number;
  /** The stored talk message (messages.id). */
  messageId: number;
  /** The stored webhook event (webhook_events.id) that carried it. */
  webhookEventId: number;
}
