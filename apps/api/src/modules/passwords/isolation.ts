import { notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'POST /api/service/password/forgot': notTenant('answers the same for every e-mail'),
    'POST /api/service/password/reset': notTenant('acts on the token’s own user'),
    'POST /api/agency/password/forgot': notTenant('answers the same for every e-mail'),
    'POST /api/agency/password/reset': notTenant('acts on the token’s own user'),
    'POST /api/account/password/reset': notTenant('acts on the token’s own user'),
    'POST /api/admin/password/reset': notTenant('acts on the token’s own user'),
    'PUT /api/agency/password': notTenant('changes the caller’s own password'),
  }),
};
