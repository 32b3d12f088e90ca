import type { ModuleManifest } from '../../platform/module.ts';
import { formAnsweredTrigger, formLinksContributor, formsInflowFacet, formTalkSource } from './plugins.ts';
import { formRoutes } from './routes.ts';

/** Answer forms: the builder's forms, the public /form page's answers and their actions, answers for staff. */
export const manifest: ModuleManifest = {
  name: 'forms',
  routes: formRoutes,
  contributes: [formAnsweredTrigger, formTalkSource, formLinksContributor, formsInflowFacet],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
