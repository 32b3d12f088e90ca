import { inChannel, type IsolationModule } from '../../test/isolation.ts';

/** Every figure is of the channel in the header: another channel's header answers 403. */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/service/dashboard': inChannel('/service/dashboard', [200]),
    'GET /api/service/dashboard/quota': inChannel('/service/dashboard/quota', [200]),
  }),
};
