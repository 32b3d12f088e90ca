import type { RouteHandle } from './app/route-handle.ts';

export interface ShellRoute extends RouteHandle {
  path: string;
}

/**
 * Routes whose screens come with later issues. Each renders inside its area (taken from the path)
 * with its page title and a "not available yet" state. Remove an entry when its screen is built.
 */
export const SHELL_ROUTES: readonly ShellRoute[] = [
  { path: '/account/payment', title: 'payment' },
  { path: '/account/payment_plan', title: 'paymentPlan' },

  { path: '/agency/send', title: 'send' },
];
