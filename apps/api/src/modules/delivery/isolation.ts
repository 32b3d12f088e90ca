import { inChannel, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    'POST /api/service/deliveries/retry': inChannel('/service/deliveries/retry', [200]),
  }),
};
