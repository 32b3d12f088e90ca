/** The mail module's job: deliver one mail of the outbox. */
declare module '../../platform/queue.ts' {
  interface JobPayloads {
    'mail.send': { outboxId: number };
  }
}

export {};
