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
  { path: '/account/takeovers', title: 'takeovers' },

  { path: '/agency', title: 'agencyHome' },
  { path: '/agency/dashboard', title: 'dashboard' },
  { path: '/agency/send', title: 'send' },
  { path: '/agency/accounts', title: 'accounts' },
  { path: '/agency/accounts/create', title: 'accountCreate' },
  { path: '/agency/accounts/:id', title: 'accountDetail' },
  { path: '/agency/accounts/:id/edit', title: 'accountEdit' },
  { path: '/agency/contracts', title: 'contracts' },
  { path: '/agency/contracts/create', title: 'contractCreate' },
  { path: '/agency/contracts/:id', title: 'contractDetail' },
  { path: '/agency/contracts/:id/edit', title: 'contractEdit' },
  { path: '/agency/users', title: 'agencyUsers' },
  { path: '/agency/users/:id', title: 'agencyUserDetail' },
  { path: '/agency/users/:id/edit', title: 'agencyUserEdit' },
];
