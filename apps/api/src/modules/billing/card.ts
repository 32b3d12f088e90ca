import type { AppContext } from '../../platform/context.ts';
import { stripeProvider } from './stripe-provider.ts';

/** Stripe's provider with the secret its webhooks are signed with. */
export type ConfiguredCardProvider = ReturnType<typeof stripeProvider> & { webhookSecret: string | null };

const providers = new WeakMap<AppContext, Promise<ConfiguredCardProvider | null>>();

async function create(ctx: AppContext): Promise<ConfiguredCardProvider | null> {
  const { config } = ctx;
  if (!config.STRIPE_SECRET_KEY) return null;
  const provider = stripeProvider({
    secretKey: config.STRIPE_SECRET_KEY,
    publishableKey: config.STRIPE_PUBLISHABLE_KEY ?? null,
    ...(config.STRIPE_API_HOST ? { host: config.STRIPE_API_HOST } : {}),
    ...(config.STRIPE_API_PORT ? { port: config.STRIPE_API_PORT } : {}),
    ...(config.STRIPE_API_PROTOCOL ? { protocol: config.STRIPE_API_PROTOCOL } : {}),
  });
  return Object.assign(provider, { webhookSecret: config.STRIPE_WEBHOOK_SECRET ?? null });
}

/** The process's card payment provider (Stripe, or its local stand-in); null when none is configured. */
export function cardProvider(ctx: AppContext): Promise<ConfiguredCardProvider | null> {
  let provider = providers.get(ctx);
  if (!provider) {
    provider = create(ctx);
    providers.set(ctx, provider);
  }
  return provider;
}
