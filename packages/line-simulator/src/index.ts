/**
 * A local stand-in for the LINE Messaging API platform: a real HTTP server the console talks to
 * through `@line/bot-sdk`, with virtual friends that send signed webhooks. See README.md.
 */
import { Simulator } from './simulator.ts';
import type { LineSimulator, SimulatorOptions } from './types.ts';

export type {
  ChannelInit,
  ConversationEntry,
  EndpointName,
  Fault,
  FaultMode,
  FriendInit,
  FriendMessage,
  FriendProfile,
  InsightEndpoint,
  InsightSettings,
  LineSimulator,
  LoginChannel,
  QuotaState,
  RichMenuEndpoint,
  RichMenuSettings,
  RichMenuTap,
  SendEndpoint,
  SentMessage,
  SimChannel,
  SimFaults,
  SimFriend,
  SimulatorOptions,
  WebhookDelivery,
  WebhookEvent,
  WebhookMessageContent,
  WebhookSource,
} from './types.ts';
export { ENDPOINT_NAMES, FAULT_MODES, INSIGHT_ENDPOINT_NAMES, RICH_MENU_ENDPOINT_NAMES } from './types.ts';
export { DEFAULT_INSIGHT_PATH, DEFAULT_MESSAGING_API_PATH, DEFAULT_WEBHOOK_PATH } from './openapi.ts';
export { signBody } from './webhooks.ts';
export { makePng } from './png.ts';
export { simulatedLoginChannel } from './model.ts';

/** Starts a simulator on 127.0.0.1 (random port unless `port` is given). */
export async function startLineSimulator(options: SimulatorOptions = {}): Promise<LineSimulator> {
  const sim = new Simulator(options);
  await sim.start();
  return sim;
}
