import { notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/oems': notTenant('public branding by host name'),
  }),
};
