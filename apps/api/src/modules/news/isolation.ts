import type { Tenant } from '../../test/factory.ts';
import { NOT_FOUND, oemAdminRoute, probes, type IsolationModule } from '../../test/isolation.ts';
import { news } from './schema.ts';

const newsBody = () => ({
  title: 'probe',
  body: 'probe',
  audience: 'all',
  publish_at: '2026-01-01T00:00:00+09:00',
});

/** Per tenant's OEM: a published notice addressed to the tenant's agency (made below). */
const newsFixtures = new Map<number, number>();
const newsOf = (tenant: Tenant) => newsFixtures.get(tenant.agency.oemId)!;
/** Naming B's OEM: an OEM admin acting on another OEM. */
const inOemOf = (b: Tenant) => `oem_id=${b.agency.oemId}`;

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const [row] = await t.runtime.ctx.database.db
        .insert(news)
        .values({
          oemId: tenant.agency.oemId,
          title: 'isolation',
          body: 'isolation',
          audience: 'agency',
          audienceAgencyId: tenant.agency.id,
          publishAt: new Date('2026-01-01T00:00:00Z'),
        })
        .returning({ id: news.id });
      newsFixtures.set(tenant.agency.oemId, row!.id);
    }
  },
  routes: () => ({
    'GET /api/admin/news': oemAdminRoute(() => '/admin/news', { answers: [200], absentIds: (b) => [newsOf(b)] }),
    'GET /api/admin/news/:id': oemAdminRoute((b) => `/admin/news/${newsOf(b)}`),
    'POST /api/admin/news': oemAdminRoute((b) => `/admin/news?${inOemOf(b)}`, { body: newsBody }),
    'PUT /api/admin/news/:id': oemAdminRoute((b) => `/admin/news/${newsOf(b)}`, { body: newsBody }),
    'DELETE /api/admin/news/:id': oemAdminRoute((b) => `/admin/news/${newsOf(b)}`),
    'GET /api/service/news': probes((a, b) => [
      { path: '/service/news', token: a.tokens.staff, answers: [200], absentIds: [newsOf(b)] },
    ]),
    'POST /api/service/news/:id/read': probes((a, b) => [
      { path: `/service/news/${newsOf(b)}/read`, token: a.tokens.staff, answers: NOT_FOUND },
    ]),
    'GET /api/agency/news': probes((a, b) => [
      { path: '/agency/news', token: a.tokens.agency, answers: [200], absentIds: [newsOf(b)] },
    ]),
    'POST /api/agency/news/:id/read': probes((a, b) => [
      { path: `/agency/news/${newsOf(b)}/read`, token: a.tokens.agency, answers: NOT_FOUND },
    ]),
  }),
};
