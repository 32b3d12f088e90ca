import { inChannel, type IsolationModule } from '../../test/isolation.ts';

/** The figures are of the channel in the header: another channel's header answers 403. */
export const isolation: IsolationModule = {
  routes: () => ({
    'GET /api/service/dashboard/line_figures': inChannel('/service/dashboard/line_figures', [200]),
  }),
};
