import { notTenant, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'POST /api/service/users/hide_tutorial': notTenant('changes the caller’s own tutorial setting only'),
  }),
};
