import type { ModuleManifest } from '../../platform/module.ts';
import { ROUTE_GUARDS } from '../../platform/http.ts';
import { contribution } from '../../platform/registry.ts';
import { readOnlyGuard } from './guard.ts';
import { registerBillingJobs } from './jobs.ts';
import { billingRoutes, billingWebhookRoutes } from './routes.ts';

/**
 * Billing (account area): the plan the account pays for (upgrade now, downgrade at the period end,
 * locked by a live agency contract), how it pays (invoice by bank transfer, or card through Stripe),
 * the monthly periods and invoices (qualified invoice PDFs), Stripe's signed webhooks, and the
 * standing: a failed payment's grace period, then read-only until paid.
 */
export const manifest: ModuleManifest = {
  name: 'billing',
  routes: billingRoutes,
  rootRoutes: billingWebhookRoutes,
  work: registerBillingJobs,
  contributes: [contribution(ROUTE_GUARDS, readOnlyGuard)],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
