import type { ModuleManifest } from '../../platform/module.ts';
import { newsRoutes } from './routes.ts';

/** News (お知らせ): notices admins publish to their OEM's accounts and agencies, with per-user read marks. */
export const manifest: ModuleManifest = {
  name: 'news',
  routes: newsRoutes,
  isolation: async () => (await import('./isolation.ts')).isolation,
};
