import { notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/public/postal_codes/:code': notTenant('Japan Post’s public postal codes, the same for every caller'),
  }),
};
