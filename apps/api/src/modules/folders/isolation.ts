import type { Tenant } from '../../test/factory.ts';
import { platformOnly, NOT_FOUND, probes, type Entry, type IsolationModule } from '../../test/isolation.ts';
import { folders } from './schema.ts';

/** One tags folder in each tenant's first channel (created below). */
const folderOf = new Map<number, number>();
export const folderIn = (tenant: Tenant) => folderOf.get(tenant.channels[0]!.id)!;
/**
 * A's staff with A's channel in the header asking for B's folder: 404 (`own` for routes without
 * an id); with B's channel in the header: 403.
 */
const channelFolder = (withId: boolean, own: number[], body?: unknown): Entry =>
  probes((a, b) => {
    const extra = body ? { body } : {};
    const path = withId ? `/service/folders/${folderIn(b)}` : '/service/folders';
    const query = withId ? {} : { query: { folder_type: 'tags' } };
    return [
      {
        path,
        token: a.tokens.staff,
        lineAccountId: a.channels[0]!.id,
        answers: withId ? NOT_FOUND : own,
        ...(withId || body ? {} : { absentIds: [folderIn(b)] }),
        ...query,
        ...extra,
      },
      { path, token: a.tokens.staff, lineAccountId: b.channels[0]!.id, answers: [403], ...query, ...extra },
      ...(withId
        ? [
            {
              path: `/service/folders/${folderIn(a)}`,
              token: a.tokens.staff,
              lineAccountId: b.channels[0]!.id,
              answers: [403],
              ...extra,
            },
          ]
        : []),
    ];
  });
const folderBody = { name: 'probe-folder', sort_index: 0 };

export const isolation: IsolationModule = {
  async setup(t, tenants) {
    for (const tenant of tenants) {
      const [row] = await t.runtime.ctx.database.db
        .insert(folders)
        .values({ scope: 'service', lineAccountId: tenant.channels[0]!.id, folderType: 'tags', name: 'isolation' })
        .returning();
      folderOf.set(tenant.channels[0]!.id, row!.id);
    }
  },
  routes: () => ({
    'GET /api/service/folders': channelFolder(false, [200]),
    'POST /api/service/folders': channelFolder(false, [201], { ...folderBody, folder_type: 'tags' }),
    'PUT /api/service/folders/:id': channelFolder(true, NOT_FOUND, folderBody),
    'DELETE /api/service/folders/:id': channelFolder(true, NOT_FOUND),
    'GET /api/admin/folders': platformOnly(() => '/admin/folders?folder_type=templates'),
    'POST /api/admin/folders': platformOnly(
      () => '/admin/folders',
      () => ({ ...folderBody, folder_type: 'templates' }),
    ),
    'PUT /api/admin/folders/:id': platformOnly(
      (b) => `/admin/folders/${folderIn(b)}`,
      () => folderBody,
    ),
    'DELETE /api/admin/folders/:id': platformOnly((b) => `/admin/folders/${folderIn(b)}`),
  }),
};
