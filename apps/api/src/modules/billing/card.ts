import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { startStripeSimulator, type StripeSimulator } from '@linq/stripe-simulator';
import type { AppContext } from '../../platform/context.ts';
import { stripeProvider } from './stripe-provider.ts';

/** Stripe's provider with the secret its webhooks are signed with. */
export type ConfiguredCardProvider = ReturnType<typeof stripeProvider> & { webhookSecret: string | null };

interface Running {
  provider: ConfiguredCardProvider | null;
  /** The stand-in this process started (demo), if any. */
  simulator: StripeSimulator | null;
}

const running = new WeakMap<AppContext, Promise<Running>>();

/** The demo's keys for the embedded stand-in (it accepts only this secret key). */
const EMBEDDED_SECRET_KEY = 'sk_test_linq_embedded';
const EMBEDDED_PUBLISHABLE_KEY = 'pk_test_linq_embedded';
/** The embedded stand-in renews subscriptions and retries payments on its own, this often. */
const EMBEDDED_TICK_MS = 60_000;

async function start(ctx: AppContext): Promise<Running> {
  const { config } = ctx;
  if (config.STRIPE_SECRET_KEY) {
    const provider = stripeProvider({
      secretKey: config.STRIPE_SECRET_KEY,
      publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
      ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
      ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
      ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
    });
    return {
      provider: Object.assign(provider, { webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null }),
      simulator: null,
    };
  }
  if (!config.embeddedStripeSimulator) return { provider: null, simulator: null };
  const simulator = await startStripeSimulator({ secretKey: EMBEDDED_SECRET_KEY, tickMs: EMBEDDED_TICK_MS });
  const provider = stripeProvider({
    secretKey: EMBEDDED_SECRET_KEY,
    publishableKey: EMBEDDED_PUBLISHABLE_KEY,
    ...simulator.sdkOptions,
  });
  return { provider: Object.assign(provider, { webhookSecret: randomBytes(24).toString('hex') }), simulator };
}

function runningOf(ctx: AppContext): Promise<Running> {
  let found = running.get(ctx);
  if (!found) {
    found = start(ctx);
    running.set(ctx, found);
  }
  return found;
}

/** The process's card payment provider (Stripe, or its local stand-in); null when none is configured. */
export async function cardProvider(ctx: AppContext): Promise<ConfiguredCardProvider | null> {
  return (await runningOf(ctx)).provider;
}

/**
 * With the embedded stand-in (demo): once the server listens, the stand-in posts its signed webhooks to
 * this server's /webhooks/stripe; it stops with the server.
 */
export function attachEmbeddedSimulator(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.STRIPE_SECRET_KEY || !ctx.config.embeddedStripeSimulator) return;
  app.addHook('onListen', async () => {
    const { provider, simulator } = await runningOf(ctx);
    if (!simulator || !provider?.webhookSecret) return;
    const address = app.server.address();
    if (!address || typeof address === 'string') return;
    // The stand-in runs on this machine: it posts to this server directly, whatever its public URL.
    simulator.addWebhookEndpoint({
      url: `http://127.0.0.1:${address.port}/webhooks/stripe`,
      secret: provider.webhookSecret,
    });
  });
  app.addHook('onClose', async () => {
    await (await runningOf(ctx)).simulator?.stop();
  });
}
