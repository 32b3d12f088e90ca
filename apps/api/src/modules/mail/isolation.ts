import { platformOnly, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/admin/demo_outbox': platformOnly((b) => `/admin/demo_outbox?to=${encodeURIComponent(b.owner.email)}`),
  }),
};
