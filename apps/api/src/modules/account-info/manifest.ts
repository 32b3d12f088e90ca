import type { ModuleManifest } from '../../platform/module.ts';
import { accountInfoRoutes } from './routes.ts';

/**
 * Company info (account area): the owner edits the company's name, address, contacts, invoice
 * registration number and the account's time zone, seeing first what a new time zone moves.
 */
export const manifest: ModuleManifest = {
  name: 'account-info',
  routes: accountInfoRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
