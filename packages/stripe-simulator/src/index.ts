/**
 * A local stand-in for Stripe: a real HTTP server the `stripe` SDK talks to (its `host`, `port`
 * and `protocol` options), with hosted checkout and portal pages and signed webhooks. See README.md.
 */
import { StripeSimulator, type StripeSimulatorOptions } from './simulator.ts';

export type { StripeSimulator, StripeSimulatorOptions } from './simulator.ts';
export type { CardInput, ChargeFailureRule, StripeObject } from './billing.ts';
export type { WebhookDelivery, WebhookEndpoint, WebhookEndpointInit } from './webhooks.ts';
export { API_VERSION } from './billing.ts';
export { TEST_CARDS } from './cards.ts';
export { signPayload } from './webhooks.ts';
export { parseForm } from './form.ts';

/** Starts a simulator on 127.0.0.1 (a random port unless `port` is given). */
export async function startStripeSimulator(options: StripeSimulatorOptions = {}): Promise<StripeSimulator> {
  const sim = new StripeSimulator(options);
  await sim.start();
  return sim;
}
