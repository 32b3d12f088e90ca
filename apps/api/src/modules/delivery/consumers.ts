import { outboxConsumer } from '../../platform/events.ts';
import { channelScope } from '../../platform/principal.ts';
import { botSuspensionChanged } from './service.ts';

/** LINE suspending the account holds its deliveries; lifting it sends them (webhooks' channel facts). */
export const deliveryConsumers = [
  outboxConsumer({
    name: 'delivery.on_bot_suspended',
    event: 'channel.bot_suspended',
    handle: (e, on, ctx) =>
      botSuspensionChanged(ctx, on, channelScope(e.lineAccountId), 'suspended', new Date(e.occurredAt)),
  }),
  outboxConsumer({
    name: 'delivery.on_bot_resumed',
    event: 'channel.bot_resumed',
    handle: (e, on, ctx) =>
      botSuspensionChanged(ctx, on, channelScope(e.lineAccountId), 'resumed', new Date(e.occurredAt)),
  }),
];
