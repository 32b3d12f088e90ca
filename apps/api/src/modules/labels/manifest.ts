import type { ModuleManifest } from '../../platform/module.ts';
import { marksEffect, removeMarksEffect, removeTagsEffect, tagAddedTrigger, tagsEffect } from './plan-plugins.ts';

/** What tags and marks share: their repository, service and isolation probes (the routes are the tags and marks modules'). */
export const manifest: ModuleManifest = {
  name: 'labels',
  contributes: [tagAddedTrigger, tagsEffect, marksEffect, removeTagsEffect, removeMarksEffect],
  isolation: async () => (await import('./isolation.ts')).isolation,
};
