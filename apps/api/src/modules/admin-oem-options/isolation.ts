import { oemAdminRoute, type IsolationModule } from '../../test/isolation.ts';

export const isolation: IsolationModule = {
  routes: () => ({
    // A's OEM admin lists their own OEM only, never B's.
    'GET /api/admin/oem_options': oemAdminRoute(() => '/admin/oem_options', {
      answers: [200],
      absentIds: (b) => [b.agency.oemId],
    }),
  }),
};
