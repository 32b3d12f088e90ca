import type { ModuleManifest } from '../../platform/module.ts';
import { BUILT_IN_LEAVES } from './repository/leaves.ts';

/**
 * Audiences: the one friend-filter language (packages/contract audience.ts), compiled to SQL here
 * only, used by plan targets, the friend list and its export. Its leaf kinds are a registry
 * (repository/registry.ts): a later feature adds its own from its folder.
 */
export const manifest: ModuleManifest = {
  name: 'audience',
  contributes: BUILT_IN_LEAVES,
};
